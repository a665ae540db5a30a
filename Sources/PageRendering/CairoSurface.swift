import CCairo
import Foundation

/// A cairo surface to draw into with `ImageRenderer.render`: an in-memory image, or a PDF or SVG file.
public final class CairoSurface {
  let surface: OpaquePointer

  private init(checking surface: OpaquePointer?, what: String) throws {
    guard let surface else { throw RenderError.cairo("out of memory", operation: what) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RenderError.cairo(String(cString: cairo_status_to_string(status)), operation: what)
    }
    self.surface = surface
  }

  deinit { cairo_surface_destroy(surface) }

  /// A transparent ARGB image of `width` × `height` pixels.
  public static func image(width: Int, height: Int) throws -> CairoSurface {
    try CairoSurface(
      checking: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      what: "image surface \(width)×\(height)")
  }

  /// A PDF file at `path` whose first page is `size` points.
  public static func pdf(path: String, size: CGSize) throws -> CairoSurface {
    try CairoSurface(
      checking: cairo_pdf_surface_create(path, size.width, size.height), what: "PDF surface \(path)")
  }

  /// An SVG file at `path` of `size` points.
  public static func svg(path: String, size: CGSize) throws -> CairoSurface {
    try CairoSurface(
      checking: cairo_svg_surface_create(path, size.width, size.height), what: "SVG surface \(path)")
  }

  /// A context that draws on this surface.
  public func makeContext() throws -> CairoContext {
    try CairoContext(surface: surface)
  }

  /// Finishes the surface: a PDF or SVG file is complete after this.
  public func finish() throws {
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError.cairo(
        String(cString: cairo_status_to_string(status)), operation: "finishing a surface")
    }
  }

  /// The PNG encoding of an image surface.
  public func pngData() throws -> Data {
    cairo_surface_flush(surface)
    return try PNGEncoder.encode(surface)
  }

  /// The pixels of an image surface.
  public func pixelBuffer() -> PixelBuffer {
    cairo_surface_flush(surface)
    return PixelBuffer(surface: surface)
  }
}
