/// Writes XML text element by element, escaping every text and attribute value, in one growing buffer.
///
/// Elements are opened and closed in order (a stack checks the nesting); text and attribute
/// values are escaped (`&`, `<`, `>`, `"`, and line breaks in attributes as character references).
/// Characters XML 1.0 cannot carry (C0 controls other than tab, LF and CR; U+FFFE/U+FFFF) are
/// replaced by U+FFFD rather than written into a document no parser would read.
public struct XMLWriter {
  public private(set) var bytes: [UInt8] = []
  private var open: [String] = []
  /// Whether the element last opened has no child yet (its closing tag then follows on the same line).
  private var empty = false
  private let indent: Bool

  /// A writer that starts with the XML declaration; `indent` puts each element on its own line.
  public init(indent: Bool = true) {
    self.indent = indent
    bytes.reserveCapacity(16 << 10)
    append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
  }

  /// The document as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Opens `<name attributes…>`.
  public mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    newline()
    append("<" + name)
    for (key, value) in attributes { append(" \(key)=\"\(XMLWriter.escape(value, attribute: true))\"") }
    append(">")
    open.append(name)
    empty = true
  }

  /// Closes the element opened last.
  public mutating func close() {
    precondition(!open.isEmpty, "XMLWriter.close() without an open element")
    let name = open.removeLast()
    if !empty { newline() }
    append("</" + name + ">")
    empty = false
  }

  /// `<name attributes…>text</name>` in one go.
  public mutating func element(
    _ name: String, _ text: String, _ attributes: KeyValuePairs<String, String> = [:]
  ) {
    newline()
    append("<" + name)
    for (key, value) in attributes { append(" \(key)=\"\(XMLWriter.escape(value, attribute: true))\"") }
    append(">" + XMLWriter.escape(text, attribute: false) + "</" + name + ">")
    empty = false
  }

  /// Runs `body` inside `<name>…</name>`.
  public mutating func element(
    _ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ body: (inout XMLWriter) -> Void
  ) {
    open(name, attributes)
    body(&self)
    close()
  }

  /// Whether every opened element was closed.
  public var isComplete: Bool { open.isEmpty }

  private mutating func newline() {
    empty = false
    guard indent else { return }
    bytes.append(0x0A)
    for _ in 0..<open.count {
      bytes.append(0x20)
      bytes.append(0x20)
    }
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// `text` with the characters XML gives meaning to written as references.
  public static func escape(_ text: String, attribute: Bool) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "\n" where attribute: out += "&#10;"
      case "\r": out += "&#13;"
      case "\t" where attribute: out += "&#9;"
      default:
        let value = scalar.value
        if (value < 0x20 && value != 0x09 && value != 0x0A) || value == 0xFFFE || value == 0xFFFF {
          out.unicodeScalars.append("\u{FFFD}")
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
