import Foundation

extension View {
  /// This view with `insets` of space around it; leading and trailing follow the layout direction.
  public func padding(_ insets: EdgeInsets) -> some View {
    LayoutModified(content: self) { child, environment in
      PaddingNode(child: child, insets: insets, direction: environment.layoutDirection)
    }
  }

  /// This view with `length` points of space on `edges` (16 points when `length` is `nil`).
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    let value = length ?? 16
    return padding(
      EdgeInsets(
        top: edges.contains(.top) ? value : 0, leading: edges.contains(.leading) ? value : 0,
        bottom: edges.contains(.bottom) ? value : 0, trailing: edges.contains(.trailing) ? value : 0))
  }

  /// This view with `length` points of space on every edge.
  public func padding(_ length: CGFloat) -> some View {
    padding(.all, length)
  }
}

/// The node of `padding`: it offers its child the proposal less the insets and adds them back.
final class PaddingNode: WrappingNode {
  let child: any LayoutNode
  let insets: EdgeInsets
  let direction: LayoutDirection

  init(child: any LayoutNode, insets: EdgeInsets, direction: LayoutDirection) {
    self.child = child
    self.insets = insets
    self.direction = direction
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    let inner = ProposedViewSize(
      width: proposal.width.map { max(0, $0 - insets.horizontal) },
      height: proposal.height.map { max(0, $0 - insets.vertical) })
    let size = child.sizeThatFits(inner, context: context)
    return CGSize(width: size.width + insets.horizontal, height: size.height + insets.vertical)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let left = direction == .leftToRight ? insets.leading : insets.trailing
    let inner = CGRect(
      x: rect.minX + left, y: rect.minY + insets.top, width: max(0, rect.width - insets.horizontal),
      height: max(0, rect.height - insets.vertical))
    return Frame(name: "padding", rect: rect, children: [child.place(in: inner, context: context)])
  }
}
