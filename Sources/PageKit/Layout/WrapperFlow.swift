import Foundation

extension PaddingNode: FlowingNode {
  /// Padding around splittable content splits with it: the top inset stays with the first page's
  /// part, the bottom inset with the last.
  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    let inner = FlowSpace(
      width: max(0, space.width - insets.horizontal), available: space.available - insets.vertical,
      pageHeight: space.pageHeight - insets.vertical, isTopOfPage: space.isTopOfPage)
    let left = direction == .leftToRight ? insets.leading : insets.trailing
    let insets = self.insets
    func padded(_ piece: FlowPiece, bottom: CGFloat) -> FlowPiece {
      FlowPiece(
        size: CGSize(
          width: piece.size.width + insets.horizontal, height: piece.size.height + insets.top + bottom)
      ) { origin, context in
        let frame = piece.place(CGPoint(x: origin.x + left, y: origin.y + insets.top), context)
        return Frame(
          name: "padding",
          rect: CGRect(
            origin: origin,
            size: CGSize(
              width: piece.size.width + insets.horizontal, height: piece.size.height + insets.top + bottom)),
          children: [frame])
      }
    }
    switch child.layoutFlow(in: inner, context: context) {
    case .complete(let piece):
      return .complete(padded(piece, bottom: insets.bottom))
    case .partial(let piece, let remainder):
      var rest = insets
      rest.top = 0
      return .partial(
        padded(piece, bottom: 0), remainder: PaddingNode(child: remainder, insets: rest, direction: direction)
      )
    case .deferred(let reason):
      return .deferred(reason: reason)
    }
  }
}

extension FixedFrameNode: FlowingNode {
  /// A frame that fixes only the width lets its content split; one with a height is placed whole.
  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    guard height == nil else { return wholeFlow(in: space, context: context) }
    let width = self.width ?? space.width
    return alignedFlow(
      child: child, width: width, in: space, alignment: alignment, direction: direction, context: context
    ) {
      FixedFrameNode(
        child: $0, width: self.width, height: nil, alignment: self.alignment, direction: self.direction)
    }
  }
}

extension FlexibleFrameNode: FlowingNode {
  /// A frame that limits only the width lets its content split; one with height limits is placed whole.
  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    guard height.min == nil, height.max == nil, height.ideal == nil else {
      return wholeFlow(in: space, context: context)
    }
    let childWidth = width.childProposal(space.width) ?? space.width
    let size = child.sizeThatFits(ProposedViewSize(width: childWidth, height: nil), context: context)
    let frameWidth = width.length(proposed: space.width, child: size.width)
    return alignedFlow(
      child: child, width: frameWidth, childWidth: childWidth, in: space, alignment: alignment,
      direction: direction,
      context: context
    ) {
      FlexibleFrameNode(
        child: $0, width: self.width, height: self.height, alignment: self.alignment,
        direction: self.direction)
    }
  }
}

/// Flows `child` at `childWidth` inside a frame `width` wide, aligning each piece horizontally.
private func alignedFlow(
  child: any LayoutNode, width: CGFloat, childWidth: CGFloat? = nil, in space: FlowSpace,
  alignment: Alignment,
  direction: LayoutDirection, context: LayoutContext, rewrap: @escaping (any LayoutNode) -> any LayoutNode
) -> FlowResult {
  let inner = FlowSpace(
    width: childWidth ?? width, available: space.available, pageHeight: space.pageHeight,
    isTopOfPage: space.isTopOfPage)
  func framed(_ piece: FlowPiece) -> FlowPiece {
    FlowPiece(size: CGSize(width: width, height: piece.size.height)) { origin, context in
      let rect = CGRect(origin: origin, size: CGSize(width: width, height: piece.size.height))
      let x = alignment.origin(of: piece.size, in: rect, direction: direction).x
      return Frame(name: "frame", rect: rect, children: [piece.place(CGPoint(x: x, y: origin.y), context)])
    }
  }
  switch child.layoutFlow(in: inner, context: context) {
  case .complete(let piece): return .complete(framed(piece))
  case .partial(let piece, let remainder): return .partial(framed(piece), remainder: rewrap(remainder))
  case .deferred(let reason): return .deferred(reason: reason)
  }
}
