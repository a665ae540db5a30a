import CCairo
import Foundation
import PageKit

/// Writes a multi-page vector PDF page by page, streamed: each page is drawn and released when it ends.
///
/// The file appears at its path only when `close()` succeeds: until then it is a hidden temporary
/// file in the same folder, and every byte cairo produces is checked (`AtomicFile`). A tagged or
/// archival PDF goes through the finishing pass (`PDFFinishingPass`) on its way to the file, in
/// the same stream; an untagged one streams through `PDFXrefRepair` (`PDFRewrite` only if that fails).
public final class PDFWriter {
  /// The final path of the PDF ("in memory" for `init(metadata:)`).
  public let path: String
  private let file: AtomicFile?
  private let memory: MemorySink?
  /// Where cairo writes: held until the first page says whether the finishing pass is needed.
  private let output: PDFOutputSink
  private let surface: CairoSurface
  /// The context pages are drawn into.
  public let context: CairoContext
  private let renderer = FrameRenderer()
  private var pageOpen = false
  private var closed = false
  /// The number of pages ended so far.
  public private(set) var pageCount = 0
  /// Makes the PDF a PDF/A-3b (with an attachment, such as a Factur-X invoice's XML) in the finishing pass.
  ///
  /// Set before the first page is drawn.
  public var archive: PDFArchive?
  /// Makes the PDF tagged (a structure tree from the frames' roles, PDF/UA-1) in the finishing pass.
  ///
  /// Set before the first page is drawn.
  public var accessibility: PDFAccessibility?
  /// Seals the PDF (PAdES): an invisible signature field in the finishing pass, signed once the file is complete.
  ///
  /// Set before the first page is drawn.
  public var signer: (any PDFSigner)?
  /// Encrypts the finished PDF with a password (AES-256), before it is signed; only for `finishData()`.
  public var encryption: PDFEncryption?
  /// A copy of the bytes cairo writes, before the finishing pass, when set before the first page (for tests).
  var cairoOutput: MemorySink? {
    get { output.copy }
    set { output.copy = newValue }
  }
  /// The finishing pass, once the first page started and tagging or archiving asked for it.
  private var pass: PDFFinishingPass?
  /// The cross-reference repair an untagged PDF streams through.
  private var repair: PDFXrefRepair?
  /// Whether the streaming repair met a cross-reference section it does not know (libqpdf then repairs the file).
  private var needsRewrite = false
  private let metadata: PDFMetadata
  /// The height of the current page, for link rectangles.
  private var pageHeight: CGFloat = PDFWriter.initialSize.height

  /// The size of the surface before the first page sets its own: ISO A4 in whole points.
  static let initialSize = CGSize(width: 595, height: 842)

  /// Starts a PDF at `path` with `metadata`; the folder must exist.
  public init(path: String, metadata: PDFMetadata) throws {
    self.path = path
    let file = try AtomicFile(path: path)
    self.file = file
    memory = nil
    self.metadata = metadata
    output = PDFOutputSink(destination: file)
    surface = try CairoSurface.pdf(writingTo: output, size: PDFWriter.initialSize)
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
    output = PDFOutputSink(destination: memory)
    surface = try CairoSurface.pdf(writingTo: output, size: PDFWriter.initialSize)
    metadata.apply(to: surface.surface)
    context = try surface.makeContext()
  }

  deinit {
    if !closed { discard() }
  }

  /// Chooses, once, where cairo's bytes go: through the finishing pass when tagging or archiving, else straight on.
  private func startOutput() {
    guard !output.isStarted else { return }
    guard accessibility != nil || archive != nil || signer != nil else {
      let repair = PDFXrefRepair(destination: output.destination)
      self.repair = repair
      output.start(through: repair)
      return
    }
    let pass = PDFFinishingPass(finishingOptions(), destination: output.destination)
    self.pass = pass
    if accessibility != nil { renderer.tagger = StructureTagger(pass: pass) }
    output.start(through: pass)
  }

