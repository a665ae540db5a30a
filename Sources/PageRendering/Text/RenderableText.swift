/// The one boundary every string crosses on its way to Pango or cairo: text they can always take.
///
/// Cairo refuses a string holding a Unicode noncharacter (U+FDD0…U+FDEF, and every code point
/// ending in FFFE or FFFF) as "not valid UTF-8", and cairo 1.16's PDF surface then crashes on the
/// glyphs Pango shaped from it; a NUL would cut a C string short, and other control characters
/// draw as boxes or break tag attributes. Such characters are legal in XML, JSON and UTF-8, so
/// readers let them through (and warn); here each becomes U+FFFD, a line break stays one
/// (`\r\n` and a lone `\r` become `\n`), and a tab stays a tab. Swift strings cannot hold lone
/// surrogates. `DataModel.UnrenderableText` finds the same characters for the readers' warnings.
public enum RenderableText {
  /// `text` with every character Pango or cairo cannot take replaced; `text` itself when it has none.
  public static func clean(_ text: String) -> String {
    guard needsCleaning(text) else { return text }
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if scalar == "\r" {
        result.append("\n")
        if pending == "\n" { pending = scalars.next() }
      } else {
        result.append(isRenderable(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return String(result)
  }

  /// Whether Pango and cairo take `scalar`: not a noncharacter, and no control character but tab and line feed.
  public static func isRenderable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value == 0x09 || value == 0x0A }
    if value < 0x7F { return true }
    if value <= 0x9F { return false }  // DEL and the C1 controls
    if value >= 0xFDD0 && value <= 0xFDEF { return false }
    return value & 0xFFFE != 0xFFFE
  }

  /// Whether `text` has a character to replace; plain ASCII text is settled on its bytes alone.
  private static func needsCleaning(_ text: String) -> Bool {
    var ascii = true
    for byte in text.utf8 {
      if byte >= 0x80 {
        ascii = false
      } else if byte < 0x20 ? byte != 0x09 && byte != 0x0A : byte == 0x7F {
        return true
      }
    }
    return !ascii && !text.unicodeScalars.allSatisfy(isRenderable)
  }
}
