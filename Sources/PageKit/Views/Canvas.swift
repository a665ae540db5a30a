import Foundation

/// A view drawn by a closure with paths, fills, strokes and text, as SwiftUI's `Canvas`; it takes the space it is offered.
public struct Canvas: View, SingleNodeView {
  let draw: (inout GraphicsContext, CGSize) -> Void

  public init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
    draw = renderer
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    CanvasNode(draw: draw, environment: environment)
  }
}

/// What a `Canvas` closure draws with; it records frames in the canvas's coordinates (origin top left).
public struct GraphicsContext {
  /// How a path is filled or stroked.
  public enum Shading {
    case color(Color)
    case linearGradient(Gradient, startPoint: CGPoint, endPoint: CGPoint)
    case radialGradient(Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
  }

  let origin: CGPoint
  let environment: EnvironmentValues
  let context: LayoutContext
  var frames: [Frame] = []
  /// The opacity of what is drawn next.
  public var opacity: Double = 1

  private func paint(_ shading: Shading) -> Paint {
    let scheme = environment.colorScheme
    func moved(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + origin.x, y: p.y + origin.y) }
    switch shading {
    case .color(let color): return .color(color.resolve(in: scheme).multiplyingAlpha(opacity))
    case .linearGradient(let gradient, let start, let end):
      return .linearGradient(stops: gradient.resolved(in: scheme), start: moved(start), end: moved(end))
    case .radialGradient(let gradient, let center, let r0, let r1):
      return .radialGradient(
        stops: gradient.resolved(in: scheme), center: moved(center), startRadius: r0, endRadius: r1)
    }
  }

  /// Fills `path` with `shading`.
  public mutating func fill(_ path: Path, with shading: Shading) {
    let moved = path.offsetBy(dx: origin.x, dy: origin.y)
    frames.append(Frame(name: "fill", rect: moved.boundingRect, content: .fill(moved, paint(shading))))
  }

  /// Strokes `path` with `shading`, `lineWidth` points wide.
  public mutating func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
    stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
  }

  /// Strokes `path` with `shading` in `style`.
  public mutating func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
    let moved = path.offsetBy(dx: origin.x, dy: origin.y)
    frames.append(
      Frame(name: "stroke", rect: moved.boundingRect, content: .stroke(moved, paint(shading), style)))
  }

  /// Draws `text` unwrapped with its `anchor` (a unit point of the text's box) at `point`.
  public mutating func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
    var env = environment
    if opacity < 1, case .color(let color) = paint(.color(.primary)) {
      env.foregroundStyle = AnyShapeStyle(
        Color(red: color.red, green: color.green, blue: color.blue, opacity: color.alpha))
    }
    let node = text.makeNode(in: env)
    let size = node.sizeThatFits(.unspecified, context: context)
    let topLeft = CGPoint(
      x: origin.x + point.x - size.width * anchor.x, y: origin.y + point.y - size.height * anchor.y)
    frames.append(node.place(in: CGRect(origin: topLeft, size: size), context: context))
  }

  /// Draws `image` scaled into `rect`.
  public mutating func draw(_ image: Image, in rect: CGRect) {
    let node = image.resizable().makeNode(in: environment)
    frames.append(node.place(in: rect.offsetBy(dx: origin.x, dy: origin.y), context: context))
  }

  /// The size `text` takes unwrapped, for placing it before drawing.
  public func measure(_ text: Text) -> CGSize {
    text.makeNode(in: environment).sizeThatFits(.unspecified, context: context)
  }
}

/// The node of a `Canvas`: it takes the proposal and runs the drawing closure when placed.
final class CanvasNode: LayoutNode {
  let draw: (inout GraphicsContext, CGSize) -> Void
  let environment: EnvironmentValues

  init(draw: @escaping (inout GraphicsContext, CGSize) -> Void, environment: EnvironmentValues) {
    self.draw = draw
    self.environment = environment
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    proposal.replacingUnspecifiedDimensions()
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    var graphics = GraphicsContext(origin: rect.origin, environment: environment, context: context)
    draw(&graphics, rect.size)
    return Frame(name: "Canvas", rect: rect, content: .clip(Path(rect)), children: graphics.frames)
  }
}
