import CCairo
import Foundation
import PageKit

/// Renders a multi-page `Document` to a streamed PDF (or one PNG or SVG per page) with exact "Page N of M".
///
/// Two passes: the first finds the page breaks and the page count, keeping nothing of the pages;
/// the second lays each page out again and draws it at once, so memory stays flat however long the
/// document is. Section titles become PDF bookmarks; anchors and internal links work in the PDF.
public final class DocumentRenderer {
  public let document: Document
  public var environment: EnvironmentValues
  public var resources: RenderResources
  /// Problems met while laying out (missing images, content cut at a page edge…).
  public private(set) var warnings: [LayoutWarning] = []
  /// Whether characters no installed font can show stop the document (it is not written) instead of a warning.
  public var missingGlyphsAreErrors = false
  /// Whether an image that cannot be read stops the document (it is not written) instead of a placeholder.
  public var unreadableImagesAreErrors = false
  /// Whether content cut at a page's edge (taller than a page) stops the document instead of a warning.
  public var cutContentIsAnError = false
  /// Whether PDFs are tagged: a structure tree for screen readers, `/Lang` from the locale, decoration as artifacts (PDF/UA-1).
  public var tagged = true
  /// Seals every PDF written (PAdES), when set.
  public var signer: (any PDFSigner)?
  /// Protects every PDF written with a password (AES-256), when set; a seal is made after encrypting.
  public var encryption: PDFEncryption?

  /// Throws for the first warning the caller asked to be an error; called once pass 1 knows every warning, before anything is written.
  private func checkStrictness(_ found: [LayoutWarning]) throws {
    if missingGlyphsAreErrors, let missing = found.first(where: { $0.kind == .missingGlyphs }) {
      throw RenderError.missingGlyphs(missing.message)
    }
    if unreadableImagesAreErrors, let image = found.first(where: { $0.kind == .unreadableImage }) {
      throw RenderError.image(image.message)
    }
    if cutContentIsAnError, let cut = found.first(where: { $0.kind == .contentCut }) {
      throw RenderError.layout(LayoutError(.cannotPlace, cut.message + " (an error with --strict)"))
    }
  }

  public init(
    document: Document, environment: EnvironmentValues = EnvironmentValues(),
    resources: RenderResources = .forCurrentThread
  ) {
    self.document = document
    self.environment = environment
    self.resources = resources
  }

  /// The document's metadata for a PDF; `creationDate` overrides `SOURCE_DATE_EPOCH` and now.
  func metadata(creationDate: Date?) -> PDFMetadata {
    PDFMetadata(
      title: document.title, author: document.author, subject: document.subject, keywords: document.keywords,
      creator: document.creator, creationDate: creationDate)
  }

  /// What tagging needs from this document, or `nil` when `tagged` is off.
  private var accessibility: PDFAccessibility? {
    tagged ? PDFAccessibility(language: environment.locale.identifier(.bcp47)) : nil
  }

  /// Writes the document as one PDF and returns its page count.
  @discardableResult
  public func writePDF(
    to path: String, creationDate: Date? = nil, durable: Bool = false, archive: PDFArchive? = nil
  ) throws -> Int {
    if archive != nil || encryption != nil {
      // The archival pass and encryption rewrite the whole file: cairo's output stays in memory
      // (never an unencrypted copy on disk) and one file is written.
      let writer = try PDFWriter(metadata: metadata(creationDate: creationDate))
      writer.archive = archive
      writer.accessibility = accessibility
      writer.signer = signer
      writer.encryption = encryption
      let pages = try draw(into: writer)
      try AtomicFile.write(try writer.finishData(), to: path, durable: durable)
      return pages
    }
    let writer = try PDFWriter(path: path, metadata: metadata(creationDate: creationDate))
    writer.accessibility = accessibility
    writer.signer = signer
    let pages = try draw(into: writer)
    try writer.close(durable: durable)
    return pages
  }

