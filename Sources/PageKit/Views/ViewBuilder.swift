/// Builds a list of views from the statements of a closure, as SwiftUI's `ViewBuilder` does.
///
/// It accepts expressions, `if`/`else`, `if let`, `switch` and `for` loops; the result is a
/// `ViewList`, whose elements become the children of the enclosing stack.
@resultBuilder
public enum ViewBuilder {
  public static func buildExpression<V: View>(_ view: V) -> ViewList {
    if let list = view as? ViewList { return list }
    return ViewList([AnyView(view)])
  }

  public static func buildBlock() -> ViewList { ViewList([]) }

  public static func buildBlock(_ parts: ViewList...) -> ViewList {
    ViewList(parts.flatMap(\.elements))
  }

  public static func buildOptional(_ part: ViewList?) -> ViewList { part ?? ViewList([]) }

  public static func buildEither(first: ViewList) -> ViewList { first }

  public static func buildEither(second: ViewList) -> ViewList { second }

  public static func buildArray(_ parts: [ViewList]) -> ViewList {
    ViewList(parts.flatMap(\.elements))
  }

  public static func buildLimitedAvailability(_ part: ViewList) -> ViewList { part }
}

/// The views a `ViewBuilder` closure produced, in order; it lays out as its elements would side by side in the parent.
public struct ViewList: View, PrimitiveView {
  /// The views, type-erased.
  public var elements: [AnyView]

  public init(_ elements: [AnyView]) {
    self.elements = elements
  }

  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {
    for element in elements {
      element.appendNodes(environment, &nodes)
    }
  }
}

/// A type-erased view.
public struct AnyView: View, PrimitiveView {
  let appendNodes: (EnvironmentValues, inout [any LayoutNode]) -> Void

  public init<V: View>(_ view: V) {
    if let any = view as? AnyView {
      self = any
    } else {
      appendNodes = { environment, nodes in ViewResolver.appendNodes(of: view, in: environment, into: &nodes)
      }
    }
  }

  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {
    appendNodes(environment, &nodes)
  }
}

/// A view that shows nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
  public init() {}

  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {}
}

/// Several views that become children of the enclosing container, as SwiftUI's `Group`.
public struct Group: View, PrimitiveView {
  let content: ViewList

  public init(@ViewBuilder content: () -> ViewList) {
    self.content = content()
  }

  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {
    content.makeNodes(in: environment, into: &nodes)
  }
}

/// One view per element of a collection, as SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection>: View, PrimitiveView {
  let data: Data
  let content: (Data.Element) -> ViewList

  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> ViewList) {
    self.data = data
    self.content = content
  }

  public init<ID: Hashable>(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> ViewList
  ) {
    self.init(data, content: content)
  }

  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {
    for element in data {
      content(element).makeNodes(in: environment, into: &nodes)
    }
  }
}
