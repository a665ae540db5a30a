import CCairo
import Foundation

/// A cairo surface to draw into with `ImageRenderer.render`: an in-memory image, or a PDF or SVG file.
///
/// PDF and SVG surfaces write through cairo's stream callback into an `AtomicFile`, so every byte
/// cairo produces is a checked write: a full disk fails the surface instead of leaving an empty file.
public final class CairoSurface {
  let surface: OpaquePointer
  /// Where a PDF or SVG surface writes; kept alive as long as the surface.
  let sink: SinkBox?

  /// Holds a sink for cairo's callback, which gets one pointer.
  final class SinkBox {
    let sink: any ByteSink
    init(_ sink: any ByteSink) { self.sink = sink }
  }

  private init(checking surface: OpaquePointer?, what: String, sink: SinkBox? = nil) throws {
    self.sink = sink
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

  /// A PDF written into `sink`, whose first page is `size` points.
  public static func pdf(writingTo sink: any ByteSink, size: CGSize) throws -> CairoSurface {
    try streaming(to: sink, kind: "PDF") {
      cairo_pdf_surface_create_for_stream(writeToSink, $0, size.width, size.height)
    }
  }

  /// An SVG written into `sink`, of `size` points.
  public static func svg(writingTo sink: any ByteSink, size: CGSize) throws -> CairoSurface {
    try streaming(to: sink, kind: "SVG") {
      cairo_svg_surface_create_for_stream(writeToSink, $0, size.width, size.height)
    }
  }

  /// A surface `make` creates with cairo's write callback and a closure pointer that reaches `sink`.
  private static func streaming(
    to sink: any ByteSink, kind: String, make: (UnsafeMutableRawPointer) -> OpaquePointer?
  ) throws -> CairoSurface {
    let box = SinkBox(sink)
    return try CairoSurface(
      checking: make(Unmanaged.passUnretained(box).toOpaque()), what: "\(kind) surface \(name(of: sink))",
      sink: box)
  }

  private static func name(of sink: any ByteSink) -> String { sink.name }

  /// Cairo's write callback: hands the bytes to the sink and reports a failed write to cairo.
  private static let writeToSink: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let box = Unmanaged<SinkBox>.fromOpaque(closure).takeUnretainedValue()
    let accepted = box.sink.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
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
    let file = sink?.sink as? AtomicFile
    if let sink, let failure = sink.sink.writeFailure {
      file?.discard()
      throw RenderError.output(path: sink.sink.name, reason: failure)
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
    guard let file = sink?.sink as? AtomicFile else { return }
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
