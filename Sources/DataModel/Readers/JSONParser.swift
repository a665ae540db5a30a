/// Parses JSON (RFC 8259) from UTF-8 bytes into `JSONValue`s, keeping numbers exact and positions for messages.
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var depth = 0
  /// Where the document's value starts (after a byte-order mark and white space).
  private var documentStart = 0
  /// The first string character no renderer draws (a noncharacter, a control, a lone surrogate escape), and where.
  private var unrenderable: JSONDocument.Unrenderable?
  /// The deepest nesting accepted, so hostile input cannot exhaust the stack.
  public static let maxDepth = 256

  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The one value of the text.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
    }
    parser.skipSpace()
    guard parser.index < bytes.count else { throw parser.error("the file is empty; expected a JSON value") }
    parser.documentStart = parser.index
    let value = try parser.parseValue()
    parser.skipSpace()
    guard parser.index >= bytes.count else { throw parser.error("unexpected text after the JSON value") }
    return JSONDocument(root: value, bytes: bytes, firstUnrenderable: parser.unrenderable)
  }

  /// The 1-based column of byte `offset`: characters since the start of its line.
  static func column(in bytes: [UInt8], at offset: Int) -> Int {
    var start = min(offset, bytes.count)
    while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
    var count = 1
    for position in start..<min(offset, bytes.count) where bytes[position] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  private func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(line: line, column: JSONParser.column(in: bytes, at: index), message: message)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw error("unexpected end of the file; expected a value") }
    let startLine = line
    let startOffset = index
    func value(_ kind: JSONValue.Kind) -> JSONValue {
      JSONValue(kind: kind, line: startLine, offset: startOffset)
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return value(try parseObject())
    case UInt8(ascii: "["): return value(try parseArray())
    case UInt8(ascii: "\""): return value(.string(try parseString()))
    case UInt8(ascii: "t"):
      try expectWord("true")
      return value(.bool(true))
    case UInt8(ascii: "f"):
      try expectWord("false")
      return value(.bool(false))
    case UInt8(ascii: "n"):
      try expectWord("null")
      return value(.null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return value(.number(try parseNumber()))
    default:
      if bytes[index...].starts(with: Array("NaN".utf8))
        || bytes[index...].starts(with: Array("Infinity".utf8))
      {
        throw error("NaN and Infinity are not JSON numbers")
      }
      // A file that is no JSON at all is said to be so without quoting it (it may be any file).
      guard index != documentStart else { throw error("is not a JSON document") }
      throw error("unexpected character \(describe(bytes[index])); expected a value")
    }
  }

  private func describe(_ byte: UInt8) -> String {
    byte >= 0x21 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }

  private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
    let utf8 = Array(word.utf8)
    guard bytes[index...].starts(with: utf8) else { throw error("unexpected text; expected \(word)") }
    index += utf8.count
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let from = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - from
    }
    let integerStart = index
    guard digits() > 0 else { throw error("a number needs digits") }
    if bytes[integerStart] == 0x30, index - integerStart > 1 { throw error("numbers may not start with 0") }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("a number needs digits after the decimal point") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { throw error("a number needs digits in its exponent") }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = (line: line, offset: index)
    index += 1
    // Runs between escapes are appended whole: a string without escapes is one validated run.
    var text = ""
    var runStart = index
    func flush() throws(JSONSyntaxError) {
      guard runStart < index else { return }
      guard let run = String(validating: bytes[runStart..<index], as: UTF8.self) else {
        throw error("a string is not valid UTF-8")
      }
      if text.isEmpty { text = run } else { text += run }
    }
    while true {
      guard index < bytes.count else { throw error("a string is never closed") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        try flush()
        index += 1
        if unrenderable == nil, let scalar = UnrenderableText.first(in: text) {
          unrenderable = JSONDocument.Unrenderable(code: scalar.value, line: start.line, offset: start.offset)
        }
        return text
      }
      if byte < 0x20 {
        throw error(
          byte == 0x0A
            ? "a string is never closed before the end of the line"
            : "a control character must be escaped in a string")
      }
      if byte == UInt8(ascii: "\\") {
        try flush()
        index += 1
        text.unicodeScalars.append(try parseEscape(stringStart: start))
        runStart = index
        continue
      }
      index += 1
    }
  }

  /// The character an escape stands for, `index` just past its backslash; a lone surrogate is kept
  /// as U+FFFD and reported like a noncharacter.
  private mutating func parseEscape(stringStart start: (line: Int, offset: Int)) throws(JSONSyntaxError)
    -> Unicode.Scalar
  {
    guard index < bytes.count else { throw error("a string is never closed") }
    let escape = bytes[index]
    index += 1
    switch escape {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let code = try unicodeEscape()
      // RFC 8259 allows a lone surrogate escape; it is kept as U+FFFD (and reported like a noncharacter).
      if let scalar = Unicode.Scalar(code) { return scalar }
      if unrenderable == nil {
        unrenderable = JSONDocument.Unrenderable(code: code, line: start.line, offset: start.offset)
      }
      return "\u{FFFD}"
    default:
      index -= 1
      throw error("unknown escape \\\(Character(UnicodeScalar(escape)))")
    }
  }

  /// The code of a `\uXXXX` escape, joined with a following low surrogate escape when it is a high one.
  private mutating func unicodeEscape() throws(JSONSyntaxError) -> UInt32 {
    let code = try hex4()
    guard (0xD800..<0xDC00).contains(code) else { return code }
    let resume = index
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
    else { return code }
    index += 2
    let low = try hex4()
    if (0xDC00..<0xE000).contains(low) { return 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
    index = resume
    return code
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw error("a \\u escape needs four hex digits")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue.Kind {
    depth += 1
    defer { depth -= 1 }
    guard depth <= JSONParser.maxDepth else {
      throw error("nested more than \(JSONParser.maxDepth) levels deep")
    }
    index += 1
    var elements: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of the file; an array is never closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          throw error("a comma before ] is not allowed")
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      throw error("expected , or ] after an array element, found \(describe(bytes[index]))")
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue.Kind {
    depth += 1
    defer { depth -= 1 }
    guard depth <= JSONParser.maxDepth else {
      throw error("nested more than \(JSONParser.maxDepth) levels deep")
    }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var keys = Set<String>()
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of the file; an object is never closed") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a key in double quotes, found \(describe(bytes[index]))")
      }
      let key = try parseString()
      guard keys.insert(key).inserted else { throw error("the key \"\(key)\" appears twice in one object") }
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected : after the key \"\(key)\"")
      }
      index += 1
      members.append((key, try parseValue()))
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of the file; an object is never closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          throw error("a comma before } is not allowed")
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      throw error("expected , or } after a member, found \(describe(bytes[index]))")
    }
  }
}
