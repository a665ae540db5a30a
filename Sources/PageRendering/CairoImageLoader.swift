import CCairo
import Foundation
import PageKit

/// Reads PNG (cairo), JPEG (libjpeg-turbo) and SVG (librsvg) images, once per source.
///
/// Failures never throw: the image comes back with a `failure` and is drawn as a placeholder box.
public final class CairoImageLoader: ImageLoader {
  private var cache: [ImageSource: CairoImage] = [:]

  public init() {}

  public func load(_ source: ImageSource) -> any LoadedImage {
    if let cached = cache[source] { return cached }
    let image: CairoImage
    do {
      let data = try bytes(of: source)
      if case .file(let path) = source, CairoImageLoader.isRaster(data) {
        // Decoded once per process, shared by every thread (RasterStore).
        let pixels = try RasterStore.shared.pixels(path: path) { try decodeRaster(data) }
        guard let surface = RasterStore.surface(lending: pixels) else {
          throw RenderError.image("out of memory")
        }
        image = CairoImage(surface: surface, orientation: pixels.orientation, filePixels: pixels.filePixels)
      } else if CairoImageLoader.isRaster(data) {
        let (surface, orientation, jpeg) = try decodeRaster(data)
        if let jpeg { CairoImageLoader.attach(jpeg: jpeg, to: surface) }
        image = CairoImage(surface: surface, orientation: orientation)
      } else {
        image = try decodeSVG(data)
      }
    } catch RenderError.image(let message) {
      image = CairoImage(failure: message)
    } catch {
      image = CairoImage(failure: "\(error)")
    }
    cache[source] = image
    return image
  }

  private func bytes(of source: ImageSource) throws -> Data {
    switch source {
    case .data(let data): return data
    case .file(let path):
      guard FileManager.default.fileExists(atPath: path) else { throw RenderError.image("file not found") }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw RenderError.image("file not readable")
      }
      return data
    }
  }

  private static func isRaster(_ data: Data) -> Bool {
    data.starts(with: [0x89, 0x50, 0x4E, 0x47]) || data.starts(with: [0xFF, 0xD8, 0xFF])
  }

  /// A PNG or JPEG decoded into an image surface, with its EXIF orientation and, for JPEG, its bytes.
  private func decodeRaster(_ data: Data) throws -> (OpaquePointer, ExifOrientation, [UInt8]?) {
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return (try decodePNG(data), .up, nil) }
    return try decodeJPEG(data)
  }

  private func decodeSVG(_ data: Data) throws -> CairoImage {
    let head = String(decoding: data.prefix(512), as: UTF8.self)
    guard head.contains("<svg") || head.contains("<?xml") else {
      throw RenderError.image("not a PNG, JPEG or SVG image")
    }
    return try decodeSVGDocument(data)
  }

  /// Attaches the original JPEG bytes so PDF output embeds them instead of re-encoding pixels.
  private static func attach(jpeg bytes: [UInt8], to surface: OpaquePointer) {
    let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 1)
    bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    cairo_surface_set_mime_data(
      surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
      { $0?.deallocate() }, copy)
  }

  private func decodePNG(_ data: Data) throws -> OpaquePointer {
    final class Reader {
      let data: Data
      var offset = 0
      init(_ data: Data) { self.data = data }
    }
    let reader = Reader(data)
    let surface = withExtendedLifetime(reader) {
      cairo_image_surface_create_from_png_stream(
        { closure, buffer, length in
          let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
          let count = Int(length)
          guard reader.offset + count <= reader.data.count, let buffer else { return CAIRO_STATUS_READ_ERROR }
          reader.data.copyBytes(to: buffer, from: reader.offset..<(reader.offset + count))
          reader.offset += count
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())
    }
    guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      if let surface { cairo_surface_destroy(surface) }
      throw RenderError.image("corrupt PNG data")
    }
    return surface
  }

  private func decodeJPEG(_ data: Data) throws -> (OpaquePointer, ExifOrientation, [UInt8]?) {
    guard let handle = tjInitDecompress() else { throw RenderError.image("libjpeg-turbo could not start") }
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let bytes = [UInt8](data)
    guard
      tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
      width > 0, height > 0
    else { throw RenderError.image("corrupt JPEG data") }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { throw RenderError.image("JPEG too large (\(width)×\(height))") }
    cairo_surface_flush(surface)
    let stride = cairo_image_surface_get_stride(surface)
    let pixels = cairo_image_surface_get_data(surface)
    // TJPF_BGRX matches cairo's RGB24 in little-endian memory.
    let status = tjDecompress2(
      handle, bytes, UInt(bytes.count), pixels, width, stride, height, Int32(TJPF_BGRX.rawValue), 0)
    guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
      cairo_surface_destroy(surface)
      throw RenderError.image("corrupt JPEG data")
    }
    cairo_surface_mark_dirty(surface)
    return (surface, ExifOrientation(jpeg: bytes), bytes)
  }

  private func decodeSVGDocument(_ data: Data) throws -> CairoImage {
    var error: UnsafeMutablePointer<GError>?
    let handle = data.withUnsafeBytes { buffer in
      rsvg_handle_new_from_data(buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count), &error)
    }
    guard let handle else {
      let message = ig_take_error_message(error).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
      }
      throw RenderError.image("invalid SVG: \(message ?? "unknown error")")
    }
    var width: Double = 0
    var height: Double = 0
    if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 || width <= 0 || height <= 0 {
      var viewBox = RsvgRectangle()
      var hasViewBox: gboolean = 0
      rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
      width = hasViewBox != 0 ? viewBox.width : 100
      height = hasViewBox != 0 ? viewBox.height : 100
    }
    return CairoImage(svg: handle, size: CGSize(width: width, height: height))
  }
}
