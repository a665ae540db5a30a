import CCairo
import Foundation
import PageKit

/// Writes a multi-page vector PDF page by page, streamed: each page is drawn and released when it ends.
///
/// The file appears at its path only when `close()` succeeds: until then it is a hidden temporary
/// file in the same folder. A document that drew links goes through `PDFRewrite` before the rename.
public final class PDFWriter {
  /// The final path of the PDF.
  public let path: String
  private let file: AtomicFile
  private let surface: OpaquePointer
  /// The context pages are drawn into.
  public let context: CairoContext
  private let renderer = FrameRenderer()
  private var pageOpen = false
  /// The number of pages ended so far.
  public private(set) var pageCount = 0

  /// Starts a PDF at `path` with `metadata`; the folder must exist.
  public init(path: String, metadata: PDFMetadata) throws {
    self.path = path
    file = AtomicFile(path: path)
    guard let surface = cairo_pdf_surface_create(file.temporaryPath, 595, 842) else {
      throw RenderError.output(path: path, reason: "cairo could not create the PDF surface")
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RenderError.output(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
    self.surface = surface
    metadata.apply(to: surface)
    context = try CairoContext(surface: surface)
  }

  deinit {
    cairo_surface_finish(surface)
    cairo_surface_destroy(surface)
  }

  /// Starts a page of `size` points.
  public func beginPage(size: CGSize) {
    if pageOpen { endPage() }
    cairo_pdf_surface_set_size(surface, size.width, size.height)
    pageOpen = true
  }

  /// Draws `frame` on the current page.
  public func draw(_ frame: Frame) {
    renderer.draw(frame, cr: context.cr)
  }

  /// Ends the current page.
  public func endPage() {
    guard pageOpen else { return }
    cairo_show_page(context.cr)
    pageOpen = false
    pageCount += 1
  }

  /// Adds a bookmark under `parent` (0 for the top level) pointing at `target` ("page=3 pos=[x y]"); returns its id.
  @discardableResult
  public func addOutline(parent: Int32, title: String, target: String) -> Int32 {
    cairo_pdf_surface_add_outline(surface, parent, title, target, CAIRO_PDF_OUTLINE_FLAG_OPEN)
  }

  /// Lays out `view` at `size` and draws it as one page; returns the layout's warnings.
  @discardableResult
  public func addPage<V: View>(
    _ view: V, size: CGSize, environment: EnvironmentValues = EnvironmentValues(),
    resources: RenderResources = .forCurrentThread
  ) -> [LayoutWarning] {
    let layoutContext = resources.makeLayoutContext()
    let node = ViewResolver.node(of: view, in: environment)
    let frame = node.place(in: CGRect(origin: .zero, size: size), context: layoutContext)
    beginPage(size: size)
    draw(frame)
    endPage()
    return layoutContext.warnings
  }

  /// Abandons the PDF: the temporary file is removed and nothing appears at `path`.
  public func discard() {
    cairo_surface_finish(surface)
    file.discard()
  }

  /// Finishes the PDF, repairs it with libqpdf if it has links, and renames it into place.
  public func close(durable: Bool = false) throws {
    if pageOpen { endPage() }
    try context.checkStatus("drawing \(path)")
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      file.discard()
      throw RenderError.output(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
    if renderer.drewLinks {
      let repaired = AtomicFile(path: path)
      do {
        try PDFRewrite.rewrite(file.temporaryPath, to: repaired.temporaryPath)
      } catch {
        repaired.discard()
        file.discard()
        throw error
      }
      file.discard()
      try repaired.commit(durable: durable)
    } else {
      try file.commit(durable: durable)
    }
  }
}
