import CCairo
import Foundation
import PageKit

/// Turns the accessibility roles of frames into the tagged PDF's structure tree, as they are drawn.
///
/// Elements are opened lazily: when real content (text, a figure) is drawn, every element around
/// it that is not open yet is opened in the finishing pass (`PDFFinishingPass`), ending with the
/// element that holds it; text with no such element gets a paragraph of its own. Elements with an
/// `id` stay open across pages, so a table that flows over three pages is one `Table`.
///
/// The content of an element is delimited in cairo's drawing by marker rectangles, which the
/// finishing pass finds in the page's content stream and replaces with marked-content operators:
/// a BEGIN marker (29/256 pt high, 0.5 + ordinal/256 pt wide: its number on the page) before the
/// element's first drawing, an END marker (31/256 pt high) before decoration or another element's
/// content. Cairo 1.16's own structure tags are not used: cairo keeps every element of the
/// document in memory until the file is finished, and writes each as an uncompressed object.
/// Decoration drawn outside marked content becomes an artifact.
final class StructureTagger {
  /// One element of the frames being drawn: its PDF structure type and who it is.
  struct Element {
    var type: String
    var identity: Int
    var holdsContent: Bool
    /// The `/Scope` of a header cell.
    var scope: String? = nil
    /// The alternative text of a figure.
    var label: String? = nil
    /// A link's annotation: its rectangle in PDF coordinates and its target.
    var link: (rect: CGRect, uri: String?, destination: String?)? = nil
  }

  /// An element opened in the finishing pass.
  private struct Opened {
    var identity: Int
    var number: Int32
    var holdsContent: Bool
  }

  let pass: PDFFinishingPass
  /// The elements of the frames being drawn, outermost first (not all open yet).
  private var path: [Element] = []
  /// The elements open in the pass, outermost first (the document element is implicit).
  private var open: [Opened] = []
  /// The element whose marked content is open in the page's content stream.
  private var marked: Int32?
  /// Whether marked content of an element that has closed since is still open in the content stream.
  ///
  /// Its END marker is drawn only when decoration follows: the next BEGIN marker (or the end of
  /// the page) ends it anyway, so a row of cells costs one marker per cell, not two.
  private var markedContentLingers = false
  /// BEGIN markers drawn on this page so far.
  private var markers = 0
  /// INSERT markers drawn on this page so far.
  private var insertions = 0
  /// How many artifact frames enclose the frame being drawn.
  private var artifactDepth = 0
  private var nextIdentity = 1
  /// The height of the page being drawn, for link rectangles in PDF coordinates.
  var pageHeight: CGFloat = 0

  init(pass: PDFFinishingPass) {
    self.pass = pass
  }

  /// Whether drawing now is an artifact's, so it is not tagged.
  var isInArtifact: Bool { artifactDepth > 0 }

  /// Whether a leaf element (one that holds drawn content) is the innermost element of the path.
  var isInContentElement: Bool { path.last?.holdsContent == true }

  /// Enters a frame with `role`; `leave` is called after its children.
  func enter(_ role: AccessibilityRole, id: Int?) {
    if role == .artifact {
      artifactDepth += 1
      return
    }
    guard let type = role.structureType else { return }
    let identity = id.map { $0 &* 31 &+ type.hashValue } ?? fresh()
    var element = Element(
      type: type, identity: identity, holdsContent: role.holdsContent, scope: role.headerScope)
    if case .figure(let label) = role { element.label = RenderableText.clean(label) }
    path.append(element)
  }

  /// Enters a link around its content over `rect` (user space of `cr`); the annotation is made when the element opens.
  func enterLink(rect: CGRect, uri: String?, destination: String?, cr: OpaquePointer) {
    var element = Element(type: "Link", identity: fresh(), holdsContent: true)
    element.link = (pdfRect(rect, cr: cr), uri, destination)
    path.append(element)
  }

  /// Leaves the frame entered last with `role`.
  func leave(_ role: AccessibilityRole, cr: OpaquePointer) {
    if role == .artifact {
      artifactDepth -= 1
      return
    }
    guard role.structureType != nil else { return }
    leaveElement(cr: cr, keepsEmpty: role == .cell || role.headerScope != nil)
  }

  /// Leaves a link entered with `enterLink`; a link with no content still gets its annotation,
  /// also inside an artifact (a link in the footer): the annotation is tagged as a Link all the same.
  func leaveLink(cr: OpaquePointer) {
    let depth = artifactDepth
    artifactDepth = 0
    leaveElement(cr: cr, keepsEmpty: true)
    artifactDepth = depth
  }

  private func leaveElement(cr: OpaquePointer, keepsEmpty: Bool) {
    guard let element = path.last else { return }
    if element.holdsContent {
      if open.last?.identity != element.identity, keepsEmpty, !isInArtifact {
        // An empty cell is still a cell: open and close it so the row keeps its columns.
        sync(cr: cr)
      }
      if let last = open.last, last.identity == element.identity {
        close(last, cr: cr)
        open.removeLast()
      }
    }
    // Elements that group others stay open until different content arrives, or the document ends.
    path.removeLast()
  }

  /// Draws `content` as real content: inside its element, or a paragraph of its own.
  func drawContent(cr: OpaquePointer, _ content: () -> Void) {
    guard !isInArtifact else { return drawDecoration(cr: cr, content) }
    if isInContentElement {
      sync(cr: cr)
      beginContent(cr: cr)
      content()
      return
    }
    path.append(Element(type: "P", identity: fresh(), holdsContent: true))
    sync(cr: cr)
    beginContent(cr: cr)
    content()
    if let last = open.popLast() { close(last, cr: cr) }
    path.removeLast()
  }

