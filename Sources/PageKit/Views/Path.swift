import Foundation

/// An outline made of lines and curves, in points; as a view it fills itself with the foreground style.
public struct Path: Hashable, Sendable {
  /// One drawing step of a path.
  public enum Element: Hashable, Sendable {
    case move(to: CGPoint)
    case line(to: CGPoint)
    case quadCurve(to: CGPoint, control: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case closeSubpath
  }

  public private(set) var elements: [Element] = []
  private var current = CGPoint.zero

  public init() {}

  /// A rectangle.
  public init(_ rect: CGRect) {
    addRect(rect)
  }

  /// A rectangle with rounded corners.
  public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius))
  }

  /// An ellipse inscribed in `rect`.
  public init(ellipseIn rect: CGRect) {
    addEllipse(in: rect)
  }

  /// A path built by `build`.
  public init(_ build: (inout Path) -> Void) {
    build(&self)
  }

  public var isEmpty: Bool { elements.isEmpty }

  public mutating func move(to point: CGPoint) {
    elements.append(.move(to: point))
    current = point
  }

  public mutating func addLine(to point: CGPoint) {
    elements.append(.line(to: point))
    current = point
  }

  public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
    elements.append(.quadCurve(to: point, control: control))
    current = point
  }

  public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
    elements.append(.curve(to: point, control1: control1, control2: control2))
    current = point
  }

  public mutating func closeSubpath() {
    elements.append(.closeSubpath)
  }

  /// Straight lines through `points`, starting a new subpath at the first.
  public mutating func addLines(_ points: [CGPoint]) {
    guard let first = points.first else { return }
    move(to: first)
    for point in points.dropFirst() { addLine(to: point) }
  }

  public mutating func addRect(_ rect: CGRect) {
    move(to: CGPoint(x: rect.minX, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
    addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
    closeSubpath()
  }

  /// A rounded rectangle; the corner size is limited to half the rectangle's sides.
  public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize) {
    let rx = min(cornerSize.width, rect.width / 2)
    let ry = min(cornerSize.height, rect.height / 2)
    guard rx > 0, ry > 0 else { return addRect(rect) }
    let k: CGFloat = 0.5522847498
    move(to: CGPoint(x: rect.minX + rx, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX - rx, y: rect.minY))
    addCurve(
      to: CGPoint(x: rect.maxX, y: rect.minY + ry),
      control1: CGPoint(x: rect.maxX - rx + rx * k, y: rect.minY),
      control2: CGPoint(x: rect.maxX, y: rect.minY + ry - ry * k))
    addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))
    addCurve(
      to: CGPoint(x: rect.maxX - rx, y: rect.maxY),
      control1: CGPoint(x: rect.maxX, y: rect.maxY - ry + ry * k),
      control2: CGPoint(x: rect.maxX - rx + rx * k, y: rect.maxY))
    addLine(to: CGPoint(x: rect.minX + rx, y: rect.maxY))
    addCurve(
      to: CGPoint(x: rect.minX, y: rect.maxY - ry),
      control1: CGPoint(x: rect.minX + rx - rx * k, y: rect.maxY),
      control2: CGPoint(x: rect.minX, y: rect.maxY - ry + ry * k))
    addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))
    addCurve(
      to: CGPoint(x: rect.minX + rx, y: rect.minY),
      control1: CGPoint(x: rect.minX, y: rect.minY + ry - ry * k),
      control2: CGPoint(x: rect.minX + rx - rx * k, y: rect.minY))
    closeSubpath()
  }

  /// An ellipse inscribed in `rect`, drawn with four cubic curves.
  public mutating func addEllipse(in rect: CGRect) {
    addRoundedRect(in: rect, cornerSize: CGSize(width: rect.width / 2, height: rect.height / 2))
  }

  /// A circular arc around `center` from `startAngle` to `endAngle` (angles grow clockwise on the page, as y points down).
  public mutating func addArc(
    center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool = false
  ) {
    var sweep = endAngle.radians - startAngle.radians
    if clockwise, sweep > 0 { sweep -= 2 * .pi }
    if !clockwise, sweep < 0 { sweep += 2 * .pi }
    let segments = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
    let step = sweep / Double(segments)
    func point(_ angle: Double) -> CGPoint {
      CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }
    var angle = startAngle.radians
    if elements.isEmpty { move(to: point(angle)) } else { addLine(to: point(angle)) }
    let k = 4.0 / 3.0 * tan(step / 4)
    for _ in 0..<segments {
      let next = angle + step
      let p0 = point(angle)
      let p3 = point(next)
      let c1 = CGPoint(x: p0.x - k * radius * sin(angle), y: p0.y + k * radius * cos(angle))
      let c2 = CGPoint(x: p3.x + k * radius * sin(next), y: p3.y - k * radius * cos(next))
      addCurve(to: p3, control1: c1, control2: c2)
      angle = next
    }
  }

  /// This path moved by `dx`, `dy`.
  public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
    applying { CGPoint(x: $0.x + dx, y: $0.y + dy) }
  }

  /// This path with every point mapped through `transform`.
  public func applying(_ transform: (CGPoint) -> CGPoint) -> Path {
    var copy = Path()
    copy.elements = elements.map { element in
      switch element {
      case .move(let p): return .move(to: transform(p))
      case .line(let p): return .line(to: transform(p))
      case .quadCurve(let p, let c): return .quadCurve(to: transform(p), control: transform(c))
      case .curve(let p, let c1, let c2):
        return .curve(to: transform(p), control1: transform(c1), control2: transform(c2))
      case .closeSubpath: return .closeSubpath
      }
    }
    return copy
  }

  /// The smallest rectangle holding every point and control point of the path.
  public var boundingRect: CGRect {
    var points: [CGPoint] = []
    for element in elements {
      switch element {
      case .move(let p), .line(let p): points.append(p)
      case .quadCurve(let p, let c): points += [p, c]
      case .curve(let p, let c1, let c2): points += [p, c1, c2]
      case .closeSubpath: break
      }
    }
    guard let first = points.first else { return .null }
    var rect = CGRect(origin: first, size: .zero)
    for p in points { rect = rect.union(CGRect(origin: p, size: .zero)) }
    return rect
  }
}

/// An angle in radians or degrees.
public struct Angle: Hashable, Sendable {
  public var radians: Double

  public init(radians: Double) { self.radians = radians }
  public init(degrees: Double) { self.radians = degrees * .pi / 180 }

  public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
  public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
  public var degrees: Double { radians * 180 / .pi }
}
