import CCairo
import Foundation

/// A cairo drawing context (`cairo_t`) for a PDF, SVG or image surface; released when dropped.
public final class CairoContext {
  let cr: OpaquePointer

  /// A context drawing on `surface`; throws if cairo reports an error for it.
  init(surface: OpaquePointer) throws {
    guard let cr = cairo_create(surface) else {
      throw RenderError.cairo("out of memory", operation: "cairo_create")
    }
    let status = cairo_status(cr)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_destroy(cr)
      throw RenderError.cairo(String(cString: cairo_status_to_string(status)), operation: "cairo_create")
    }
    self.cr = cr
    // Glyphs at the unhinted positions text was measured with, at every scale.
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_set_font_options(cr, options)
    cairo_font_options_destroy(options)
  }

  deinit { cairo_destroy(cr) }

  /// Scales everything drawn after this by `factor` (pixels per point).
  public func scale(by factor: Double) {
    cairo_scale(cr, factor, factor)
  }

  /// Throws if cairo reported an error while drawing.
  public func checkStatus(_ operation: String) throws {
    let status = cairo_status(cr)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError.cairo(String(cString: cairo_status_to_string(status)), operation: operation)
    }
  }
}
