import CCairo
import Foundation
import PageKit

/// A large filled polygon path written as PDF page content by us instead of by cairo.
///
/// Cairo 1.16 writes every path as `m`/`l`/`h` with each number through `snprintf`, and a tagged
/// page's content is compressed by cairo, then read and compressed again by the finishing pass:
/// a QR code's few hundred rectangles cost more than all the rest of an invoice page. These
/// operators write an axis-aligned rectangle as one `re`, every number with at most three
/// decimals, in cairo's page coordinates (points, y down, after the page's first `cm`); the
/// finishing pass puts them where the renderer drew an INSERT marker.
struct PDFPathFill {
  /// Paths with fewer elements stay cairo's: the marker standing for them would cost about as much.
  static let minimumElements = 64

  /// The fill of `path` in `color` as `q … f Q`, or nil when cairo should draw it: a small path, a
  /// curve, a colour that is not opaque, or a user space that is more than a translation.
  static func operators(_ path: Path, color: RGBAColor, cr: OpaquePointer) -> [UInt8]? {
    guard path.elements.count >= minimumElements, color.alpha >= 1 else { return nil }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0 else { return nil }
    var writer = PDFPathFill(dx: matrix.x0, dy: matrix.y0)
    writer.bytes.reserveCapacity(path.elements.count * 8 + 64)
    writer.append("q ")
    for component in [color.red, color.green, color.blue] { writer.number(component, suffix: " ") }
    writer.append("rg\n")
    var index = 0
    let elements = path.elements
    while index < elements.count {
      if let rect = rectangle(in: elements, at: index) {
        writer.number(rect.x + writer.dx, suffix: " ")
        writer.number(rect.y + writer.dy, suffix: " ")
        writer.number(rect.width, suffix: " ")
        writer.number(rect.height, suffix: " re\n")
        index += 5
        continue
      }
      switch elements[index] {
      case .move(let p): writer.point(p, op: "m\n")
      case .line(let p): writer.point(p, op: "l\n")
      case .closeSubpath: writer.append("h\n")
      case .quadCurve, .curve: return nil
      }
      index += 1
    }
    writer.append("f\nQ")
    return writer.bytes
  }

  /// The rectangle `Path.addRect` made at `index` (move, three lines, close), as the `re` operands
  /// that trace the same outline in the same direction; nil for anything else.
  static func rectangle(in elements: [Path.Element], at index: Int) -> (
    x: Double, y: Double, width: Double, height: Double
  )? {
    guard index + 4 < elements.count, case .move(let p0) = elements[index],
      case .line(let p1) = elements[index + 1], case .line(let p2) = elements[index + 2],
      case .line(let p3) = elements[index + 3], case .closeSubpath = elements[index + 4],
      p0.y == p1.y, p1.x == p2.x, p2.y == p3.y, p3.x == p0.x
    else { return nil }
    return (Double(p0.x), Double(p0.y), Double(p1.x - p0.x), Double(p2.y - p1.y))
  }

  private let dx: Double
  private let dy: Double
  private var bytes: [UInt8] = []

  private init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }

  private mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func point(_ p: CGPoint, op: StaticString) {
    number(Double(p.x) + dx, suffix: " ")
    number(Double(p.y) + dy, suffix: " ")
    append(op)
  }

  /// `value` rounded to thousandths, without trailing zeros (`12.5`, `-0.125`, `3`), then `suffix`.
  private mutating func number(_ value: Double, suffix: StaticString) {
    var thousandths = Int64((value * 1000).rounded())
    if thousandths < 0 {
      bytes.append(UInt8(ascii: "-"))
      thousandths = -thousandths
    }
    digits(thousandths / 1000)
    var fraction = thousandths % 1000
    if fraction > 0 {
      bytes.append(UInt8(ascii: "."))
      var divisor: Int64 = 100
      while fraction > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
        fraction %= divisor
        divisor /= 10
      }
    }
    append(suffix)
  }

  private mutating func digits(_ value: Int64) {
    if value >= 10 { digits(value / 10) }
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }
}
