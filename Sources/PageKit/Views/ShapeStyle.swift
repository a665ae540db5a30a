import Foundation

/// Something a shape can be filled or stroked with: a colour or a gradient.
public protocol ShapeStyle: Sendable {
  /// The paint this style stands for over `rect` in `environment`.
  func resolve(in rect: CGRect, environment: EnvironmentValues) -> Paint
}

/// A resolved fill: one colour, or a gradient in page coordinates.
public enum Paint: Hashable, Sendable {
  case color(RGBAColor)
  case linearGradient(stops: [GradientStop], start: CGPoint, end: CGPoint)
  case radialGradient(stops: [GradientStop], center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
}

/// A colour at a location (0 to 1) of a gradient.
public struct GradientStop: Hashable, Sendable {
  public var color: RGBAColor
  public var location: Double
}

/// A type-erased shape style.
public struct AnyShapeStyle: ShapeStyle {
  let base: any ShapeStyle

  public init(_ style: some ShapeStyle) {
    base = style
  }

  public func resolve(in rect: CGRect, environment: EnvironmentValues) -> Paint {
    base.resolve(in: rect, environment: environment)
  }
}

/// The colours of a gradient and where they sit.
public struct Gradient: Sendable, Hashable {
  /// A colour at a location from 0 to 1.
  public struct Stop: Sendable, Hashable {
    public var color: Color
    public var location: Double

    public init(color: Color, location: Double) {
      self.color = color
      self.location = location
    }
  }

  public var stops: [Stop]

  public init(stops: [Stop]) {
    self.stops = stops
  }

  /// Colours spread evenly from 0 to 1.
  public init(colors: [Color]) {
    let last = Double(max(colors.count - 1, 1))
    stops = colors.enumerated().map { Stop(color: $1, location: Double($0) / last) }
  }

  func resolved(in scheme: ColorScheme) -> [GradientStop] {
    stops.map { GradientStop(color: $0.color.resolve(in: scheme), location: $0.location) }
  }
}

/// A gradient along a line between two unit points; as a view it fills the space it is offered.
public struct LinearGradient: ShapeStyle, View, SingleNodeView {
  public var gradient: Gradient
  public var startPoint: UnitPoint
  public var endPoint: UnitPoint

  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
    self.gradient = gradient
    self.startPoint = startPoint
    self.endPoint = endPoint
  }

  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
  }

  public func resolve(in rect: CGRect, environment: EnvironmentValues) -> Paint {
    .linearGradient(
      stops: gradient.resolved(in: environment.colorScheme), start: startPoint.point(in: rect),
      end: endPoint.point(in: rect))
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    ShapeNode(
      name: "LinearGradient", path: { Path($0) }, fill: AnyShapeStyle(self), stroke: nil,
      environment: environment)
  }
}

/// A gradient in circles around a centre; as a view it fills the space it is offered.
public struct RadialGradient: ShapeStyle, View, SingleNodeView {
  public var gradient: Gradient
  public var center: UnitPoint
  public var startRadius: CGFloat
  public var endRadius: CGFloat

  public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.gradient = gradient
    self.center = center
    self.startRadius = startRadius
    self.endRadius = endRadius
  }

  public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.init(
      gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
  }

  public func resolve(in rect: CGRect, environment: EnvironmentValues) -> Paint {
    .radialGradient(
      stops: gradient.resolved(in: environment.colorScheme), center: center.point(in: rect),
      startRadius: startRadius, endRadius: endRadius)
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    ShapeNode(
      name: "RadialGradient", path: { Path($0) }, fill: AnyShapeStyle(self), stroke: nil,
      environment: environment)
  }
}