  /// What the finishing pass adds: the language, XMP and (archival) information dictionary, output intent and attachment.
  private func finishingOptions() -> PDFFinishingPass.Options {
    let date = metadata.effectiveDate
    let pdfDate = PDFArchive.pdfDateString(date)
    let xmpDate = PDFMetadata.iso8601(date)
    let cairo = "cairo \(String(cString: cairo_version_string()))"
    let signature = signer.map {
      PDFFinishingPass.SignatureField(
        capacity: $0.signatureCapacity, name: $0.fieldName, description: $0.fieldDescription)
    }
    guard let archive else {
      guard accessibility != nil else {
        // Signed only: cairo's file with the signature field, no structure.
        return PDFFinishingPass.Options(
          tagged: false, language: "en", xmp: nil, archive: nil, date: pdfDate, signature: signature)
      }
      let xmp = PDFArchive().xmp(
        metadata, producer: "\(cairo) (https://cairographics.org)", date: xmpDate, archival: false,
        universalAccess: true)
      return PDFFinishingPass.Options(
        tagged: true, language: accessibility?.language ?? "en", xmp: xmp, archive: nil, date: pdfDate,
        signature: signature)
    }
    let producer = "invoicegen (\(cairo))"
    // Information and XMP are written from the same values, so the two can never differ.
    var info: [(key: String, value: String)] = []
    for (key, value) in [
      ("/Title", metadata.title), ("/Author", metadata.author), ("/Subject", metadata.subject),
      ("/Keywords", metadata.keywords.isEmpty ? nil : metadata.keywords.joined(separator: ", ")),
      ("/Creator", metadata.creator), ("/Producer", producer),
    ] {
      if let value, !value.isEmpty { info.append((key, RenderableText.clean(value))) }
    }
    info.append(("/CreationDate", pdfDate))
    info.append(("/ModDate", pdfDate))
    return PDFFinishingPass.Options(
      tagged: accessibility != nil, language: accessibility?.language ?? "en",
      xmp: archive.xmp(metadata, producer: producer, date: xmpDate, universalAccess: accessibility != nil),
      info: info, archive: archive, date: pdfDate, signature: signature)
  }

  /// Starts a page of `size` points.
  public func beginPage(size: CGSize) {
    if pageOpen { endPage() }
    startOutput()
    cairo_pdf_surface_set_size(surface.surface, size.width, size.height)
    pageHeight = size.height
    renderer.tagger?.pageHeight = size.height
    pageOpen = true
  }

  /// Draws `frame` on the current page.
  public func draw(_ frame: Frame) {
    renderer.draw(frame, cr: context.cr)
  }

  /// Ends the current page.
  public func endPage() {
    guard pageOpen else { return }
    renderer.tagger?.endPage(cr: context.cr)
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

  /// Finishes cairo's file through the finishing pass, if any; the bytes are all in the destination after this.
  private func finishSurface() throws {
    if pageOpen { endPage() }
    startOutput()
    renderer.finishStructure(cr: context.cr)
    // A failed finishing pass makes cairo's writes fail: its own reason says more than cairo's.
    try pass?.check(path: path)
    try context.checkStatus("drawing \(path)")
    try surface.finish()
    try pass?.finish(path: path)
    if let repair, !repair.finish() { needsRewrite = true }
  }

  /// `data` encrypted and then signed (when a signer was set), so that the signature covers the encrypted file.
  private func encrypted(_ data: Data, with encryption: PDFEncryption) throws -> Data {
    let encrypted = try encryption.encrypt(data, finalPath: path)
    guard let signer else { return encrypted }
    guard let slot = PDFSignatureSlot.find(in: encrypted) else {
      throw RenderError.signature(path: path, reason: "the encrypted file has no signature field")
    }
    let output = MemorySink()
    _ = output.write(encrypted)
    try slot.fill(output, signer: signer, path: path)
    return output.data
  }

  /// Signs the finished bytes in `output`, when a signer was set.
  private func sign(_ output: any PatchableOutput) throws {
    guard let signer else { return }
    guard let slot = pass?.signatureSlot else {
      throw RenderError.signature(path: path, reason: "the file has no signature field")
    }
    try PDFSignatureSlot(slot: slot).fill(output, signer: signer, path: path)
  }

  /// Finishes the PDF, repairs an untagged one with links with libqpdf when the streaming repair
  /// could not, and renames it into place.
  ///
  /// Throws `RenderError.output` with the operating system's reason when any byte could not be
  /// written; nothing appears at `path` then.
  public func close(durable: Bool = false) throws {
    guard let file else { throw RenderError.unsupported("a PDF in memory is finished with finishData()") }
    // An unencrypted copy on disk, even a hidden one, is what a password is meant to prevent.
    guard encryption == nil else {
      throw RenderError.unsupported("an encrypted PDF is made with finishData()")
    }
    closed = true
    do {
      try finishSurface()
      try sign(file)
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
      rewritten = try PDFRewrite.rewrite(file.temporaryPath, finalPath: path)
    } catch {
      file.discard()
      throw error
    }
    file.discard()
    try AtomicFile.write(rewritten, to: path, durable: durable)
  }

  /// Finishes a PDF made with `init(metadata:)` and returns its bytes.
  public func finishData() throws -> Data {
    guard let memory else {
      throw RenderError.unsupported("a PDF written to a file is finished with close()")
    }
    closed = true
    try finishSurface()
    if let encryption { return try encrypted(memory.data, with: encryption) }
    try sign(memory)
    guard needsRewrite else { return memory.data }
    return try PDFRewrite.rewrite(data: memory.data, finalPath: path)
  }
}
