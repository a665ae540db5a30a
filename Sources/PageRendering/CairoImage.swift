import CCairo
import Foundation
import PageKit

/// A decoded image: a cairo surface (PNG, JPEG) or an SVG document, or the reason it could not be read.
public final class CairoImage: LoadedImage {
  enum Content {
    case raster(OpaquePointer, ExifOrientation)
    case svg(UnsafeMutablePointer<RsvgHandle>)
    case failed
  }

  let content: Content
  public let size: CGSize
  public let failure: String?

  init(surface: OpaquePointer, orientation: ExifOrientation = .up) {
    content = .raster(surface, orientation)
    let width = CGFloat(cairo_image_surface_get_width(surface))
    let height = CGFloat(cairo_image_surface_get_height(surface))
    size = orientation.swapsAxes ? CGSize(width: height, height: width) : CGSize(width: width, height: height)
    failure = nil
  }

  init(svg: UnsafeMutablePointer<RsvgHandle>, size: CGSize) {
    content = .svg(svg)
    self.size = size
    failure = nil
  }

  init(failure: String) {
    content = .failed
    size = CGSize(width: 64, height: 64)
    self.failure = failure
  }

  deinit {
    switch content {
    case .raster(let surface, _): cairo_surface_destroy(surface)
    case .svg(let handle): ig_object_unref(UnsafeMutableRawPointer(handle))
    case .failed: break
    }
  }

  /// Draws the image scaled into `rect`, or a crossed grey placeholder box when it could not be read.
  func draw(in cr: OpaquePointer, rect: CGRect) {
    guard rect.width > 0, rect.height > 0 else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    switch content {
    case .raster(let surface, let orientation):
      cairo_translate(cr, rect.minX, rect.minY)
      cairo_scale(cr, rect.width / size.width, rect.height / size.height)
      orientation.apply(to: cr, width: size.width, height: size.height)
      cairo_set_source_surface(cr, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      cairo_paint(cr)
    case .svg(let handle):
      var viewport = RsvgRectangle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
      var error: UnsafeMutablePointer<GError>?
      if rsvg_handle_render_document(handle, cr, &viewport, &error) == 0 {
        free(ig_take_error_message(error))
      }
    case .failed:
      cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
      cairo_set_source_rgb(cr, 0.93, 0.93, 0.93)
      cairo_fill_preserve(cr)
      cairo_set_source_rgb(cr, 0.6, 0.6, 0.6)
      cairo_set_line_width(cr, 1)
      cairo_move_to(cr, rect.minX, rect.minY)
      cairo_line_to(cr, rect.maxX, rect.maxY)
      cairo_move_to(cr, rect.maxX, rect.minY)
      cairo_line_to(cr, rect.minX, rect.maxY)
      cairo_stroke(cr)
    }
  }
}
