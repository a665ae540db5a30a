import Foundation

extension StackNode: FlowingNode {
  /// A vertical stack splits between its children (and inside a child that splits); a horizontal
  /// stack is placed whole.
  ///
  /// A child marked `keepWithNext` never ends a page: when what follows it does not fit, it moves to
  /// the next page with it. A `PageBreak` child ends the page.
  public func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    guard axis == .vertical else { return wholeFlow(in: space, context: context) }
    var pieces: [(piece: FlowPiece, y: CGFloat, index: Int)] = []
    var y: CGFloat = 0
    for (index, child) in children.enumerated() {
      let traits = child.flowTraits
      if traits.isPageBreak {
        let rest = Array(children[(index + 1)...])
        // A break at the very top of a page would only leave an empty page.
        if pieces.isEmpty && space.isTopOfPage { continue }
        if rest.isEmpty { return .complete(stackPiece(pieces, width: space.width, height: y)) }
        return .partial(stackPiece(pieces, width: space.width, height: y), remainder: continuation(rest))
      }
      let gap = pieces.isEmpty ? 0 : spacing
      let sub = FlowSpace(
        width: space.width, available: space.available - y - gap, pageHeight: space.pageHeight,
        isTopOfPage: space.isTopOfPage && pieces.isEmpty)
      switch child.layoutFlow(in: sub, context: context) {
      case .complete(let piece):
        pieces.append((piece, y + gap, index))
        y += gap + piece.size.height
      case .partial(let piece, let remainder):
        pieces.append((piece, y + gap, index))
        y += gap + piece.size.height
        let rest = [remainder] + Array(children[(index + 1)...])
        return .partial(stackPiece(pieces, width: space.width, height: y), remainder: continuation(rest))
      case .deferred(let reason):
        // Pull back the children that must stay with this one (headings), unless that empties the page.
        var keep = pieces.count
        while keep > 0, children[pieces[keep - 1].index].flowTraits.keepWithNext { keep -= 1 }
        if keep == 0 && space.isTopOfPage { keep = pieces.count }
        if keep == 0 { return .deferred(reason: keep < pieces.count ? .keepWithNext : reason) }
        let first = pieces[keep - 1].index + 1
        let height = pieces[keep - 1].y + pieces[keep - 1].piece.size.height
        return .partial(
          stackPiece(Array(pieces[..<keep]), width: space.width, height: height),
          remainder: continuation(Array(children[first...])))
      }
    }
    return .complete(stackPiece(pieces, width: space.width, height: y))
  }

  /// A stack of the remaining children, laid out like this one.
  private func continuation(_ rest: [any LayoutNode]) -> StackNode {
    StackNode(axis: axis, alignment: alignment, spacing: spacing, children: rest, direction: direction)
  }

  private func stackPiece(
    _ pieces: [(piece: FlowPiece, y: CGFloat, index: Int)], width: CGFloat, height: CGFloat
  )
    -> FlowPiece
  {
    let alignment = self.alignment
    return FlowPiece(size: CGSize(width: width, height: height)) { origin, context in
      let frames = pieces.map { entry in
        let x = origin.x + (width - entry.piece.size.width) * alignment
        return entry.piece.place(CGPoint(x: x, y: origin.y + entry.y), context)
      }
      return Frame(
        name: "VStack", rect: CGRect(origin: origin, size: CGSize(width: width, height: height)),
        children: frames)
    }
  }
}