  /// Draws `content` as decoration: outside any element's marked content, so it becomes an artifact.
  func drawDecoration(cr: OpaquePointer, _ content: () -> Void) {
    endContent(cr: cr)
    content()
  }

  /// Draws `content` (drawn with no markers of its own) as the content of one element with `role`, or of the open element.
  func drawAsOne(_ role: AccessibilityRole, cr: OpaquePointer, _ content: () -> Void) {
    guard !isInArtifact else { return drawDecoration(cr: cr, content) }
    if isInContentElement {
      sync(cr: cr)
      beginContent(cr: cr)
      content()
      return
    }
    enter(role, id: nil)
    sync(cr: cr)
    beginContent(cr: cr)
    content()
    leave(role, cr: cr)
  }

  /// Ends the page: marked content never crosses pages (the finishing pass closes it). Call before the page is shown.
  func endPage(cr: OpaquePointer) {
    marked = nil
    markedContentLingers = false
    markers = 0
    insertions = 0
    pass.endPage()
  }

  /// Closes every open element (at the end of the document).
  func finish(cr: OpaquePointer) {
    endContent(cr: cr)
    while let element = open.popLast() { pass.close(element.number) }
  }

  /// Makes the open elements equal to the path: closes what differs, opens what is missing.
  private func sync(cr: OpaquePointer) {
    var common = 0
    while common < open.count, common < path.count, open[common].identity == path[common].identity {
      common += 1
    }
    while open.count > common { close(open.removeLast(), cr: cr) }
    for element in path[common...] {
      let number = pass.open(
        element.type, parent: open.last?.number ?? 0,
        alt: element.type == "Figure" ? element.label ?? "" : nil,
        scope: element.scope)
      if let link = element.link {
        pass.link(number, rect: link.rect, uri: link.uri, destination: link.destination)
      }
      open.append(Opened(identity: element.identity, number: number, holdsContent: element.holdsContent))
    }
  }

  private func close(_ element: Opened, cr: OpaquePointer) {
    if marked == element.number {
      marked = nil
      markedContentLingers = true
    }
    pass.close(element.number)
  }

  /// Opens the marked content of the innermost open element, unless it is open already; a BEGIN marker ends what was open.
  private func beginContent(cr: OpaquePointer) {
    guard let owner = open.last, owner.holdsContent, marked != owner.number else { return }
    guard drawMarker(cr: cr, height: 29, ordinal: markers) else { return endContent(cr: cr) }
    pass.mark(owner.number)
    markers += 1
    marked = owner.number
    markedContentLingers = false
  }

  /// Draws an INSERT marker that the finishing pass replaces with `operators` (page content written
  /// by the renderer, `PDFPathFill`), inside whatever marked content is open; false when nothing
  /// can be drawn here, and the caller draws with cairo instead.
  func drawInserted(_ operators: [UInt8], cr: OpaquePointer) -> Bool {
    guard drawMarker(cr: cr, height: 27, ordinal: insertions) else { return false }
    let ordinal = pass.insert(operators)
    assert(ordinal == insertions, "the finishing pass counts this page's insertions as the tagger does")
    insertions += 1
    return true
  }

  /// Ends the marked content open, if any, with an END marker.
  private func endContent(cr: OpaquePointer) {
    guard marked != nil || markedContentLingers else { return }
    marked = nil
    markedContentLingers = false
    _ = drawMarker(cr: cr, height: 31, ordinal: 0)
  }

  /// Draws a marker rectangle `height`/256 pt high and 0.5 + `ordinal`/256 pt wide inside the current clip; false when nothing can be drawn there.
  private func drawMarker(cr: OpaquePointer, height: Int, ordinal: Int) -> Bool {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_identity_matrix(cr)
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 0.0
    var y2 = 0.0
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
    guard x2 > x1, y2 > y1 else { return false }
    cairo_new_path(cr)
    // A quarter point in from the clip's corner: cairo prints numbers under 0.1 (a 0) at twice the cost.
    let inset = min(0.25, (x2 - x1) / 2, (y2 - y1) / 2)
    cairo_rectangle(cr, x1 + inset, y1 + inset, 0.5 + Double(ordinal) / 256, Double(height) / 256)
    // The colour drawn last, when it is opaque, so cairo writes no colour change for the marker;
    // a clear or patterned source (which cairo might skip or set up) is replaced by black.
    var red = 0.0
    var green = 0.0
    var blue = 0.0
    var alpha = 0.0
    let source = cairo_get_source(cr)
    if cairo_pattern_get_type(source) != CAIRO_PATTERN_TYPE_SOLID
      || cairo_pattern_get_rgba(source, &red, &green, &blue, &alpha) != CAIRO_STATUS_SUCCESS || alpha < 1
    {
      cairo_set_source_rgb(cr, 0, 0, 0)
    }
    cairo_fill(cr)
    return true
  }

  /// `rect` in `cr`'s user space as a PDF rectangle on this page (points, y up).
  private func pdfRect(_ rect: CGRect, cr: OpaquePointer) -> CGRect {
    var xs = [Double(rect.minX), Double(rect.maxX), Double(rect.minX), Double(rect.maxX)]
    var ys = [Double(rect.minY), Double(rect.minY), Double(rect.maxY), Double(rect.maxY)]
    for index in 0..<4 { cairo_user_to_device(cr, &xs[index], &ys[index]) }
    let minY = ys.min() ?? 0
    let maxY = ys.max() ?? 0
    return CGRect(
      x: xs.min() ?? 0, y: Double(pageHeight) - maxY, width: (xs.max() ?? 0) - (xs.min() ?? 0),
      height: maxY - minY)
  }

  private func fresh() -> Int {
    nextIdentity += 1
    return -nextIdentity
  }
}
