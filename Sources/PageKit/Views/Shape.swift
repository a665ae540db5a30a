import Foundation

/// A 2D outline that fits a rectangle; as a view it fills the space it is offered with the foreground style.
public protocol Shape: View, Sendable {
  /// The outline of the shape in `rect`.
  func path(in rect: CGRect) -> Path
}

extension Shape {
  /// This shape filled with `style`.
  public func fill(_ style: some ShapeStyle = Color.primary) -> ShapeView<Self> {
    ShapeView(shape: self, fill: AnyShapeStyle(style), stroke: nil)
  }

  /// This shape's outline stroked with `style`, `lineWidth` points wide.
  public func stroke(_ style: some ShapeStyle = Color.primary, lineWidth: CGFloat = 1) -> ShapeView<Self> {
    ShapeView(shape: self, fill: nil, stroke: (AnyShapeStyle(style), StrokeStyle(lineWidth: lineWidth)))
  }

  /// This shape's outline stroked with `content` in `style`.
  public func stroke(_ content: some ShapeStyle, style: StrokeStyle) -> ShapeView<Self> {
    ShapeView(shape: self, fill: nil, stroke: (AnyShapeStyle(content), style))
  }
}

extension Shape {
  /// The node of a shape used as a view: filled with the foreground style.
  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    let shape = self
    return ShapeNode(
      name: "\(Self.self)", path: { shape.path(in: $0) },
      fill: environment.foregroundStyle ?? AnyShapeStyle(Color.primary), stroke: nil,
      environment: environment)
  }

  /// This shape's outline stroked inside its frame, so the whole line width shows.
  public func strokeBorder(_ style: some ShapeStyle = Color.primary, lineWidth: CGFloat = 1) -> ShapeView<
    Self
  > {
    ShapeView(
      shape: self, fill: nil, stroke: (AnyShapeStyle(style), StrokeStyle(lineWidth: lineWidth)), inset: true)
  }
}

/// How a path is stroked: width, caps, joins and dashes.
public struct StrokeStyle: Hashable, Sendable {
  public var lineWidth: CGFloat
  public var lineCap: LineCap
  public var lineJoin: LineJoin
  public var dash: [CGFloat]

  public init(
    lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, dash: [CGFloat] = []
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.dash = dash
  }

  public enum LineCap: Hashable, Sendable { case butt, round, square }
  public enum LineJoin: Hashable, Sendable { case miter, round, bevel }
}

/// A shape with a fill or a stroke; it takes the space it is offered.
public struct ShapeView<S: Shape>: View, SingleNodeView {
  let shape: S
  let fill: AnyShapeStyle?
  let stroke: (AnyShapeStyle, StrokeStyle)?
  var inset = false

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    let shape = self.shape
    return ShapeNode(
      name: "\(S.self)", path: { shape.path(in: $0) }, fill: fill, stroke: stroke, insetStroke: inset,
      environment: environment)
  }
}

/// A rectangle.
public struct Rectangle: Shape {
  public init() {}
  public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
  public var cornerSize: CGSize

  public init(cornerRadius: CGFloat) {
    cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
  }

  public init(cornerSize: CGSize) {
    self.cornerSize = cornerSize
  }

  public func path(in rect: CGRect) -> Path {
    var path = Path()
    path.addRoundedRect(in: rect, cornerSize: cornerSize)
    return path
  }
}

/// A circle centred in its rectangle, as wide as the shorter side.
public struct Circle: Shape {
  public init() {}

  public func path(in rect: CGRect) -> Path {
    let side = min(rect.width, rect.height)
    return Path(
      ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
  }
}

/// An ellipse that fills its rectangle.
public struct Ellipse: Shape {
  public init() {}
  public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// A rectangle whose shorter sides are half circles.
public struct Capsule: Shape {
  public init() {}

  public func path(in rect: CGRect) -> Path {
    let radius = min(rect.width, rect.height) / 2
    return Path(roundedRect: rect, cornerRadius: radius)
  }
}

extension Path: Shape {
  /// The path itself, placed at the rectangle's origin.
  public func path(in rect: CGRect) -> Path { offsetBy(dx: rect.minX, dy: rect.minY) }
}

/// The node of a shape, colour or gradient: it takes the whole proposal and draws its path there.
final class ShapeNode: LayoutNode {
  let name: String
  let path: (CGRect) -> Path
  let fill: AnyShapeStyle?
  let stroke: (AnyShapeStyle, StrokeStyle)?
  let insetStroke: Bool
  let environment: EnvironmentValues

  init(
    name: String, path: @escaping (CGRect) -> Path, fill: AnyShapeStyle?,
    stroke: (AnyShapeStyle, StrokeStyle)?,
    insetStroke: Bool = false, environment: EnvironmentValues
  ) {
    self.name = name
    self.path = path
    self.fill = fill
    self.stroke = stroke
    self.insetStroke = insetStroke
    self.environment = environment
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    proposal.replacingUnspecifiedDimensions()
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    var outline = path(rect)
    if let fill {
      return Frame(
        name: name, rect: rect, content: .fill(outline, fill.resolve(in: rect, environment: environment)))
    }
    guard let (style, strokeStyle) = stroke else { return Frame(name: name, rect: rect) }
    // A stroke is centred on the outline; `strokeBorder` insets it so the stroke stays inside the frame.
    if insetStroke {
      let inner = rect.insetBy(dx: strokeStyle.lineWidth / 2, dy: strokeStyle.lineWidth / 2)
      if inner.width > 0, inner.height > 0 { outline = path(inner) }
    }
    return Frame(
      name: name, rect: rect,
      content: .stroke(outline, style.resolve(in: rect, environment: environment), strokeStyle))
  }
}
