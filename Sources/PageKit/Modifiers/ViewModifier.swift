/// A reusable change to a view, applied with `.modifier(_:)`, as SwiftUI's `ViewModifier`.
public protocol ViewModifier {
  associatedtype Body: View
  /// The view that the modifier wraps.
  typealias Content = ModifierContent
  /// The modified view made from `content`.
  @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` receives: the view it modifies.
public struct ModifierContent: View, PrimitiveView {
  let content: AnyView

  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {
    content.makeNodes(in: environment, into: &nodes)
  }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PrimitiveView {
  public var content: Content
  public var modifier: Modifier

  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }

  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {
    let body = EnvironmentValues.$current.withValue(environment) {
      modifier.body(content: ModifierContent(content: AnyView(content)))
    }
    ViewResolver.appendNodes(of: body, in: environment, into: &nodes)
  }
}

/// A view whose node wraps its content's node: how the built-in layout modifiers are made.
struct LayoutModified<Content: View>: View, SingleNodeView {
  let content: Content
  let wrap: (any LayoutNode, EnvironmentValues) -> any LayoutNode

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    wrap(ViewResolver.node(of: content, in: environment), environment)
  }
}

extension View {
  /// This view with `modifier` applied.
  public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
    ModifiedContent(content: self, modifier: modifier)
  }

  /// This view with the environment value at `keyPath` set to `value`.
  public func environment<V: Sendable>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable, _ value: V
  ) -> some View {
    TransformedEnvironment(content: self) { $0[keyPath: keyPath] = value }
  }

  /// This view with its environment changed by `transform`.
  public func transformEnvironment(_ transform: @escaping @Sendable (inout EnvironmentValues) -> Void)
    -> some View
  {
    TransformedEnvironment(content: self, transform: transform)
  }
}

/// A view whose content sees a changed environment.
struct TransformedEnvironment<Content: View>: View, PrimitiveView {
  let content: Content
  let transform: @Sendable (inout EnvironmentValues) -> Void

  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {
    var changed = environment
    transform(&changed)
    ViewResolver.appendNodes(of: content, in: changed, into: &nodes)
  }
}
