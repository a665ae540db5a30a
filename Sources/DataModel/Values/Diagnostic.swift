/// A problem found in an input, for a person: where it is, what is wrong, and a hint when one helps.
///
/// `description` reads like a compiler message:
/// `error: orders.csv:17: column "quantity": "12,5x" is not a number`, then `hint: …` on its own line.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error {
  /// Errors make an invoice (or the whole input) invalid; warnings do not.
  public enum Severity: String, Hashable, Sendable {
    case error
    case warning
  }

  public var severity: Severity
  public var location: SourceLocation
  /// The CSV column (`column "quantity"`) or JSON path (`$[0].items[2].quantity`) concerned, if any.
  public var field: String?
  public var message: String
  public var hint: String?
  /// The invoice the problem makes invalid, if it concerns one.
  public var invoiceNumber: String?

  public init(
    _ severity: Severity, _ location: SourceLocation, field: String? = nil, _ message: String,
    hint: String? = nil,
    invoiceNumber: String? = nil
  ) {
    self.severity = severity
    self.location = location
    self.field = field
    self.message = message
    self.hint = hint
    self.invoiceNumber = invoiceNumber
  }

  /// An error for a value that breaks one of the `InvoiceRules`.
  public init(
    _ location: SourceLocation, field: String? = nil, _ violation: InvoiceRules.Violation,
    invoiceNumber: String? = nil
  ) {
    self.init(
      .error, location, field: field, violation.message, hint: violation.hint, invoiceNumber: invoiceNumber)
  }

  public var description: String {
    var text = "\(severity.rawValue): \(location): "
    if let field { text += field + ": " }
    text += message
    if let hint { text += "\nhint: " + hint }
    return text
  }

  /// Text quoted for a message: at most 40 characters, control characters shown as escapes.
  public static func quote(_ value: String) -> String {
    var shown = ""
    for scalar in value.unicodeScalars.prefix(40) {
      switch scalar.value {
      case 0x0A: shown += "\\n"
      case 0x0D: shown += "\\r"
      case 0x09: shown += "\\t"
      case 0..<0x20, 0x7F: shown += "\\u{\(String(scalar.value, radix: 16))}"
      case 0x22: shown += "\\\""
      default: shown.unicodeScalars.append(scalar)
      }
    }
    if value.unicodeScalars.count > 40 { shown += "…" }
    return "\"" + shown + "\""
  }
}
