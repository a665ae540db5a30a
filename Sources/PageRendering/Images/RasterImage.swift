import CCairo
import Foundation
import PageKit

/// A PNG or JPEG known by its header, decoded when drawn, at the size drawn.
///
/// Files are decoded through the process-wide `RasterStore`, so every thread shares one decode
/// at the largest size drawn so far; in-memory images are decoded by the image itself. The
/// surface handed to cairo is this thread's own, over the shared pixels.
final class RasterImage {
  let source: ImageSource
  let header: RasterDecoder.Header
  private var pixels: RasterStore.Pixels?
  private var lent: OpaquePointer?

  init(source: ImageSource, header: RasterDecoder.Header) {
    self.source = source
    self.header = header
  }

  deinit {
    if let lent { cairo_surface_destroy(lent) }
  }

  /// A surface with at least `target` pixels along the stored axes (or all the file has).
  func surface(fitting target: (width: Int, height: Int)) throws -> OpaquePointer {
    if let pixels, let lent, pixels.covers(target) { return lent }
    let found: RasterStore.Pixels
    switch source {
    case .file(let path):
      found = try RasterStore.shared.pixels(path: path, fitting: target) {
        guard let data = FileManager.default.contents(atPath: path) else {
          throw RenderError.image("file not readable")
        }
        return try decode(data, fitting: target)
      }
    case .data(let data):
      found = try decode(data, fitting: target)
    }
    guard let surface = RasterStore.surface(lending: found) else { throw RenderError.image("out of memory") }
    if let lent { cairo_surface_destroy(lent) }
    pixels = found
    lent = surface
    return surface
  }

  private func decode(_ data: Data, fitting target: (width: Int, height: Int)) throws -> RasterStore.Pixels {
    let (surface, jpeg) = try RasterDecoder.decode(data, header, fitting: target)
    let isWhole =
      Int(cairo_image_surface_get_width(surface)) == header.width
      && Int(cairo_image_surface_get_height(surface)) == header.height
    return RasterStore.Pixels(surface: surface, isWhole: isWhole, jpeg: jpeg)
  }
}
