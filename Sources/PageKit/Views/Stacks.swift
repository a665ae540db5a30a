import Foundation

/// Children side by side, leading to trailing (right to left when the layout direction says so).
public struct HStack: View, SingleNodeView {
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: ViewList

  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> ViewList
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    var inner = environment
    inner.stackAxis = .horizontal
    return StackNode(
      axis: .horizontal, alignment: alignment.fraction, spacing: spacing ?? StackNode.defaultSpacing,
      children: ViewResolver.nodes(of: content, in: inner), direction: environment.layoutDirection)
  }
}

/// Children one above the other.
public struct VStack: View, SingleNodeView {
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: ViewList

  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> ViewList
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    var inner = environment
    inner.stackAxis = .vertical
    return StackNode(
      axis: .vertical, alignment: alignment.fraction(in: environment.layoutDirection),
      spacing: spacing ?? StackNode.defaultSpacing, children: ViewResolver.nodes(of: content, in: inner),
      direction: environment.layoutDirection)
  }
}

/// Children on top of each other, the first at the back, aligned in the stack's frame.
public struct ZStack: View, SingleNodeView {
  let alignment: Alignment
  let content: ViewList

  public init(alignment: Alignment = .center, @ViewBuilder content: () -> ViewList) {
    self.alignment = alignment
    self.content = content()
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    var inner = environment
    inner.stackAxis = nil
    return ZStackNode(
      alignment: alignment, children: ViewResolver.nodes(of: content, in: inner),
      direction: environment.layoutDirection)
  }
}

/// The node of an `HStack` or `VStack`: one algorithm for both axes.
///
/// Space along the axis is shared as SwiftUI shares it: children of higher `layoutPriority` first;
/// within one priority, the least flexible child (smallest difference between its maximum and
/// minimum length) is offered an equal share of what is left first, so text and fixed frames take
/// what they need and flexible frames take the rest. Spacers keep their minimum length and share
/// what the other children of their priority leave.
final class StackNode: LayoutNode {
  /// The space between children when a stack does not set one.
  static let defaultSpacing: CGFloat = 8

  let axis: Axis
  /// Where children sit across the axis, from 0 (top or left) to 1 (bottom or right).
  let alignment: CGFloat
  let spacing: CGFloat
  let children: [any LayoutNode]
  let direction: LayoutDirection
  private var memo: [(ProposedViewSize, [CGSize])] = []

  init(
    axis: Axis, alignment: CGFloat, spacing: CGFloat, children: [any LayoutNode], direction: LayoutDirection
  ) {
    self.axis = axis
    self.alignment = alignment
    self.spacing = spacing
    self.children = children
    self.direction = direction
  }

  private var totalSpacing: CGFloat { spacing * CGFloat(max(children.count - 1, 0)) }

  /// The size of every child for `proposal`.
  func childSizes(_ proposal: ProposedViewSize, context: LayoutContext) -> [CGSize] {
    if let hit = memo.first(where: { $0.0 == proposal }) { return hit.1 }
    let sizes = computeChildSizes(proposal, context: context)
    if memo.count >= 4 { memo.removeFirst() }
    memo.append((proposal, sizes))
    return sizes
  }

  private func computeChildSizes(_ proposal: ProposedViewSize, context: LayoutContext) -> [CGSize] {
    let across = proposal[axis.other]
    guard let length = proposal[axis] else {
      return children.map {
        $0.sizeThatFits(ProposedViewSize(axis: axis, along: nil, across: across), context: context)
      }
    }
    let minimums = children.map {
      $0.sizeThatFits(ProposedViewSize(axis: axis, along: 0, across: across), context: context)[axis]
    }
    let maximums = children.map {
      $0.sizeThatFits(ProposedViewSize(axis: axis, along: .infinity, across: across), context: context)[axis]
    }
    var sizes = [CGSize](repeating: .zero, count: children.count)
    var remaining = length - totalSpacing
    let priorities = Set(children.map(\.layoutPriority)).sorted(by: >)
    for priority in priorities {
      let group = children.indices.filter { children[$0].layoutPriority == priority }
      let lowerMinimums = children.indices.filter { children[$0].layoutPriority < priority }
        .reduce(CGFloat(0)) { $0 + minimums[$1] }
      // Spacers keep their minimum length and share only what the other children leave.
      let spacers = group.filter { children[$0].spacerMinLength != nil }
      let others = group.filter { children[$0].spacerMinLength == nil }
      var left = remaining - lowerMinimums - spacers.reduce(CGFloat(0)) { $0 + minimums[$1] }
      var count = others.count
      for index in others.sorted(by: { maximums[$0] - minimums[$0] < maximums[$1] - minimums[$1] }) {
        let share = max(0, left / CGFloat(count))
        let size = children[index].sizeThatFits(
          ProposedViewSize(axis: axis, along: share, across: across), context: context)
        sizes[index] = size
        left -= size[axis]
        count -= 1
      }
      for index in spacers {
        let share = max(0, left / CGFloat(spacers.count)) + minimums[index]
        sizes[index] = children[index].sizeThatFits(
          ProposedViewSize(axis: axis, along: share, across: across), context: context)
      }
      remaining -= group.reduce(CGFloat(0)) { $0 + sizes[$1][axis] }
    }
    return sizes
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    let sizes = childSizes(proposal, context: context)
    let along = sizes.reduce(CGFloat(0)) { $0 + $1[axis] } + totalSpacing
    let across = sizes.map { $0[axis.other] }.max() ?? 0
    return CGSize(axis: axis, along: along, across: across)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let sizes = childSizes(ProposedViewSize(rect.size), context: context)
    let mirrored = axis == .horizontal && direction == .rightToLeft
    var offset: CGFloat = 0
    var frames: [Frame] = []
    frames.reserveCapacity(children.count)
    for (child, size) in zip(children, sizes) {
      let acrossOffset = (rect.size[axis.other] - size[axis.other]) * alignment
      let origin: CGPoint
      if axis == .horizontal {
        let x = mirrored ? rect.maxX - offset - size.width : rect.minX + offset
        origin = CGPoint(x: x, y: rect.minY + acrossOffset)
      } else {
        origin = CGPoint(x: rect.minX + acrossOffset, y: rect.minY + offset)
      }
      frames.append(child.place(in: CGRect(origin: origin, size: size), context: context))
      offset += size[axis] + spacing
    }
    return Frame(name: axis == .horizontal ? "HStack" : "VStack", rect: rect, children: frames)
  }
}

/// The node of a `ZStack`: as large as its largest child; children aligned inside.
final class ZStackNode: LayoutNode {
  let alignment: Alignment
  let children: [any LayoutNode]
  let direction: LayoutDirection

  init(alignment: Alignment, children: [any LayoutNode], direction: LayoutDirection) {
    self.alignment = alignment
    self.children = children
    self.direction = direction
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    children.reduce(CGSize.zero) { size, child in
      let childSize = child.sizeThatFits(proposal, context: context)
      return CGSize(width: max(size.width, childSize.width), height: max(size.height, childSize.height))
    }
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let frames = children.map { child -> Frame in
      let size = child.sizeThatFits(ProposedViewSize(rect.size), context: context)
      let origin = alignment.origin(of: size, in: rect, direction: direction)
      return child.place(in: CGRect(origin: origin, size: size), context: context)
    }
    return Frame(name: "ZStack", rect: rect, children: frames)
  }
}
