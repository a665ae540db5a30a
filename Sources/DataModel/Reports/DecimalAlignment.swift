/// Numbers of a column aligned on their decimal separator: each padded on the right to the column's
/// most fraction digits with figure spaces (U+2007, as wide as a tabular digit) and, for a number
/// without a separator, a punctuation space (U+2008, as wide as the separator).
///
/// The values stay exactly as the input wrote them; only invisible space is added, so a
/// right-aligned column lines up on its separators (`12.5 ` over `3.25` over `100  `).
public enum DecimalAlignment {
  /// The digits after the last `separator` in `text` (0 without one): "1,234.50 €" has 2.
  public static func fractionDigits<Bytes: BidirectionalCollection>(_ text: Bytes, separator: UInt8) -> Int
  where Bytes.Element == UInt8 {
    guard let index = text.lastIndex(of: separator) else { return 0 }
    return text[text.index(after: index)...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count
  }

  /// `text` padded to `digits` fraction digits, or as it is when it is no number or already has as many.
  public static func pad(_ text: String, to digits: Int, separator: Character) -> String {
    guard digits > 0, let last = text.last, last.isNumber else { return text }
    let utf8 = Array(String(separator).utf8)
    guard utf8.count == 1 else { return text }
    let have = fractionDigits(text.utf8, separator: utf8[0])
    let separatorMissing = !text.contains(separator)
    guard have < digits else { return text }
    return text + (separatorMissing ? "\u{2008}" : "") + String(repeating: "\u{2007}", count: digits - have)
  }
}
