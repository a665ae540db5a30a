import CCairo
import Foundation
import PageKit

/// Turns the accessibility roles of frames into cairo structure tags: the tagged PDF's structure tree.
///
/// Cairo 1.16 marks drawing as an element's content only while that element is the innermost
/// open tag and has no child yet, so elements are opened lazily: when real content (text, a
/// figure) is drawn, every element around it that is not open yet is opened, ending with the
/// element that holds it; text with no such element gets a paragraph of its own. Decoration is
/// drawn with no element open, or after an element's children, where cairo leaves it unmarked;
/// the libqpdf pass then marks all unmarked drawing as an artifact (`PDFAccessibility`). Elements
/// with an `id` stay open across pages, so a table that flows over three pages is one `Table`.
final class StructureTagger {
  /// One element: its PDF structure type, the cairo attributes it opens with, and who it is.
  struct Element {
    var type: String
    var attributes: String
    var identity: Int
    var holdsContent: Bool
    /// The `/Scope` of a header cell; cairo cannot write it, the libqpdf pass does.
    var scope: String? = nil
    /// The alternative text of a figure; cairo cannot write it, the libqpdf pass does.
    var label: String? = nil
  }

  /// The elements of the frames being drawn, outermost first (not all open yet).
  private var path: [Element] = []
  /// The elements open in cairo, outermost first.
  private var open: [Element] = []
  /// How many artifact frames enclose the frame being drawn.
  private var artifactDepth = 0
  private var nextIdentity = 1
  /// The alternative text of each figure, in the order the figures were opened (document order).
  private(set) var figureLabels: [String] = []
  /// The scope of each header cell ("Column", "Row"), in the order the cells were opened.
  private(set) var headerScopes: [String] = []
  /// Whether any element was written.
  private(set) var tagged = false

  private static let document = Element(type: "Document", attributes: "", identity: 0, holdsContent: false)

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
      type: type, attributes: "", identity: identity, holdsContent: role.holdsContent, scope: role.headerScope
    )
    if case .figure(let label) = role { element.label = RenderableText.clean(label) }
    path.append(element)
  }

  /// Enters a link around its content; the link annotation is made when the element opens.
  func enterLink(attributes: String) {
    path.append(Element(type: CAIRO_TAG_LINK, attributes: attributes, identity: fresh(), holdsContent: true))
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

  /// Leaves a link entered with `enterLink`; a link with no content still gets its annotation.
  func leaveLink(cr: OpaquePointer) {
    leaveElement(cr: cr, keepsEmpty: true)
  }

  private func leaveElement(cr: OpaquePointer, keepsEmpty: Bool) {
    guard let element = path.last else { return }
    let isOpen = open.last?.identity == element.identity
    if element.holdsContent {
      if !isOpen, keepsEmpty, !isInArtifact {
        // An empty cell is still a cell: open and close it so the row keeps its columns.
        sync(cr: cr)
      }
      if open.last?.identity == element.identity {
        cairo_tag_end(cr, element.type)
        open.removeLast()
      }
    }
    // Elements that group others stay open until different content arrives, or the document ends.
    path.removeLast()
  }

  /// Draws `content` as real content: inside its element, or a paragraph of its own.
  func drawContent(cr: OpaquePointer, _ content: () -> Void) {
    guard !isInArtifact else { return content() }
    if isInContentElement {
      sync(cr: cr)
      content()
      return
    }
    path.append(Element(type: "P", attributes: "", identity: fresh(), holdsContent: true))
    sync(cr: cr)
    content()
    cairo_tag_end(cr, "P")
    open.removeLast()
    path.removeLast()
  }

  /// Draws `content` (drawn with no tags of its own) as the content of one element with `role`, or of the open element.
  func drawAsOne(_ role: AccessibilityRole, cr: OpaquePointer, _ content: () -> Void) {
    guard !isInArtifact else { return content() }
    if isInContentElement {
      sync(cr: cr)
      content()
      return
    }
    enter(role, id: nil)
    sync(cr: cr)
    content()
    leave(role, cr: cr)
  }

  /// Closes every open element (at the end of the document).
  func finish(cr: OpaquePointer) {
    while let element = open.popLast() { cairo_tag_end(cr, element.type) }
  }

  /// Makes the open elements equal to the document element and the path: closes what differs, opens what is missing.
  private func sync(cr: OpaquePointer) {
    let wanted = [StructureTagger.document] + path
    var common = 0
    while common < open.count, common < wanted.count, open[common].identity == wanted[common].identity {
      common += 1
    }
    while open.count > common { cairo_tag_end(cr, open.removeLast().type) }
    for element in wanted[common...] {
      cairo_tag_begin(cr, element.type, element.attributes)
      open.append(element)
      tagged = true
      if element.type == "Figure" {
        figureLabels.append(element.label ?? "")
      }
      if let scope = element.scope { headerScopes.append(scope) }
    }
  }

  private func fresh() -> Int {
    nextIdentity += 1
    return -nextIdentity
  }
}
