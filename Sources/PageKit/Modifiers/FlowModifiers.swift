import Foundation

extension View {
  /// Keeps this view whole on one page: when it does not fit in the space left, it moves to the next
  /// page; it is split only when it is taller than an empty page.
  public func keepTogether() -> some View {
    LayoutModified(content: self) { child, _ in KeepTogetherNode(child: child) }
  }

  /// Keeps this view on the same page as what follows it: a heading never ends a page.
  public func keepWithNext() -> some View {
    LayoutModified(content: self) { child, _ in KeepWithNextNode(child: child) }
  }
}

/// Ends the current page; what follows starts on the next one.
public struct PageBreak: View, SingleNodeView {
  public init() {}

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode { PageBreakNode() }
}

/// The node of `PageBreak`.
final class PageBreakNode: LayoutNode, FlowTraitsProviding {
  var traits: FlowTraits { FlowTraits(isPageBreak: true) }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize { .zero }

  func place(in rect: CGRect, context: LayoutContext) -> Frame { Frame(name: "PageBreak", rect: rect) }
}

/// The node of `keepTogether`.
final class KeepTogetherNode: WrappingNode, FlowingNode, FlowTraitsProviding {
  let child: any LayoutNode

  init(child: any LayoutNode) {
    self.child = child
  }

  var traits: FlowTraits { child.flowTraits }

  func place(in rect: CGRect, context: LayoutContext) -> Frame { child.place(in: rect, context: context) }

  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    let size = child.sizeThatFits(ProposedViewSize(width: space.width, height: nil), context: context)
    if size.height <= space.available + LayoutTolerance.points { return .complete(.whole(child, size: size)) }
    // Taller than an empty page: splitting is the only way to show all of it.
    if size.height > space.pageHeight + LayoutTolerance.points {
      return child.layoutFlow(in: space, context: context)
    }
    return space.isTopOfPage
      ? .complete(.whole(child, size: size))
      : .deferred(reason: .doesNotFit(height: size.height, available: space.available))
  }
}

/// The node of `keepWithNext`.
final class KeepWithNextNode: WrappingNode, FlowingNode, FlowTraitsProviding {
  let child: any LayoutNode

  init(child: any LayoutNode) {
    self.child = child
  }

  var traits: FlowTraits {
    var traits = child.flowTraits
    traits.keepWithNext = true
    return traits
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame { child.place(in: rect, context: context) }

  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    switch child.layoutFlow(in: space, context: context) {
    case .partial(let piece, let remainder):
      return .partial(piece, remainder: KeepWithNextNode(child: remainder))
    case let other: return other
    }
  }
}
