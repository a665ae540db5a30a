import CQREncode
import Foundation

/// A QR code of `payload`, drawn as one filled path with its quiet zone, as large as it is offered (square).
///
/// Encoded by libqrencode in byte mode from the payload's UTF-8 bytes; the dark modules of each row
/// are merged into runs, so the PDF holds one path of rectangles, not one per module. A payload too
/// long for the largest QR version draws nothing (`QRCode.matrix` tells beforehand). Give it
/// `.accessibilityLabel(_:)` to make it a figure with alternative text in a tagged PDF.
public struct QRCode: View, Sendable {
  /// How much of the symbol may be damaged and still read: about 7, 15, 25 or 30 %.
  public enum ErrorCorrection: Sendable {
    case low, medium, quartile, high
  }

  /// The symbol's modules, or nil when the payload does not fit.
  public let matrix: QRMatrix?
  /// The light margin around the symbol, in modules: 4 as ISO/IEC 18004 asks, 0 where the
  /// surrounding layout keeps the space free (the Swiss QR-bill's 46 mm is the symbol alone).
  public let quietZone: Int

  public init(_ payload: String, errorCorrection: ErrorCorrection = .medium, quietZone: Int = 4) {
    matrix = QRMatrix(Array(payload.utf8), errorCorrection: errorCorrection)
    self.quietZone = max(0, quietZone)
  }

  public var body: some View {
    QRCodeShape(matrix: matrix, quietZone: quietZone).fill(Color.black)
  }
}

/// The dark and light modules of a QR symbol, `size` × `size`, row by row.
public struct QRMatrix: Sendable, Hashable {
  public let size: Int
  public let dark: [Bool]

  /// The symbol of `bytes` in byte mode at the smallest version that holds them, or nil when none does.
  public init?(_ bytes: [UInt8], errorCorrection: QRCode.ErrorCorrection) {
    let level: QRecLevel
    switch errorCorrection {
    case .low: level = QR_ECLEVEL_L
    case .medium: level = QR_ECLEVEL_M
    case .quartile: level = QR_ECLEVEL_Q
    case .high: level = QR_ECLEVEL_H
    }
    guard !bytes.isEmpty,
      let code = bytes.withUnsafeBufferPointer({
        QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, level)
      })
    else { return nil }
    defer { QRcode_free(code) }
    size = Int(code.pointee.width)
    dark = (0..<(size * size)).map { code.pointee.data[$0] & 1 == 1 }
  }

  /// Whether the module at column `x`, row `y` is dark.
  public subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

  /// The dark modules as rectangles (in modules), each a run of a row grown down while the rows
  /// below are dark across it: no module twice, far fewer rectangles than modules or row runs.
  public func blocks() -> [(x: Int, y: Int, width: Int, height: Int)] {
    var covered = [Bool](repeating: false, count: size * size)
    var blocks: [(x: Int, y: Int, width: Int, height: Int)] = []
    for y in 0..<size {
      var x = 0
      while x < size {
        guard dark[y * size + x], !covered[y * size + x] else {
          x += 1
          continue
        }
        let start = x
        while x < size, dark[y * size + x], !covered[y * size + x] { x += 1 }
        var height = 1
        while y + height < size,
          (start..<x).allSatisfy({ dark[(y + height) * size + $0] && !covered[(y + height) * size + $0] })
        {
          height += 1
        }
        for row in y..<(y + height) {
          for column in start..<x { covered[row * size + column] = true }
        }
        blocks.append((start, y, x - start, height))
      }
    }
    return blocks
  }
}

/// The modules of a QR symbol in a square at the rectangle's top-left corner, inside its quiet zone.
struct QRCodeShape: Shape {
  let matrix: QRMatrix?
  let quietZone: Int

  func path(in rect: CGRect) -> Path {
    guard let matrix else { return Path() }
    let side = min(rect.width, rect.height)
    let module = side / CGFloat(matrix.size + 2 * quietZone)
    let origin = CGPoint(
      x: rect.minX + CGFloat(quietZone) * module, y: rect.minY + CGFloat(quietZone) * module)
    var path = Path()
    for block in matrix.blocks() {
      path.addRect(
        CGRect(
          x: origin.x + CGFloat(block.x) * module, y: origin.y + CGFloat(block.y) * module,
          width: CGFloat(block.width) * module, height: CGFloat(block.height) * module))
    }
    return path
  }
}
