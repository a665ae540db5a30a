import Foundation

extension TextNode: FlowingNode {
  /// Splits the paragraph between lines, never inside one, with at least two lines on each side of a
  /// break when the paragraph has four lines or more, and no break in shorter paragraphs.
  public func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    let shaped = shaped(width: space.width, context: context)
    return TextLinesNode(shaped: shaped, lines: 0..<shaped.lines.count, color: color, name: frameName)
      .flow(in: space, context: context)
  }
}

/// A range of lines of a shaped paragraph: what is left of a paragraph split between pages.
package final class TextLinesNode: FlowingNode {
  let shaped: any ShapedText
  /// The lines this node draws.
  public let lines: Range<Int>
  let color: RGBAColor
  let name: String

  init(shaped: any ShapedText, lines: Range<Int>, color: RGBAColor, name: String) {
    self.shaped = shaped
    self.lines = lines
    self.color = color
    self.name = name
  }

  /// The height of lines `range`, from the top of the first to the bottom of the last.
  func height(_ range: Range<Int>) -> CGFloat {
    guard let first = range.first, let last = range.last else { return 0 }
    let all = shaped.lines
    return all[last].top + all[last].height - all[first].top
  }

  public func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    CGSize(
      width: shaped.size.width, height: lines.count == shaped.lines.count ? shaped.size.height : height(lines)
    )
  }

  public func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(name: name, rect: rect, content: .text(TextDrawing(shaped: shaped, lines: lines, color: color)))
  }

  /// The piece drawing lines `range`.
  func piece(_ range: Range<Int>) -> FlowPiece {
    let node = TextLinesNode(shaped: shaped, lines: range, color: color, name: name)
    return .whole(node, size: CGSize(width: shaped.size.width, height: height(range)))
  }

  public func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    let count = lines.count
    if height(lines) <= space.available + LayoutTolerance.points || count == 0 {
      return .complete(piece(lines))
    }
    // How many lines fit in the space left.
    var fitting = 0
    while fitting < count,
      height(lines.lowerBound..<(lines.lowerBound + fitting + 1)) <= space.available + LayoutTolerance.points
    {
      fitting += 1
    }
    var split = fitting
    if count < 4 {
      split = 0  // a short paragraph is not split: one of its parts would be a single line
    } else {
      if count - split < 2 { split = count - 2 }  // no widow: at least two lines on the next page
      if split < 2 { split = 0 }  // no orphan: at least two lines here
    }
    if split == 0 {
      guard space.isTopOfPage else { return .deferred(reason: .wouldLeaveOneLine) }
      // Taller than a whole page: break where the page ends, whatever the rules.
      split = max(1, fitting)
      if split >= count { return .complete(piece(lines)) }
    }
    let cut = lines.lowerBound + split
    return .partial(
      piece(lines.lowerBound..<cut),
      remainder: TextLinesNode(shaped: shaped, lines: cut..<lines.upperBound, color: color, name: name))
  }
}
