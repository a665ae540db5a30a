import Synchronization

/// A JSON value that keeps numbers as their exact text and where each value starts (line and column).
public struct JSONValue: Sendable {
  /// The kinds of JSON value.
  public indirect enum Kind: Sendable {
    case null
    case bool(Bool)
    /// A number as written (`12345678901234.56`, `1e3`), never converted through `Double`.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in input order.
    case object([(key: String, value: JSONValue)])
  }

  public var kind: Kind
  /// The line where the value starts (1-based).
  public var line: Int
  /// The byte offset where the value starts; `JSONDocument.column(of:)` turns it into a column.
  public var offset: Int

  /// The member named `key` of an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// Whether the value is JSON `null`.
  public var isNull: Bool {
    if case .null = kind { return true }
    return false
  }

  /// What the value is, for messages: "a string", "an array"…
  public var kindName: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A parsed JSON text: its root value, and the bytes to turn value offsets into columns.
public struct JSONDocument: Sendable {
  public let root: JSONValue
  let bytes: [UInt8]
  /// The first string character no renderer draws, if any (readers warn of it once).
  let firstUnrenderable: Unrenderable?

  /// A character that is printed as U+FFFD, and the string that holds it.
  struct Unrenderable: Sendable {
    var code: UInt32
    var line: Int
    var offset: Int
  }

  /// The warning for the first string character no renderer draws, naming its line and column; nil when there is none.
  public func unrenderableWarning(file: String) -> Diagnostic? {
    guard let found = firstUnrenderable else { return nil }
    return Diagnostic(
      .warning,
      SourceLocation(file: file, line: found.line, column: JSONParser.column(in: bytes, at: found.offset)),
      UnrenderableText.warning(for: found.code))
  }

  /// Where the last column asked for was, so the next one further on counts only the bytes between.
  let columns = ColumnCursor()

  /// The 1-based column (in characters) where `value` starts.
  ///
  /// Readers ask for every invoice's place in order; counting on from the last answer keeps that
  /// linear in the file's size even when the whole file is one line (machine-written JSON).
  public func column(of value: JSONValue) -> Int {
    let target = min(value.offset, bytes.count)
    return columns.state.withLock { state in
      guard target >= state.offset else {
        state = (target, JSONParser.column(in: bytes, at: target))
        return state.column
      }
      var column = state.column
      for position in state.offset..<target {
        let byte = bytes[position]
        if byte == 0x0A {
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      state = (target, column)
      return column
    }
  }
}

/// The last offset a `JSONDocument` turned into a column, and that column.
final class ColumnCursor: Sendable {
  let state = Mutex<(offset: Int, column: Int)>((0, 1))
}

/// Why a JSON text could not be parsed, with the line and column.
public struct JSONSyntaxError: Error, Hashable, Sendable {
  public var line: Int
  public var column: Int
  public var message: String
}

extension JSONValue {
  /// `known` keys by their spelling without case, `_`, `-` and spaces: "invoicenumber" → "invoiceNumber".
  static func spellings(of known: Set<String>) -> [String: String] {
    Dictionary(uniqueKeysWithValues: known.map { (OrderField.normalize($0), $0) })
  }

  /// The object with keys written in another style (`invoice_number`, `Invoice-Number`) renamed to
  /// the one of `known` they spell (`spellings` is `spellings(of: known)`); other values unchanged.
  ///
  /// A key is renamed only when the object has no member with the canonical name already.
  func withCanonicalKeys(_ known: Set<String>, spellings: [String: String]) -> JSONValue {
    guard case .object(let members) = kind,
      members.contains(where: { !known.contains($0.key) })
    else { return self }
    let present = Set(members.map(\.key))
    var renamed = self
    renamed.kind = .object(
      members.map { member in
        guard !known.contains(member.key), let canonical = spellings[OrderField.normalize(member.key)],
          !present.contains(canonical)
        else { return member }
        return (canonical, member.value)
      })
    return renamed
  }
}
