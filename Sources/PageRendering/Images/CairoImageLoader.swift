import CCairo
import Foundation
import PageKit

/// Reads PNG and JPEG (`RasterDecoder`) and SVG (librsvg) images, once per source.
///
/// A raster image is checked when loaded by decoding a thumbnail of it (which also starts the
/// shared decode), and decoded at the size it is drawn when drawn. Failures never throw: the
/// image comes back with a `failure` and is drawn as a placeholder box.
public final class CairoImageLoader: ImageLoader {
  private var cache: [ImageSource: CairoImage] = [:]

  /// The longest side of the thumbnail decoded to check an image when it is loaded.
  static let checkSide = 1024

  public init() {}

  public func load(_ source: ImageSource) -> any LoadedImage {
    if let cached = cache[source] { return cached }
    let image: CairoImage
    do {
      let data = try bytes(of: source)
      if RasterDecoder.isRaster(data) {
        let raster = RasterImage(source: source, header: try RasterDecoder.header(data))
        let scale = min(
          1, Double(CairoImageLoader.checkSide) / Double(max(raster.header.width, raster.header.height)))
        _ = try raster.surface(
          fitting: (
            Int((Double(raster.header.width) * scale).rounded(.up)),
            Int((Double(raster.header.height) * scale).rounded(.up))
          ))
        image = CairoImage(raster: raster)
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

  private func decodeSVG(_ data: Data) throws -> CairoImage {
    let head = String(decoding: data.prefix(512), as: UTF8.self)
    guard head.contains("<svg") || head.contains("<?xml") else {
      throw RenderError.image("not a PNG, JPEG or SVG image")
    }
    return try decodeSVGDocument(data)
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
