/// What the JSON readers (invoices, reports, the config) share: locating values, reporting problems, checking keys and types.
///
/// Each reader keeps one walker and adds only what its format means; messages then read the same
/// everywhere: `file:line:column: $.path: message`, with a did-you-mean hint for unknown keys.
public struct JSONWalker {
  /// The file name used in messages.
  public let file: String
  public let document: JSONDocument
  /// Everything reported so far, in order.
  public private(set) var diagnostics: [Diagnostic] = []
  /// The invoice the next diagnostics concern, if any.
  public var invoiceNumber: String?

  public init(file: String, document: JSONDocument) {
    self.file = file
    self.document = document
  }

  /// Whether an error was reported.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Where `value` starts: file, line and column.
  public func location(_ value: JSONValue) -> SourceLocation {
    SourceLocation(file: file, line: value.line, column: document.column(of: value))
  }

  /// Adds a diagnostic made elsewhere (an error of the whole file, say).
  public mutating func add(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// Reports an error at `value`, whose JSON path is `path`.
  public mutating func error(_ value: JSONValue, _ path: String, _ message: String, hint: String? = nil) {
    diagnostics.append(
      Diagnostic(.error, location(value), field: path, message, hint: hint, invoiceNumber: invoiceNumber))
  }

  /// Reports a value that breaks one of the `InvoiceRules`.
  public mutating func error(_ value: JSONValue, _ path: String, _ violation: InvoiceRules.Violation) {
    error(value, path, violation.message, hint: violation.hint)
  }

  /// Reports a warning at `value`.
  public mutating func warning(_ value: JSONValue, _ path: String, _ message: String, hint: String? = nil) {
    diagnostics.append(
      Diagnostic(.warning, location(value), field: path, message, hint: hint, invoiceNumber: invoiceNumber))
  }

  /// Reports every key of the object `value` that is not in `known`, as an error or a warning, with the closest known key.
  public mutating func unknownKeys(
    _ value: JSONValue, _ path: String, known: [String], severity: Diagnostic.Severity,
    within distance: Int = 2
  ) {
    guard case .object(let members) = value.kind else { return }
    for (key, member) in members where !known.contains(key) {
      let hint = Spelling.closest(to: key, in: known, within: distance).map { "did you mean \"\($0)\"?" }
      switch severity {
      case .error:
        error(
          member, "\(path).\(key)", "unknown key",
          hint: hint ?? "known keys: \(known.joined(separator: ", "))")
      case .warning:
        warning(member, "\(path).\(key)", "unknown key, ignored", hint: hint)
      }
    }
  }

  /// The elements of `parent[key]`, reporting a missing key (when `required`) or a value that is not an array.
  public mutating func array(_ parent: JSONValue, _ key: String, _ path: String, required: Bool)
    -> [JSONValue]?
  {
    guard let value = parent[key], !value.isNull else {
      if required { error(parent, path, "the key \"\(key)\" is missing") }
      return nil
    }
    guard case .array(let elements) = value.kind else {
      error(value, "\(path).\(key)", "expected an array, found \(value.kindName)")
      return nil
    }
    return elements
  }
}
