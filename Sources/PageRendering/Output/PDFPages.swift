import CCairo
import Foundation

/// The pages of a PDF file read by poppler, each rendered to pixels on demand (for visual review).
///
/// One instance belongs to one thread, like every cairo object.
public final class PDFPages {
  private let document: OpaquePointer
  /// The file, for messages.
  public let path: String

  /// Opens the PDF at `path`; an unreadable or broken file is an error naming it.
  public init(path: String) throws(RenderError) {
    self.path = path
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    var error: UnsafeMutablePointer<GError>?
    guard let uri = g_filename_to_uri(absolute, nil, &error) else {
      throw .image("\(path): \(PDFPages.message(error))")
    }
    defer { g_free(uri) }
    guard let opened = poppler_document_new_from_file(uri, nil, &error) else {
      throw .image("\(path): not a readable PDF: \(PDFPages.message(error))")
    }
    document = opened
  }

  deinit { ig_object_unref(UnsafeMutableRawPointer(document)) }

  /// The number of pages.
  public var count: Int { Int(poppler_document_get_n_pages(document)) }

  /// The most pixels one rendered page may have (about 160 MB of pixels): a larger page is rendered
  /// at a lower resolution, so a hostile page size cannot exhaust memory.
  public static let maximumPixels = 40_000_000
  /// The widest or tallest image cairo can make, in pixels.
  public static let maximumSide = 32_000.0

  /// The size of page `index` (from 0) in points.
  public func size(page index: Int) throws(RenderError) -> (width: Double, height: Double) {
    let page = try open(index)
    defer { ig_object_unref(UnsafeMutableRawPointer(page)) }
    var width = 0.0
    var height = 0.0
    poppler_page_get_size(page, &width, &height)
    return (width, height)
  }

  /// The highest resolution up to `dpi` at which a page of `size` points stays within the pixel limits.
  public static func resolution(
    for size: (width: Double, height: Double), atMost dpi: Double
  ) -> Double {
    let width = max(size.width, 1) / 72
    let height = max(size.height, 1) / 72
    // A little under the limits, so that rounding to whole pixels stays within them.
    let byArea = (0.99 * Double(maximumPixels) / (width * height)).squareRoot()
    return min(dpi, byArea, 0.99 * maximumSide / width, 0.99 * maximumSide / height)
  }

  /// Page `index` (from 0) on white at `dpi` pixels per inch (lowered to stay within the pixel
  /// limits; the raster's `dpi` says which was used).
  public func raster(page index: Int, dpi: Double) throws(RenderError) -> PageRaster {
    let size = try size(page: index)
    let used = PDFPages.resolution(for: size, atMost: dpi)
    let area = PageBox(x: 0, y: 0, width: size.width, height: size.height)
    return try raster(page: index, area: area, dpi: used)
  }

  /// The part `area` (points from the top-left corner) of page `index` on white at `dpi`.
  public func raster(page index: Int, area: PageBox, dpi: Double) throws(RenderError) -> PageRaster {
    let scale = dpi / 72
    let width = max(1, Int((area.width * scale).rounded()))
    let height = max(1, Int((area.height * scale).rounded()))
    guard width * height <= PDFPages.maximumPixels, Double(max(width, height)) <= PDFPages.maximumSide else {
      throw .image("\(path): page \(index + 1) is too large to render (\(width) × \(height) pixels)")
    }
    let page = try open(index)
    defer { ig_object_unref(UnsafeMutableRawPointer(page)) }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else {
      throw .cairo(
        String(cString: cairo_status_to_string(cairo_surface_status(surface))), operation: "page raster")
    }
    let context = cairo_create(surface)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_paint(context)
    cairo_scale(context, scale, scale)
    cairo_translate(context, -area.x, -area.y)
    poppler_page_render(page, context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    var pixels = [UInt32](repeating: 0, count: width * height)
    pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
        (out.baseAddress! + y * width).update(from: row, count: width)
      }
    }
    return PageRaster(width: width, height: height, pixels: pixels, dpi: dpi)
  }

  /// The words of page `index` (from 0) in reading order, each with its box in points.
  public func words(page index: Int) throws(RenderError) -> [PageWord] {
    let page = try open(index)
    defer { ig_object_unref(UnsafeMutableRawPointer(page)) }
    guard let text = poppler_page_get_text(page) else { return [] }
    defer { g_free(text) }
    var rectangles: UnsafeMutablePointer<PopplerRectangle>?
    var count: guint = 0
    var boxes: [PageBox] = []
    if poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles {
      defer { g_free(rectangles) }
      boxes = (0..<Int(count)).map { index in
        let r = rectangles[index]
        return PageBox(
          x: min(r.x1, r.x2), y: min(r.y1, r.y2), width: abs(r.x2 - r.x1), height: abs(r.y2 - r.y1))
      }
    }
    return PageWord.words(text: String(cString: text), boxes: boxes)
  }

  /// Page `index` (from 0), which the caller releases.
  private func open(_ index: Int) throws(RenderError) -> OpaquePointer {
    guard index >= 0, index < count, let page = poppler_document_get_page(document, Int32(index)) else {
      throw .image("\(path): page \(index + 1) cannot be read")
    }
    return page
  }

  static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return String(cString: error.pointee.message)
  }
}

/// A page's pixels: `0x00RRGGBB` per pixel, rows top to bottom.
public struct PageRaster: Sendable {
  public let width: Int
  public let height: Int
  public let pixels: [UInt32]
  /// The resolution it was rendered at, to turn pixels back into points.
  public let dpi: Double

  public init(width: Int, height: Int, pixels: [UInt32], dpi: Double) {
    self.width = width
    self.height = height
    self.pixels = pixels
    self.dpi = dpi
  }

  /// An all-white page of the given size (a page the other document lacks).
  public static func blank(width: Int, height: Int, dpi: Double) -> PageRaster {
    PageRaster(
      width: width, height: height, pixels: Array(repeating: 0xFFFFFF, count: width * height), dpi: dpi)
  }

  /// The pixel at `x`, `y`, white outside the page.
  @inline(__always)
  public func pixel(_ x: Int, _ y: Int) -> UInt32 {
    x < width && y < height ? pixels[y * width + x] : 0xFFFFFF
  }
}
