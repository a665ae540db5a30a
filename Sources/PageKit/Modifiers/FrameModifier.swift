import Foundation

extension View {
  /// This view in a frame of a fixed width, height or both, with the view aligned inside it.
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
    -> some View
  {
    LayoutModified(content: self) { child, environment in
      FixedFrameNode(
        child: child, width: width, height: height, alignment: alignment,
        direction: environment.layoutDirection)
    }
  }

  /// This view in a frame that is at least the minimum, at most the maximum, and the ideal when asked for its ideal size.
  ///
  /// As in SwiftUI, `maxWidth: .infinity` makes the frame take all the width it is offered.
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
    idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View {
    LayoutModified(content: self) { child, environment in
      FlexibleFrameNode(
        child: child, width: FlexibleFrameNode.Limits(min: minWidth, ideal: idealWidth, max: maxWidth),
        height: FlexibleFrameNode.Limits(min: minHeight, ideal: idealHeight, max: maxHeight),
        alignment: alignment, direction: environment.layoutDirection)
    }
  }

  /// This view at its ideal size along the chosen axes, whatever it is offered.
  public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
    LayoutModified(content: self) { child, _ in
      FixedSizeNode(child: child, horizontal: horizontal, vertical: vertical)
    }
  }

  /// This view with a priority for the space its stack shares out: higher goes first.
  public func layoutPriority(_ value: Double) -> some View {
    LayoutModified(content: self) { child, _ in PriorityNode(child: child, priority: value) }
  }
}

/// The node of `frame(width:height:alignment:)`.
final class FixedFrameNode: WrappingNode {
  let child: any LayoutNode
  let width: CGFloat?
  let height: CGFloat?
  let alignment: Alignment
  let direction: LayoutDirection

  init(
    child: any LayoutNode, width: CGFloat?, height: CGFloat?, alignment: Alignment, direction: LayoutDirection
  ) {
    (self.child, self.alignment, self.direction) = (child, alignment, direction)
    (self.width, self.height) = (width, height)
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    if let width, let height { return CGSize(width: width, height: height) }
    let size = child.sizeThatFits(
      ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height), context: context)
    return CGSize(width: width ?? size.width, height: height ?? size.height)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    placeAligned(in: rect, alignment: alignment, direction: direction, name: "frame", context: context)
  }
}

/// The node of `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
final class FlexibleFrameNode: WrappingNode {
  /// The minimum, ideal and maximum of one axis.
  struct Limits {
    var min: CGFloat?
    var ideal: CGFloat?
    var max: CGFloat?

    /// What the frame offers its child for a proposed length.
    func childProposal(_ proposed: CGFloat?) -> CGFloat? {
      guard var length = proposed ?? ideal else { return nil }
      if let max { length = Swift.min(length, max) }
      if let min { length = Swift.max(length, min) }
      return length
    }

    /// The frame's own length for a proposed length, given the child's.
    func length(proposed: CGFloat?, child: CGFloat) -> CGFloat {
      let offered = proposed ?? ideal
      var result = child
      if let min { result = Swift.max(min, Swift.min(result, offered ?? result)) }
      if let max { result = Swift.min(max, Swift.max(result, offered ?? result)) }
      if min == nil, max == nil, proposed == nil, let ideal { result = ideal }
      return result
    }
  }

  let child: any LayoutNode
  let width: Limits
  let height: Limits
  let alignment: Alignment
  let direction: LayoutDirection

  init(child: any LayoutNode, width: Limits, height: Limits, alignment: Alignment, direction: LayoutDirection)
  {
    self.child = child
    self.width = width
    self.height = height
    self.alignment = alignment
    self.direction = direction
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    let inner = ProposedViewSize(
      width: width.childProposal(proposal.width), height: height.childProposal(proposal.height))
    let size = child.sizeThatFits(inner, context: context)
    return CGSize(
      width: width.length(proposed: proposal.width, child: size.width),
      height: height.length(proposed: proposal.height, child: size.height))
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    placeAligned(in: rect, alignment: alignment, direction: direction, name: "frame", context: context)
  }
}

/// The node of `fixedSize`: it proposes `nil` (the ideal size) on the fixed axes.
final class FixedSizeNode: WrappingNode {
  let child: any LayoutNode
  let horizontal: Bool
  let vertical: Bool

  init(child: any LayoutNode, horizontal: Bool, vertical: Bool) {
    self.child = child
    self.horizontal = horizontal
    self.vertical = vertical
  }

  private func inner(_ proposal: ProposedViewSize) -> ProposedViewSize {
    ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    child.sizeThatFits(inner(proposal), context: context)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    child.place(in: rect, context: context)
  }
}

/// The node of `layoutPriority`.
final class PriorityNode: WrappingNode {
  let child: any LayoutNode
  let layoutPriority: Double

  init(child: any LayoutNode, priority: Double) {
    self.child = child
    self.layoutPriority = priority
  }

  var spacerMinLength: CGFloat? { child.spacerMinLength }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    child.place(in: rect, context: context)
  }
}
