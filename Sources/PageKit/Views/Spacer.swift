import Foundation

/// Flexible empty space that grows along the axis of the enclosing stack.
public struct Spacer: View, SingleNodeView {
  /// The least length the spacer keeps; `nil` is zero.
  public var minLength: CGFloat?

  public init(minLength: CGFloat? = nil) {
    self.minLength = minLength
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    SpacerNode(minLength: minLength ?? 0, axis: environment.stackAxis)
  }
}

/// The node of a `Spacer`: it takes what its stack offers along the stack's axis, and nothing across.
final class SpacerNode: LayoutNode {
  let minLength: CGFloat
  let axis: Axis?

  init(minLength: CGFloat, axis: Axis?) {
    self.minLength = minLength
    self.axis = axis
  }

  var spacerMinLength: CGFloat? { minLength }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    func along(_ value: CGFloat?) -> CGFloat { max(minLength, value ?? minLength) }
    switch axis {
    case .horizontal: return CGSize(width: along(proposal.width), height: 0)
    case .vertical: return CGSize(width: 0, height: along(proposal.height))
    case nil: return CGSize(width: along(proposal.width), height: along(proposal.height))
    }
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(name: "Spacer", rect: rect)
  }
}

/// A thin line across the enclosing stack: horizontal in a `VStack`, vertical in an `HStack`.
public struct Divider: View, SingleNodeView {
  public init() {}

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    DividerNode(
      vertical: environment.stackAxis == .horizontal,
      paint: .color(Color.secondary.resolve(in: environment.colorScheme).multiplyingAlpha(0.5)))
  }
}

/// The node of a `Divider`: one point thick, as long as it is offered.
final class DividerNode: LayoutNode {
  let vertical: Bool
  let paint: Paint
  static let thickness: CGFloat = 1

  init(vertical: Bool, paint: Paint) {
    self.vertical = vertical
    self.paint = paint
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    vertical
      ? CGSize(width: Self.thickness, height: proposal.height ?? Self.thickness)
      : CGSize(width: proposal.width ?? Self.thickness, height: Self.thickness)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(name: "Divider", rect: rect, content: .fill(Path(rect), paint))
  }
}
