import Foundation

/// A piece of a page, described by its `body` the way SwiftUI describes views.
///
/// Built-in views (`Text`, `HStack`, `Rectangle`…) are primitive: their `body` is `Never` and the
/// layout engine turns them straight into layout nodes. Every other view is resolved through its body.
public protocol View {
  /// The type of view this view is made of.
  associatedtype Body: View
  /// The content of this view.
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public var body: Never { return fatalError("Never has no body") }
}

/// A view the layout engine turns into layout nodes without asking for a body.
protocol PrimitiveView {
  /// Appends the nodes of this view, resolved in `environment`, to `nodes`.
  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode])
}

/// A primitive view that always makes exactly one node.
protocol SingleNodeView: PrimitiveView {
  /// The node of this view resolved in `environment`.
  func makeNode(in environment: EnvironmentValues) -> any LayoutNode
}

extension SingleNodeView {
  func makeNodes(in environment: EnvironmentValues, into nodes: inout [any LayoutNode]) {
    nodes.append(makeNode(in: environment))
  }
}

extension View {
  /// Primitive views have no body; asking for it is a programming error.
  public var body: Never {
    return fatalError("\(Self.self) is a primitive view and has no body")
  }
}

/// Turns views into the layout nodes that measure and place them.
package enum ViewResolver {
  /// The nodes `view` stands for in `environment`: several for a `Group`, `ForEach` or builder block.
  public static func nodes<V: View>(of view: V, in environment: EnvironmentValues) -> [any LayoutNode] {
    var nodes: [any LayoutNode] = []
    appendNodes(of: view, in: environment, into: &nodes)
    return nodes
  }

  /// The single node `view` stands for; several views are stacked vertically, none is an empty view.
  public static func node<V: View>(of view: V, in environment: EnvironmentValues) -> any LayoutNode {
    if let single = view as? any SingleNodeView {
      return single.makeNode(in: environment)
    }
    let list = nodes(of: view, in: environment)
    switch list.count {
    case 0: return EmptyNode()
    case 1: return list[0]
    default:
      return StackNode(
        axis: .vertical, alignment: 0.5, spacing: StackNode.defaultSpacing, children: list,
        direction: environment.layoutDirection)
    }
  }

  static func appendNodes<V: View>(
    of view: V, in environment: EnvironmentValues, into nodes: inout [any LayoutNode]
  ) {
    if let primitive = view as? any PrimitiveView {
      primitive.makeNodes(in: environment, into: &nodes)
      return
    }
    if let shape = view as? any Shape {
      nodes.append(shape.makeNode(in: environment))
      return
    }
    let body = EnvironmentValues.$current.withValue(environment) { view.body }
    appendNodes(of: body, in: environment, into: &nodes)
  }
}
