import CCairo
import Foundation
import PageKit

/// Writes a multi-page vector PDF page by page, streamed: each page is drawn and released when it ends.
///
/// The file appears at its path only when `close()` succeeds: until then it is a hidden temporary
/// file in the same folder, and every byte cairo writes into it is checked (`AtomicFile`). A
/// document that drew links goes through `PDFRewrite` before the rename.
public final class PDFWriter {
  /// The final path of the PDF ("in memory" for `init(metadata:)`).
  public let path: String
  private let file: AtomicFile?
  private let memory: MemorySink?
  private let surface: CairoSurface
  /// The context pages are drawn into.
  public let context: CairoContext
  private let renderer = FrameRenderer()
  private var pageOpen = false
  private var closed = false
  /// The number of pages ended so far.
  public private(set) var pageCount = 0
  /// Makes the finished PDF a PDF/A-3b (with an attachment, such as a Factur-X invoice's XML) in the libqpdf pass.
  public var archive: PDFArchive?
  /// Makes the PDF tagged (a structure tree from the frames' roles, PDF/UA-1 in the libqpdf pass) when set.
  ///
  /// Set before the first page is drawn.
  public var accessibility: PDFAccessibility? {
    didSet { renderer.tagger = accessibility == nil ? nil : StructureTagger() }
  }
  /// Whether the finished file goes through `PDFRewrite`.
  private var needsRewrite: Bool { renderer.drewLinks || archive != nil || accessibility != nil }
  /// The accessibility the rewrite applies, with the figure labels the drawing collected.
  private var collectedAccessibility: PDFAccessibility? {
    guard var accessibility else { return nil }
    accessibility.figureLabels = renderer.tagger?.figureLabels ?? []
    accessibility.headerScopes = renderer.tagger?.headerScopes ?? []
    return accessibility
  }
  private let metadata: PDFMetadata

  /// The size of the surface before the first page sets its own: ISO A4 in whole points.
  static let initialSize = CGSize(width: 595, height: 842)

  /// Starts a PDF at `path` with `metadata`; the folder must exist.
  public init(path: String, metadata: PDFMetadata) throws {
    self.path = path
    let file = try AtomicFile(path: path)
    self.file = file
    memory = nil
    self.metadata = metadata
    surface = try CairoSurface.pdf(writingTo: file, size: PDFWriter.initialSize)
    metadata.apply(to: surface.surface)
    context = try surface.makeContext()
  }

  /// Starts a PDF kept in memory, for `finishData()`: nothing touches the disk.
  public init(metadata: PDFMetadata) throws {
    path = "in memory"
    file = nil
    let memory = MemorySink()
    self.memory = memory
    self.metadata = metadata
    surface = try CairoSurface.pdf(writingTo: memory, size: PDFWriter.initialSize)
    metadata.apply(to: surface.surface)
    context = try surface.makeContext()
  }

  deinit {
    if !closed { discard() }
  }

  /// Starts a page of `size` points.
  public func beginPage(size: CGSize) {
    if pageOpen { endPage() }
    cairo_pdf_surface_set_size(surface.surface, size.width, size.height)
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
    cairo_pdf_surface_add_outline(
      surface.surface, parent, RenderableText.clean(title), target, CAIRO_PDF_OUTLINE_FLAG_OPEN)
  }

  /// Lays out `view` at `size` and draws it as one page; returns the layout's warnings.
  ///
  /// Throws `RenderError.layout` (and draws nothing) when the view could not be laid out completely.
  @discardableResult
  public func addPage<V: View>(
    _ view: V, size: CGSize, environment: EnvironmentValues = EnvironmentValues(),
    resources: RenderResources = .forCurrentThread
  ) throws -> [LayoutWarning] {
    let layoutContext = resources.makeLayoutContext()
    let node = ViewResolver.node(of: view, in: environment)
    let frame = node.place(in: CGRect(origin: .zero, size: size), context: layoutContext)
    if let failure = layoutContext.failure { throw RenderError.layout(failure) }
    beginPage(size: size)
    draw(frame)
    endPage()
    return layoutContext.warnings
  }

  /// Abandons the PDF: the temporary file is removed and nothing appears at `path`.
  public func discard() {
    closed = true
    cairo_surface_finish(surface.surface)
    file?.discard()
  }

  /// Finishes the PDF, repairs it with libqpdf if it has links, and renames it into place.
  ///
  /// Throws `RenderError.output` with the operating system's reason when any byte could not be
  /// written; nothing appears at `path` then.
  public func close(durable: Bool = false) throws {
    guard let file else { throw RenderError.unsupported("a PDF in memory is finished with finishData()") }
    closed = true
    if pageOpen { endPage() }
    renderer.finishStructure(cr: context.cr)
    do {
      try context.checkStatus("drawing \(path)")
      try surface.finish()
    } catch {
      file.discard()
      throw error
    }
    guard needsRewrite else {
      try file.commit(durable: durable)
      return
    }
    let rewritten: Data
    do {
      try file.flushForReading()
      rewritten = try PDFRewrite.rewrite(
        file.temporaryPath, finalPath: path, archive: archive, accessibility: collectedAccessibility,
        metadata: metadata)
    } catch {
      file.discard()
      throw error
    }
    file.discard()
    try AtomicFile.write(rewritten, to: path, durable: durable)
  }

  /// Finishes a PDF made with `init(metadata:)` and returns its bytes (repaired by libqpdf if it has links).
  public func finishData() throws -> Data {
    guard let memory else {
      throw RenderError.unsupported("a PDF written to a file is finished with close()")
    }
    closed = true
    if pageOpen { endPage() }
    renderer.finishStructure(cr: context.cr)
    try context.checkStatus("drawing \(path)")
    try surface.finish()
    guard needsRewrite else { return memory.data }
    return try PDFRewrite.rewrite(
      data: memory.data, finalPath: path, archive: archive, accessibility: collectedAccessibility,
      metadata: metadata)
  }
}
