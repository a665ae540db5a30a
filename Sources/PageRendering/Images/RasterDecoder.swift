import CCairo
import CRaster
import Foundation

/// Decodes PNG and JPEG images at the size they are drawn, never holding the whole file's pixels when fewer are needed.
///
/// A 12000 × 12000 logo is 576 MB of pixels and is drawn 2 cm wide. PNG rows are read one at a
/// time through libpng (in `CRaster`, since libpng reports errors by `longjmp`) and averaged in
/// blocks on the way; JPEG uses libjpeg-turbo's DCT scaling (1/2 … 1/8), which never computes the
/// skipped pixels. An image is decoded whole only when it is drawn at more than half its pixels.
enum RasterDecoder {
  /// The file formats read here.
  enum Kind {
    case png, jpeg
  }

  /// What a file's first bytes tell without decoding it.
  struct Header {
    var kind: Kind
    /// The stored pixels (before EXIF orientation).
    var width: Int
    var height: Int
    var orientation: ExifOrientation
  }

  /// The most pixels an image may have (32,768 × 32,768); larger files are refused, not decoded for minutes.
  static let maxPixels = 1 << 30
  /// Cairo's limit on each side of an image surface.
  static let maxSurfaceSide = 32767

  /// Whether `data` starts like a PNG or a JPEG.
  static func isRaster(_ data: Data) -> Bool {
    data.starts(with: [0x89, 0x50, 0x4E, 0x47]) || data.starts(with: [0xFF, 0xD8, 0xFF])
  }

  /// The kind, size and orientation of the PNG or JPEG in `data`; throws when they cannot be read or the image is too large.
  static func header(_ data: Data) throws(RenderError) -> Header {
    var header: Header
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      var width: Int32 = 0
      var height: Int32 = 0
      var interlaced: Int32 = 0
      let status = data.withUnsafeBytes { bytes in
        ig_png_header(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &width, &height, &interlaced)
      }
      guard status == 0 else { throw .image("corrupt PNG data") }
      header = Header(kind: .png, width: Int(width), height: Int(height), orientation: .up)
    } else {
      let bytes = [UInt8](data)
      guard let handle = tjInitDecompress() else { throw .image("libjpeg-turbo could not start") }
      defer { tjDestroy(handle) }
      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colorspace: Int32 = 0
      guard
        tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
          == 0,
        width > 0, height > 0
      else { throw .image("corrupt JPEG data") }
      header = Header(
        kind: .jpeg, width: Int(width), height: Int(height), orientation: ExifOrientation(jpeg: bytes))
    }
    guard header.width * header.height <= maxPixels else {
      throw .image(
        "is \(header.width)×\(header.height) pixels; images of at most 32768×32768 pixels (1,073,741,824 in all) are read"
      )
    }
    return header
  }

  /// `data` decoded to at least `target` pixels (stored axes) where the file has them, and its JPEG bytes when decoded whole.
  ///
  /// The surface is the caller's to destroy. JPEG bytes come back only when the image was decoded
  /// at its full size, so PDFs can embed the original file instead of re-encoding pixels.
  static func decode(_ data: Data, _ header: Header, fitting target: (width: Int, height: Int))
    throws(RenderError)
    -> (surface: OpaquePointer, jpeg: [UInt8]?)
  {
    let wanted = (width: max(1, target.width), height: max(1, target.height))
    var block = max(1, min(header.width / wanted.width, header.height / wanted.height))
    // Cairo cannot hold a side over 32767 pixels: a very long, thin image is reduced more along both axes.
    let longest = max(header.width, header.height)
    if longest / block > maxSurfaceSide { block = (longest + maxSurfaceSide - 1) / maxSurfaceSide }
    switch header.kind {
    case .png: return (try decodePNG(data, block: block), nil)
    case .jpeg: return try decodeJPEG(data, header, block: block, wanted: wanted)
    }
  }

  private static func decodePNG(_ data: Data, block: Int) throws(RenderError) -> OpaquePointer {
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    var opaque: Int32 = 0
    var message: UnsafeMutablePointer<CChar>?
    let status = data.withUnsafeBytes { bytes in
      ig_png_decode(
        bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, Int32(block), &pixels, &width, &height,
        &opaque, &message)
    }
    defer {
      free(pixels)
      free(message)
    }
    guard status == 0, let pixels else {
      throw .image("corrupt PNG data (\(message.map { String(cString: $0) } ?? "unknown error"))")
    }
    // An opaque image is RGB24 (same memory layout), so PDFs carry no soft mask for it.
    let format = opaque != 0 ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
    guard let surface = cairo_image_surface_create(format, width, height),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { throw .image("out of memory for \(width)×\(height) pixels") }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let target = cairo_image_surface_get_data(surface)!
    for row in 0..<Int(height) {
      memcpy(target + row * stride, pixels + row * Int(width) * 4, Int(width) * 4)
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }

  /// A JPEG decoded with the smallest DCT scaling factor that still gives `wanted` pixels (whole when `block` is 1).
  private static func decodeJPEG(
    _ data: Data, _ header: Header, block: Int, wanted: (width: Int, height: Int)
  ) throws(RenderError) -> (surface: OpaquePointer, jpeg: [UInt8]?) {
    let bytes = [UInt8](data)
    guard let handle = tjInitDecompress() else { throw .image("libjpeg-turbo could not start") }
    defer { tjDestroy(handle) }
    var width = Int32(header.width)
    var height = Int32(header.height)
    if block >= 2 {
      var count: Int32 = 0
      if let factors = tjGetScalingFactors(&count) {
        for index in 0..<Int(count) {
          let factor = factors[index]
          guard factor.num <= factor.denom else { continue }
          let scaledWidth = (Int32(header.width) * factor.num + factor.denom - 1) / factor.denom
          let scaledHeight = (Int32(header.height) * factor.num + factor.denom - 1) / factor.denom
          if scaledWidth >= wanted.width, scaledHeight >= wanted.height, scaledWidth < width {
            width = scaledWidth
            height = scaledHeight
          }
        }
      }
    }
    guard width <= maxSurfaceSide, height <= maxSurfaceSide,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else {
      throw .image("is \(header.width)×\(header.height) pixels, more than cairo can draw (32767 on a side)")
    }
    cairo_surface_flush(surface)
    let stride = cairo_image_surface_get_stride(surface)
    let pixels = cairo_image_surface_get_data(surface)
    // TJPF_BGRX matches cairo's RGB24 in little-endian memory; the width and height pick the scaling factor.
    let status = tjDecompress2(
      handle, bytes, UInt(bytes.count), pixels, width, stride, height, Int32(TJPF_BGRX.rawValue), 0)
    guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
      cairo_surface_destroy(surface)
      throw .image("corrupt JPEG data")
    }
    cairo_surface_mark_dirty(surface)
    let whole = Int(width) == header.width && Int(height) == header.height
    return (surface, whole ? bytes : nil)
  }
}
