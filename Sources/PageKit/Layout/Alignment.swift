import Foundation

/// Where a view sits horizontally inside a larger space; leading and trailing follow the layout direction.
public enum HorizontalAlignment: Hashable, Sendable {
  case leading
  case center
  case trailing

  /// The fraction of the free space placed before the view (0 left, 1 right) in `direction`.
  func fraction(in direction: LayoutDirection) -> CGFloat {
    switch (self, direction) {
    case (.center, _): return 0.5
    case (.leading, .leftToRight), (.trailing, .rightToLeft): return 0
    case (.trailing, .leftToRight), (.leading, .rightToLeft): return 1
    }
  }
}

/// Where a view sits vertically inside a larger space.
public enum VerticalAlignment: Hashable, Sendable {
  case top
  case center
  case bottom

  /// The fraction of the free space placed above the view.
  var fraction: CGFloat {
    switch self {
    case .top: return 0
    case .center: return 0.5
    case .bottom: return 1
    }
  }
}

/// A horizontal and a vertical alignment together, as SwiftUI's `Alignment`.
public struct Alignment: Hashable, Sendable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment

  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public static let center = Alignment(horizontal: .center, vertical: .center)
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  public static let top = Alignment(horizontal: .center, vertical: .top)
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

  /// The origin of a child of `size` aligned inside `rect` for `direction`.
  func origin(of size: CGSize, in rect: CGRect, direction: LayoutDirection) -> CGPoint {
    CGPoint(
      x: rect.minX + (rect.width - size.width) * horizontal.fraction(in: direction),
      y: rect.minY + (rect.height - size.height) * vertical.fraction)
  }
}

/// The direction in which a page's content reads.
public enum LayoutDirection: Hashable, Sendable {
  case leftToRight
  case rightToLeft
}

/// A point in a view's unit square: (0, 0) is the top leading corner.
public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat
  public var y: CGFloat

  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }

  public static let zero = UnitPoint(x: 0, y: 0)
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  public static let leading = UnitPoint(x: 0, y: 0.5)
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  public static let top = UnitPoint(x: 0.5, y: 0)
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  public static let topLeading = UnitPoint(x: 0, y: 0)
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)

  /// The point this unit point names inside `rect`.
  public func point(in rect: CGRect) -> CGPoint {
    CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
  }
}

/// The insets on each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
  public var top: CGFloat
  public var leading: CGFloat
  public var bottom: CGFloat
  public var trailing: CGFloat

  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on all four edges.
  public init(_ all: CGFloat) {
    self.init(top: all, leading: all, bottom: all, trailing: all)
  }

  var horizontal: CGFloat { leading + trailing }
  var vertical: CGFloat { top + bottom }
}

/// The edges of a rectangle, for `padding(_:_:)`.
public enum Edge: Hashable, Sendable {
  case top, leading, bottom, trailing

  /// A set of edges.
  public struct Set: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = Set(rawValue: 1)
    public static let leading = Set(rawValue: 2)
    public static let bottom = Set(rawValue: 4)
    public static let trailing = Set(rawValue: 8)
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
    public static let all: Set = [.top, .leading, .bottom, .trailing]
  }
}
