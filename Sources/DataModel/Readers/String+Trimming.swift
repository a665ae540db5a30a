import Foundation

extension String {
  /// The string without leading and trailing whitespace; strings that need no trimming are returned as they are.
  var trimmingSpaces: String {
    func isPlain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
    var copy = self
    let plain = copy.withUTF8 { bytes in
      bytes.isEmpty || (isPlain(bytes[0]) && isPlain(bytes[bytes.count - 1]))
    }
    if plain { return self }
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[start...end])
  }

  func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