  /// The document as the bytes of one PDF, made in memory (for a server answering a request).
  public func pdfData(creationDate: Date? = nil, archive: PDFArchive? = nil) throws -> Data {
    let writer = try PDFWriter(metadata: metadata(creationDate: creationDate))
    writer.archive = archive
    writer.accessibility = accessibility
    writer.signer = signer
    writer.encryption = encryption
    try draw(into: writer)
    return try writer.finishData()
  }

  /// Lays out and draws every page into `writer` (not finished); returns the page count.
  @discardableResult
  private func draw(into writer: PDFWriter) throws -> Int {
    let context = resources.makeLayoutContext()
    let paginator = Paginator(document: document, environment: environment, context: context)
    let plan = try DocumentRenderer.layingOut { try paginator.plan() }
    warnings = context.warnings
    try checkStrictness(context.warnings)
    var parents: [Int: Int32] = [:]  // outline level → id of the last entry at that level
    try DocumentRenderer.layingOut {
      try paginator.layOutPages(plan: plan) { page in
        writer.beginPage(size: page.size)
        for frame in page.frames { writer.draw(frame) }
        for frame in page.frames {
          frame.forEachFrame { marker in
            guard case .outline(let title, let level) = marker.content else { return }
            let parent = level > 1 ? (parents[level - 1] ?? 0) : 0
            let target = "page=\(page.number) pos=[\(marker.rect.minX) \(marker.rect.minY)]"
            let id = writer.addOutline(parent: parent, title: title, target: target)
            parents[level] = id
            parents = parents.filter { $0.key <= level }
          }
        }
        writer.endPage()
      }
    }
    warnings = context.warnings
    return plan.pageCount
  }

  /// Writes one PNG per page at `scale` pixels per point; `path(n)` names page n's file. Returns the page count.
  @discardableResult
  public func writePNGs(scale: Double = 2, opaque: Bool = true, path: (Int) -> String) throws -> Int {
    try writePages { page in
      let width = Int((page.size.width * scale).rounded(.up))
      let height = Int((page.size.height * scale).rounded(.up))
      let surface = try CairoSurface.image(width: width, height: height)
      let cairo = try surface.makeContext()
      if opaque {
        let background = Color.background.resolve(in: environment.colorScheme)
        cairo_set_source_rgb(cairo.cr, background.red, background.green, background.blue)
        cairo_paint(cairo.cr)
      }
      cairo.scale(by: scale)
      let renderer = FrameRenderer()
      for frame in page.frames { renderer.draw(frame, in: cairo) }
      try cairo.checkStatus("drawing page \(page.number)")
      try AtomicFile.write(try surface.pngData(), to: path(page.number))
    }
  }

  /// Writes one SVG per page; `path(n)` names page n's file. Returns the page count.
  @discardableResult
  public func writeSVGs(path: (Int) -> String) throws -> Int {
    try writePages { page in
      let surface = try CairoSurface.svg(writingTo: try AtomicFile(path: path(page.number)), size: page.size)
      let cairo = try surface.makeContext()
      let renderer = FrameRenderer()
      for frame in page.frames { renderer.draw(frame, in: cairo) }
      try cairo.checkStatus("drawing page \(page.number)")
      try surface.commit()
    }
  }

  private func writePages(_ draw: (Paginator.LaidOutPage) throws -> Void) throws -> Int {
    let context = resources.makeLayoutContext()
    let paginator = Paginator(document: document, environment: environment, context: context)
    let plan = try DocumentRenderer.layingOut { try paginator.plan() }
    warnings = context.warnings
    try checkStrictness(context.warnings)
    try DocumentRenderer.layingOut { try paginator.layOutPages(plan: plan, draw) }
    warnings = context.warnings
    return plan.pageCount
  }

  /// Runs `work`, turning a `LayoutError` into `RenderError.layout`; other errors pass through.
  private static func layingOut<T>(_ work: () throws -> T) throws -> T {
    do {
      return try work()
    } catch let error as LayoutError {
      throw RenderError.layout(error)
    }
  }
}
