import CCairo
import Foundation

/// A cairo surface to draw into with `ImageRenderer.render`: an in-memory image, or a PDF or SVG file.
///
/// PDF and SVG surfaces write through cairo's stream callback into an `AtomicFile`, so every byte
/// cairo produces is a checked write: a full disk fails the surface instead of leaving an empty file.
public final class CairoSurface {
  let surface: OpaquePointer
  /// The file a PDF or SVG surface writes into; kept alive as long as the surface.
  let file: AtomicFile?

  private init(checking surface: OpaquePointer?, what: String, file: AtomicFile? = nil) throws {
    self.file = file
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
    try image(width: width, height: height, format: CAIRO_FORMAT_ARGB32)
  }

  /// An image of `width` × `height` pixels in cairo's `format` (RGB24 for opaque pixels).
  static func image(width: Int, height: Int, format: cairo_format_t) throws -> CairoSurface {
    try CairoSurface(
      checking: cairo_image_surface_create(format, Int32(width), Int32(height)),
      what: "image surface \(width)×\(height)")
  }

  /// The image in the PNG file at `path`.
  public static func png(path: String) throws -> CairoSurface {
    try CairoSurface(checking: cairo_image_surface_create_from_png(path), what: "reading PNG \(path)")
  }

  /// A PDF written into `file`, whose first page is `size` points.
  public static func pdf(writingTo file: AtomicFile, size: CGSize) throws -> CairoSurface {
    try CairoSurface(
      checking: cairo_pdf_surface_create_for_stream(
        CairoSurface.writeToFile, Unmanaged.passUnretained(file).toOpaque(), size.width, size.height),
      what: "PDF surface \(file.path)", file: file)
  }

  /// An SVG written into `file`, of `size` points.
  public static func svg(writingTo file: AtomicFile, size: CGSize) throws -> CairoSurface {
    try CairoSurface(
      checking: cairo_svg_surface_create_for_stream(
        CairoSurface.writeToFile, Unmanaged.passUnretained(file).toOpaque(), size.width, size.height),
      what: "SVG surface \(file.path)", file: file)
  }

  /// Cairo's write callback: hands the bytes to the `AtomicFile` and reports a failed write to cairo.
  private static let writeToFile: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let file = Unmanaged<AtomicFile>.fromOpaque(closure).takeUnretainedValue()
    let accepted = file.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
    return accepted ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
  }

  /// A context that draws on this surface.
  public func makeContext() throws -> CairoContext {
    try CairoContext(surface: surface)
  }

  /// Finishes the surface: a PDF or SVG file has all its bytes after this (still under its temporary name).
  ///
  /// A failed write is reported with the operating system's reason and the file's final path.
  public func finish() throws {
    cairo_surface_finish(surface)
    if let file, let failure = file.writeFailure {
      file.discard()
      throw RenderError.output(path: file.path, reason: failure)
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      file?.discard()
      throw RenderError.cairo(
        String(cString: cairo_status_to_string(status)), operation: "finishing a surface")
    }
  }

  /// Finishes the surface and renames its file into place.
  public func commit(durable: Bool = false) throws {
    try finish()
    guard let file else { return }
    try file.commit(durable: durable)
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
