import CZint
import Foundation

/// A Code 128 barcode of `text` (order numbers, shipping references): bars as one filled path, quiet zones included.
///
/// Encoded by libzint from the text's UTF-8 (Code 128 holds Latin-1; other characters cannot be
/// encoded and draw nothing — `Barcode.modules` tells beforehand). The bars fill the height it is
/// offered; the text is printed below them unless `showsText` is false. Give it
/// `.accessibilityLabel(_:)` to make it a figure with alternative text in a tagged PDF.
public struct Barcode: View, Sendable {
  /// The dark (true) and light modules from left to right, or nil when the text cannot be encoded.
  public let modules: [Bool]?
  let text: String
  let showsText: Bool

  public init(_ text: String, showsText: Bool = true) {
    self.text = text
    self.showsText = showsText
    modules = Barcode.encode(text)
  }

  public var body: some View {
    VStack(spacing: 1) {
      BarcodeShape(modules: modules ?? []).fill(Color.black)
      if showsText { Text(text).font(.system(size: 7, design: .monospaced)).lineLimit(1) }
    }
  }

  /// The modules of Code 128 for `text`, from libzint.
  static func encode(_ text: String) -> [Bool]? {
    guard !text.isEmpty, let symbol = ZBarcode_Create() else { return nil }
    defer { ZBarcode_Delete(symbol) }
    symbol.pointee.symbology = BARCODE_CODE128
    symbol.pointee.input_mode = UNICODE_MODE
    let bytes = Array(text.utf8)
    let status = bytes.withUnsafeBufferPointer { ZBarcode_Encode(symbol, $0.baseAddress, Int32($0.count)) }
    guard status < ZINT_ERROR, symbol.pointee.rows >= 1 else { return nil }
    let width = Int(symbol.pointee.width)
    return withUnsafeBytes(of: &symbol.pointee.encoded_data) { raw in
      (0..<width).map { column in raw[column >> 3] >> (column & 7) & 1 == 1 }
    }
  }
}

/// Bars of a linear barcode across the rectangle, with a ten-module quiet zone on each side.
struct BarcodeShape: Shape {
  let modules: [Bool]

  func path(in rect: CGRect) -> Path {
    guard !modules.isEmpty else { return Path() }
    let module = rect.width / CGFloat(modules.count + 20)
    var path = Path()
    var x = 0
    while x < modules.count {
      guard modules[x] else {
        x += 1
        continue
      }
      let start = x
      while x < modules.count, modules[x] { x += 1 }
      path.addRect(
        CGRect(
          x: rect.minX + CGFloat(10 + start) * module, y: rect.minY, width: CGFloat(x - start) * module,
          height: rect.height))
    }
    return path
  }
}
