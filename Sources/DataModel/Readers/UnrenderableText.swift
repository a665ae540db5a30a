/// Finds the characters no renderer draws, so the reader that brought them can say where they are.
///
/// Unicode noncharacters (U+FDD0…U+FDEF and every code point ending in FFFE or FFFF) and control
/// characters other than tab and line breaks are legal in XML, JSON and UTF-8, but cairo refuses
/// them; the renderer shows each as U+FFFD (PageRendering's `RenderableText`, which applies the same
/// rule), and readers warn once per document with `warning(for:)`.
public enum UnrenderableText {
  /// The first character of `text` that is drawn as U+FFFD, if any.
  public static func first(in text: String) -> Unicode.Scalar? {
    var ascii = true
    for byte in text.utf8 {
      if byte >= 0x80 {
        ascii = false
      } else if byte < 0x20 ? byte != 0x09 && byte != 0x0A && byte != 0x0D : byte == 0x7F {
        return Unicode.Scalar(byte)
      }
    }
    return ascii ? nil : text.unicodeScalars.first(where: isUnrenderable)
  }

  /// Whether `scalar` is a noncharacter or a control character other than tab, line feed and carriage return.
  public static func isUnrenderable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF: true
    case let value: value & 0xFFFE == 0xFFFE
    }
  }

  /// The warning's words for the code point `value`: what it is and how it is shown.
  public static func warning(for value: UInt32) -> String {
    let code = "U+" + String(value, radix: 16, uppercase: true).leftPadded(4)
    let kind =
      value < 0xA0
      ? "a control character"
      : (0xD800..<0xE000).contains(value) ? "a lone surrogate" : "a Unicode noncharacter"
    return "contains \(code), \(kind) that cannot be printed; it is shown as \u{FFFD}"
  }
}
