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
  /// Smaller copies of a raster image made for the sizes it was drawn at, by pixel width.
  private var reduced: [Int: OpaquePointer] = [:]

  /// The pixels of the file, when the surface holds a scaled-down copy of it.
  private let filePixels: CGSize?

  public var pixelSize: CGSize? {
    guard case .raster(let surface, _) = content else { return nil }
    if let filePixels { return filePixels }
    return CGSize(
      width: CGFloat(cairo_image_surface_get_width(surface)),
      height: CGFloat(cairo_image_surface_get_height(surface)))
  }

  /// An image drawn from `surface`; `filePixels` is the file's size when the surface holds a smaller copy.
  init(surface: OpaquePointer, orientation: ExifOrientation = .up, filePixels: CGSize? = nil) {
    content = .raster(surface, orientation)
    self.filePixels = filePixels
    let width = filePixels?.width ?? CGFloat(cairo_image_surface_get_width(surface))
    let height = filePixels?.height ?? CGFloat(cairo_image_surface_get_height(surface))
    size = orientation.swapsAxes ? CGSize(width: height, height: width) : CGSize(width: width, height: height)
    failure = nil
  }

  init(svg: UnsafeMutablePointer<RsvgHandle>, size: CGSize) {
    content = .svg(svg)
    self.size = size
    filePixels = nil
    failure = nil
  }

  init(failure: String) {
    content = .failed
    size = CGSize(width: 64, height: 64)
    filePixels = nil
    self.failure = failure
  }

  deinit {
    for copy in reduced.values { cairo_surface_destroy(copy) }
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
      // Painting clipped to the image's rectangle: cairo 1.16 fails a tagged PDF ("invalid tag
      // name, attributes, or nesting") when an unclipped paint is a page's first drawing.
      cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
      cairo_clip(cr)
      let source = drawable(surface, orientation: orientation, in: cr, rect: rect)
      cairo_translate(cr, rect.minX, rect.minY)
      cairo_scale(cr, rect.width / size.width, rect.height / size.height)
      orientation.apply(to: cr, width: size.width, height: size.height)
      // User space is now the file's pixels; the surface drawn may be a smaller copy of them.
      let file = pixelSize ?? CGSize(width: 1, height: 1)
      cairo_scale(
        cr, file.width / CGFloat(cairo_image_surface_get_width(source)),
        file.height / CGFloat(cairo_image_surface_get_height(source)))
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

  /// `surface`, or a copy scaled down to what `rect` needs on the target when the image has far more pixels.
  ///
  /// Raster targets need one pixel per device pixel; vector targets (PDF, SVG) get 300 per inch
  /// (`PrintResolution`). A 12000×12000 logo drawn 2 cm wide is thus embedded at a few hundred
  /// pixels, made once per image and size, instead of compressing 576 MB into every PDF.
  private func drawable(
    _ surface: OpaquePointer, orientation: ExifOrientation, in cr: OpaquePointer, rect: CGRect
  ) -> OpaquePointer {
    var width = Double(rect.width)
    var height = Double(rect.height)
    cairo_user_to_device_distance(cr, &width, &height)
    let target = cairo_get_target(cr)
    let vector = [
      CAIRO_SURFACE_TYPE_PDF, CAIRO_SURFACE_TYPE_SVG, CAIRO_SURFACE_TYPE_PS, CAIRO_SURFACE_TYPE_RECORDING,
    ]
    .contains(cairo_surface_get_type(target))
    let perPixel = vector ? PrintResolution.pixelsPerPoint : 1
    let pixels = CGSize(
      width: CGFloat(cairo_image_surface_get_width(surface)),
      height: CGFloat(cairo_image_surface_get_height(surface)))
    // Device pixels needed per image pixel along each of the image's axes (EXIF orientation may swap them).
    let across = orientation.swapsAxes ? abs(height) : abs(width)
    let down = orientation.swapsAxes ? abs(width) : abs(height)
    let factor = max(across * perPixel / pixels.width, down * perPixel / pixels.height)
    guard factor > 0, factor < 0.5 else { return surface }
    let newWidth = max(1, Int((pixels.width * factor).rounded(.up)))
    if let copy = reduced[newWidth] { return copy }
    let newHeight = max(1, Int((pixels.height * factor).rounded(.up)))
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
