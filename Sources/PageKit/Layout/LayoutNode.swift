import Foundation

/// A resolved view that can measure itself for a proposal and place itself in a rectangle.
///
/// Contract: `sizeThatFits` may be called any number of times with any proposals and returns the
/// size the node wants for that proposal (it never mutates what the node draws; it may cache).
/// `place(in:context:)` is called once per drawing with the final rectangle in page coordinates and
/// returns the frame tree to draw there.
package protocol LayoutNode: AnyObject {
  /// The size this node chooses for `proposal`.
  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize
  /// The frames of this node placed in `rect`, in page coordinates.
  func place(in rect: CGRect, context: LayoutContext) -> Frame
  /// The priority stacks give this node when they share out space; higher goes first.
  var layoutPriority: Double { get }
  /// The minimum length of a spacer along its stack's axis, or `nil` for nodes that are not spacers.
  var spacerMinLength: CGFloat? { get }
}

extension LayoutNode {
  public var layoutPriority: Double { 0 }
  public var spacerMinLength: CGFloat? { nil }
}

/// A node that wraps one child and, unless it says otherwise, measures as the child and takes its priority.
protocol WrappingNode: LayoutNode {
  var child: any LayoutNode { get }
}

extension WrappingNode {
  var layoutPriority: Double { child.layoutPriority }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    child.sizeThatFits(proposal, context: context)
  }

  /// The child at the size it chooses in `rect`, aligned there, wrapped in a frame named `name` that covers `rect`.
  func placeAligned(
    in rect: CGRect, alignment: Alignment, direction: LayoutDirection, name: String, context: LayoutContext
  ) -> Frame {
    let size = child.sizeThatFits(ProposedViewSize(rect.size), context: context)
    let origin = alignment.origin(of: size, in: rect, direction: direction)
    return Frame(
      name: name, rect: rect,
      children: [child.place(in: CGRect(origin: origin, size: size), context: context)])
  }
}

/// What layout needs from outside PageKit: a text shaper, an image loader, and a place for warnings.
package final class LayoutContext {
  /// Shapes and measures text.
  public let textShaper: any TextShaper
  /// Reads image sizes and pixels.
  public let imageLoader: any ImageLoader
  /// Problems met while laying out (a missing image, say), in the order met.
  public private(set) var warnings: [LayoutWarning] = []

  public init(textShaper: any TextShaper, imageLoader: any ImageLoader) {
    self.textShaper = textShaper
    self.imageLoader = imageLoader
  }

  /// How many shaped table cells the first pagination pass may keep for the second, for the whole
  /// document (about 30 MB): tables beyond it are shaped again instead, so memory stays flat
  /// however many rows and columns a document has.
  public static let keptCellBudget = 20_000
  private var keptCells = 0

  /// Reserves room to keep `count` more shaped cells; false when the document's budget is spent.
  public func keepCells(_ count: Int) -> Bool {
    guard keptCells + count <= LayoutContext.keptCellBudget else { return false }
    keptCells += count
    return true
  }

  /// Gives back room for `count` kept cells that were dropped.
  public func returnKeptCells(_ count: Int) {
    keptCells = max(0, keptCells - count)
  }

  /// The first error that keeps the document from being laid out completely, if any.
  public private(set) var failure: LayoutError?

  /// Records a warning.
  public func warn(_ warning: LayoutWarning) {
    if !warnings.contains(warning) { warnings.append(warning) }
  }

  /// Warns when `shaped` (the shape of `text`) has characters no installed font can show: they would print as boxes.
  public func warnOfMissingGlyphs(in shaped: any ShapedText, text: String) {
    let count = shaped.unknownGlyphCount
    guard count > 0 else { return }
    let scripts = shaped.unknownGlyphScripts
    let script = scripts.isEmpty ? "" : " (script \(scripts.joined(separator: ", ")))"
    warn(
      LayoutWarning(
        "text \"\(text.prefix(40))\": \(count) character\(count == 1 ? "" : "s")\(script) no installed font can show",
        kind: .missingGlyphs))
  }

  /// Records an error that makes the document incomplete; the paginator stops and throws it (the first one counts).
  public func fail(_ error: LayoutError) {
    if failure == nil { failure = error }
  }
}

/// A problem met while laying out that did not stop the page from being drawn.
public struct LayoutWarning: Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for a person.
  public var message: String
  /// What kind of problem it is.
  public var kind: Kind

  /// The kinds of layout warnings.
  public enum Kind: Hashable, Sendable {
    case general
    /// Text with characters no installed font can show.
    case missingGlyphs
    /// An image that could not be read (missing, unreadable, not an image), drawn as a placeholder.
    case unreadableImage
    /// Content taller than a page, cut at its edge.
    case contentCut
  }

  public init(_ message: String, kind: Kind = .general) {
    self.message = message
    self.kind = kind
  }

  public var description: String { message }
}

/// Lays out a view and returns its frame tree: the entry point for renderers and tests.
package enum PageLayout {
  /// The size `view` chooses for `proposal`, and its frames placed at the origin.
  public static func frame<V: View>(
    of view: V, proposal: ProposedViewSize, environment: EnvironmentValues = EnvironmentValues(),
    context: LayoutContext
  ) -> Frame {
    let node = ViewResolver.node(of: view, in: environment)
    let size = node.sizeThatFits(proposal, context: context)
    return node.place(in: CGRect(origin: .zero, size: size), context: context)
  }
}

/// The node of a view that draws nothing and takes no space.
final class EmptyNode: LayoutNode {
  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize { .zero }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(name: "Empty", rect: rect)
  }
}
