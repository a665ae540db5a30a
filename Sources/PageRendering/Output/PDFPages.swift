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

  /// Page `index` (from 0) on white at `dpi` pixels per inch.
  public func raster(page index: Int, dpi: Double) throws(RenderError) -> PageRaster {
    guard let page = poppler_document_get_page(document, Int32(index)) else {
      throw .image("\(path): page \(index + 1) cannot be read")
    }
    defer { ig_object_unref(UnsafeMutableRawPointer(page)) }
    var widthPoints = 0.0
    var heightPoints = 0.0
    poppler_page_get_size(page, &widthPoints, &heightPoints)
    let scale = dpi / 72
    let width = max(1, Int((widthPoints * scale).rounded()))
    let height = max(1, Int((heightPoints * scale).rounded()))
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
      throw .cairo("out of memory", operation: "page raster")
    }
    defer { cairo_surface_destroy(surface) }
    let context = cairo_create(surface)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_paint(context)
    cairo_scale(context, scale, scale)
    poppler_page_render(page, context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    var pixels = [UInt32](repeating: 0, count: width * height)
    pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
        (out.baseAddress! + y * width).update(from: row, count: width)
      }
    }
    return PageRaster(width: width, height: height, pixels: pixels, dpi: dpi)
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
