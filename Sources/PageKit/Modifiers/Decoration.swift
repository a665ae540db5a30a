import Foundation

extension View {
  /// This view with `content` behind it, offered this view's size and aligned in it.
  public func background<B: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> B)
    -> some View
  {
    let secondary = content()
    return LayoutModified(content: self) { child, environment in
      LayeredNode(
        primary: child, secondary: ViewResolver.node(of: secondary, in: environment), behind: true,
        alignment: alignment, direction: environment.layoutDirection)
    }
  }

  /// This view with its frame filled by `style` behind it.
  public func background(_ style: some ShapeStyle) -> some View {
    background { Rectangle().fill(style) }
  }

  /// This view with `shape` filled by `style` behind it.
  public func background(_ style: some ShapeStyle, in shape: some Shape) -> some View {
    background { shape.fill(style) }
  }

  /// This view with `content` in front of it, offered this view's size and aligned in it.
  public func overlay<O: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> O) -> some View {
    let secondary = content()
    return LayoutModified(content: self) { child, environment in
      LayeredNode(
        primary: child, secondary: ViewResolver.node(of: secondary, in: environment), behind: false,
        alignment: alignment, direction: environment.layoutDirection)
    }
  }

  /// This view with a border of `width` points drawn inside its frame.
  public func border(_ style: some ShapeStyle, width: CGFloat = 1) -> some View {
    overlay { Rectangle().strokeBorder(style, lineWidth: width) }
  }

  /// This view drawn only inside `shape`.
  public func clipShape(_ shape: some Shape) -> some View {
    LayoutModified(content: self) { child, _ in
      EffectNode(child: child, name: "clipShape") { rect in .clip(shape.path(in: rect)) }
    }
  }

  /// This view drawn only inside its frame.
  public func clipped() -> some View {
    clipShape(Rectangle())
  }

  /// This view clipped to a rectangle with rounded corners.
  public func cornerRadius(_ radius: CGFloat) -> some View {
    clipShape(RoundedRectangle(cornerRadius: radius))
  }

  /// This view drawn with `opacity` (0 transparent, 1 opaque).
  public func opacity(_ opacity: Double) -> some View {
    LayoutModified(content: self) { child, _ in
      EffectNode(child: child, name: "opacity") { _ in .opacity(min(max(opacity, 0), 1)) }
    }
  }

  /// This view with a shadow of `color`, blurred by `radius` points and moved by `x`, `y`.
  public func shadow(
    color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
  )
    -> some View
  {
    LayoutModified(content: self) { child, environment in
      let shadow = Shadow(color: color.resolve(in: environment.colorScheme), radius: radius, x: x, y: y)
      return EffectNode(child: child, name: "shadow") { _ in .shadow(shadow) }
    }
  }

  /// This view drawn moved by `x` and `y` points, without changing its layout.
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
    LayoutModified(content: self) { child, _ in OffsetNode(child: child, offset: CGSize(width: x, height: y))
    }
  }

  /// This view drawn moved by `offset`, without changing its layout.
  public func offset(_ offset: CGSize) -> some View {
    self.offset(x: offset.width, y: offset.height)
  }

  /// This view as a clickable area that opens `url` in a PDF reader.
  public func link(_ url: URL) -> some View {
    LayoutModified(content: self) { child, _ in LinkNode(child: child, url: url) }
  }
}

/// The node of `background` and `overlay`: a primary child that decides the size, and a secondary one offered that size.
final class LayeredNode: LayoutNode {
  let primary: any LayoutNode
  let secondary: any LayoutNode
  let behind: Bool
  let alignment: Alignment
  let direction: LayoutDirection

  init(
    primary: any LayoutNode, secondary: any LayoutNode, behind: Bool, alignment: Alignment,
    direction: LayoutDirection
  ) {
    self.primary = primary
    self.secondary = secondary
    self.behind = behind
    self.alignment = alignment
    self.direction = direction
  }

  var layoutPriority: Double { primary.layoutPriority }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    primary.sizeThatFits(proposal, context: context)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let main = primary.place(in: rect, context: context)
    let size = secondary.sizeThatFits(ProposedViewSize(rect.size), context: context)
    let other = secondary.place(
      in: CGRect(origin: alignment.origin(of: size, in: rect, direction: direction), size: size),
      context: context)
    return Frame(
      name: behind ? "background" : "overlay", rect: rect, children: behind ? [other, main] : [main, other])
  }
}

/// A node that draws its child through an effect (clip, opacity, shadow) made for the child's rectangle.
final class EffectNode: WrappingNode {
  let child: any LayoutNode
  let name: String
  let effect: (CGRect) -> Frame.Content

  init(child: any LayoutNode, name: String, effect: @escaping (CGRect) -> Frame.Content) {
    self.child = child
    self.name = name
    self.effect = effect
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(name: name, rect: rect, content: effect(rect), children: [child.place(in: rect, context: context)])
  }
}

/// The node of `offset`: laid out in place, drawn moved.
final class OffsetNode: WrappingNode {
  let child: any LayoutNode
  let offset: CGSize

  init(child: any LayoutNode, offset: CGSize) {
    self.child = child
    self.offset = offset
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let moved = rect.offsetBy(dx: offset.width, dy: offset.height)
    return Frame(name: "offset", rect: rect, children: [child.place(in: moved, context: context)])
  }
}

/// The node of `link`: the child, with a clickable area over it.
final class LinkNode: WrappingNode {
  let child: any LayoutNode
  let url: URL

  init(child: any LayoutNode, url: URL) {
    self.child = child
    self.url = url
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(
      name: "link", rect: rect,
      children: [
        child.place(in: rect, context: context), Frame(name: "Link", rect: rect, content: .link(url)),
      ])
  }
}
