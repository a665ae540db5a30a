import Foundation

/// A size a parent proposes to a child: `nil` asks for the ideal size, `0` for the minimum, `.infinity` for the maximum.
public struct ProposedViewSize: Hashable, Sendable {
  /// The proposed width, or `nil` for the child's ideal width.
  public var width: CGFloat?
  /// The proposed height, or `nil` for the child's ideal height.
  public var height: CGFloat?

  public init(width: CGFloat?, height: CGFloat?) {
    self.width = width
    self.height = height
  }

  public init(_ size: CGSize) {
    self.init(width: size.width, height: size.height)
  }

  /// Both dimensions unspecified: the child's ideal size.
  public static let unspecified = ProposedViewSize(width: nil, height: nil)
  /// Both dimensions zero: the child's minimum size.
  public static let zero = ProposedViewSize(width: 0, height: 0)
  /// Both dimensions infinite: the child's maximum size.
  public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

  /// The proposal with `nil` dimensions replaced by those of `size`.
  public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
    CGSize(width: width ?? size.width, height: height ?? size.height)
  }

  /// The proposed length along `axis`.
  public subscript(axis: Axis) -> CGFloat? {
    get { axis == .horizontal ? width : height }
    set {
      if axis == .horizontal { width = newValue } else { height = newValue }
    }
  }

  /// A proposal given as a length along `axis` and one across it.
  public init(axis: Axis, along: CGFloat?, across: CGFloat?) {
    if axis == .horizontal {
      self.init(width: along, height: across)
    } else {
      self.init(width: across, height: along)
    }
  }
}

/// The two axes of a page.
public enum Axis: Hashable, Sendable {
  case horizontal
  case vertical

  /// The other axis.
  public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension CGSize {
  /// The length along `axis`.
  public subscript(axis: Axis) -> CGFloat {
    get { axis == .horizontal ? width : height }
    set {
      if axis == .horizontal { width = newValue } else { height = newValue }
    }
  }

  /// A size given as a length along `axis` and one across it.
  public init(axis: Axis, along: CGFloat, across: CGFloat) {
    if axis == .horizontal {
      self.init(width: along, height: across)
    } else {
      self.init(width: across, height: along)
    }
  }
}
