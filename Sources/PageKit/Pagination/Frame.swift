import Foundation

/// A positioned drawing item of a laid-out page: the only thing renderers read.
///
/// Frames are immutable values in page coordinates (points, origin top left). A frame draws its
/// `content`, then its children; `clip`, `opacity` and `shadow` apply to the children.
public struct Frame {
  /// What the frame came from, for dumps ("Text", "HStack", "padding"…).
  public var name: String
  /// Where the frame is, in page coordinates.
  public var rect: CGRect
  /// What the frame draws.
  public var content: Content
  /// Frames drawn after this one's content, affected by its clip, opacity or shadow.
  public var children: [Frame]

  public init(name: String, rect: CGRect, content: Content = .group, children: [Frame] = []) {
    self.name = name
    self.rect = rect
    self.content = content
    self.children = children
  }

  /// What one frame draws.
  public enum Content {
    /// Nothing of its own; only its children.
    case group
    /// Lines of shaped text with their top-left corner at the frame's origin.
    case text(TextDrawing)
    /// A filled path.
    case fill(Path, Paint)
    /// A stroked path.
    case stroke(Path, Paint, StrokeStyle)
    /// An image scaled into the frame's rectangle.
    case image(any LoadedImage)
    /// A clickable area over the frame's rectangle.
    case link(URL)
    /// The children clipped to a path.
    case clip(Path)
    /// The children drawn as a group with this opacity.
    case opacity(Double)
    /// The children drawn with a shadow.
    case shadow(Shadow)
    /// The start of a section: an outline (bookmark) entry at the frame's top.
    case outline(title: String, level: Int)
    /// A named place in the document that internal links jump to.
    case anchor(String)
    /// A clickable area over the frame's rectangle that jumps to a named anchor.
    case internalLink(String)
    /// The children as one element of a tagged PDF's structure (or an artifact).
    ///
    /// Frames with the same `id` on consecutive pages are one element: a table that flows over
    /// pages is one `Table`.
    case accessibility(AccessibilityRole, id: Int? = nil)
  }
}

/// Shaped text to draw, with the lines to draw and their colour.
public struct TextDrawing {
  /// The shaped text, as measured.
  public var shaped: any ShapedText
  /// The lines to draw; a split paragraph draws a range of them.
  public var lines: Range<Int>
  /// The colour of runs that do not set their own.
  public var color: RGBAColor
}

/// A drop shadow: its colour, blur radius and offset.
public struct Shadow: Hashable, Sendable {
  public var color: RGBAColor
  public var radius: CGFloat
  public var x: CGFloat
  public var y: CGFloat
}

extension Frame {
  /// A text dump of the tree, one frame per line, indented by depth: `HStack (0, 0, 100, 20)`.
  public func dump() -> String {
    var out = ""
    dump(into: &out, depth: 0)
    return out
  }

  private func dump(into out: inout String, depth: Int) {
    out += String(repeating: "  ", count: depth) + name + " " + Frame.format(rect) + "\n"
    for child in children { child.dump(into: &out, depth: depth + 1) }
  }

  static func format(_ rect: CGRect) -> String {
    func number(_ value: CGFloat) -> String {
      let rounded = (value * 100).rounded() / 100
      return rounded == rounded.rounded() ? String(Int(rounded)) : String(Double(rounded))
    }
    return "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
  }

  /// Calls `body` with every frame of the tree, depth first, this one first, without building an array.
  public func forEachFrame(_ body: (Frame) throws -> Void) rethrows {
    try body(self)
    for child in children { try child.forEachFrame(body) }
  }

  /// Every frame of the tree, depth first, this one first.
  public var allFrames: [Frame] {
    [self] + children.flatMap(\.allFrames)
  }
}
