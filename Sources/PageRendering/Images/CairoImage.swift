import CCairo
import Foundation
import PageKit

/// A readable image: a PNG or JPEG decoded when drawn, at the size drawn (`RasterImage`), or an SVG document, or the reason it could not be read.
public final class CairoImage: LoadedImage {
  enum Content {
    case raster(RasterImage)
    case svg(UnsafeMutablePointer<RsvgHandle>)
    case failed
  }

  let content: Content
  public let size: CGSize
  public let failure: String?
  /// Smaller copies of a raster image made for the sizes it was drawn at, by pixel width.
  private var reduced: [Int: OpaquePointer] = [:]

  public var pixelSize: CGSize? {
    guard case .raster(let raster) = content else { return nil }
    return CGSize(width: raster.header.width, height: raster.header.height)
  }

  /// A PNG or JPEG, decoded when first drawn.
  init(raster: RasterImage) {
    content = .raster(raster)
    let width = CGFloat(raster.header.width)
    let height = CGFloat(raster.header.height)
    size =
      raster.header.orientation.swapsAxes
      ? CGSize(width: height, height: width) : CGSize(width: width, height: height)
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
    for copy in reduced.values { cairo_surface_destroy(copy) }
    switch content {
    case .raster: break
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
    case .raster(let raster):
      // Painting clipped to the image's rectangle: cairo 1.16 fails a tagged PDF ("invalid tag
      // name, attributes, or nesting") when an unclipped paint is a page's first drawing.
      cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
      cairo_clip(cr)
      let needed = neededPixels(raster, in: cr, rect: rect)
      guard let decoded = try? raster.surface(fitting: needed) else {
        drawPlaceholder(in: cr, rect: rect)
        return
      }
      let source = drawable(decoded, needed: needed)
      cairo_translate(cr, rect.minX, rect.minY)
      cairo_scale(cr, rect.width / size.width, rect.height / size.height)
      raster.header.orientation.apply(to: cr, width: size.width, height: size.height)
      // User space is now the file's pixels; the surface drawn may be a smaller copy of them.
      cairo_scale(
        cr, CGFloat(raster.header.width) / CGFloat(cairo_image_surface_get_width(source)),
        CGFloat(raster.header.height) / CGFloat(cairo_image_surface_get_height(source)))
      cairo_set_source_surface(cr, source, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      cairo_paint(cr)
    case .svg(let handle):
      var viewport = RsvgRectangle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
      var error: UnsafeMutablePointer<GError>?
      if rsvg_handle_render_document(handle, cr, &viewport, &error) == 0 {
        free(ig_take_error_message(error))
      }
    case .failed:
      drawPlaceholder(in: cr, rect: rect)
    }
  }

  /// The pixels drawing `raster` into `rect` needs along its stored axes, at most `RasterStore.maxSide` long.
  ///
  /// Raster targets need one pixel per device pixel; vector targets (PDF, SVG) get 300 per inch
  /// (`PrintResolution`). A 12000×12000 logo drawn 2 cm wide thus needs a few hundred pixels.
  private func neededPixels(_ raster: RasterImage, in cr: OpaquePointer, rect: CGRect) -> (
    width: Int, height: Int
  ) {
    var width = Double(rect.width)
    var height = Double(rect.height)
    cairo_user_to_device_distance(cr, &width, &height)
    let target = cairo_get_target(cr)
    let vector = [
      CAIRO_SURFACE_TYPE_PDF, CAIRO_SURFACE_TYPE_SVG, CAIRO_SURFACE_TYPE_PS, CAIRO_SURFACE_TYPE_RECORDING,
    ]
    .contains(cairo_surface_get_type(target))
    let perPixel = Double(vector ? PrintResolution.pixelsPerPoint : 1)
    // EXIF orientation may exchange the image's axes with the page's.
    let swaps = raster.header.orientation.swapsAxes
    var across = (swaps ? abs(height) : abs(width)) * perPixel
    var down = (swaps ? abs(width) : abs(height)) * perPixel
    let longest = max(across, down)
    if longest > Double(RasterStore.maxSide) {
      across *= Double(RasterStore.maxSide) / longest
      down *= Double(RasterStore.maxSide) / longest
    }
    return (
      min(raster.header.width, Int(across.rounded(.up))), min(raster.header.height, Int(down.rounded(.up)))
    )
  }

  /// `surface`, or a copy scaled down to `needed` when the surface has more than twice the pixels needed.
  ///
  /// The copy is made once per image and size, instead of compressing every pixel into each PDF.
  private func drawable(_ surface: OpaquePointer, needed: (width: Int, height: Int)) -> OpaquePointer {
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let factor = max(Double(needed.width) / Double(width), Double(needed.height) / Double(height))
    guard factor > 0, factor < 0.5 else { return surface }
    let newWidth = max(1, Int((Double(width) * factor).rounded(.up)))
    if let copy = reduced[newWidth] { return copy }
    let newHeight = max(1, Int((Double(height) * factor).rounded(.up)))
    guard let copy = RasterStore.scaled(surface, width: newWidth, height: newHeight) else { return surface }
    reduced[newWidth] = copy
    return copy
  }

  private func drawPlaceholder(in cr: OpaquePointer, rect: CGRect) {
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
