import DataModel

/// The FatturaPA schema's own limits on texts and amounts, checked before a file is written: its
/// texts are Latin-1 (`String…LatinType`), `Descrizione` holds at most 1,000 characters, and
/// amounts have at most 11 digits before the decimal point (`Amount2DecimalType`).
extension FatturaPAWriter {
  /// The most characters of a `Descrizione`.
  static let descriptionLength = 1_000
  /// The most digits before the decimal point of an amount or a price.
  static let integerDigits = 11

  /// Why a text or an amount of `document` does not fit FatturaPA's format; empty when all do.
  static func formatProblems(_ document: EInvoiceDocument) -> [EInvoiceProblem] {
    var problems: [EInvoiceProblem] = []
    for line in document.lines {
      let place = "line \(line.id)"
      if let problem = textProblem(line.name, "the description (Descrizione)", limit: descriptionLength) {
        problems.append(EInvoiceProblem("\(place): \(problem)", hint: textHint))
      }
      for (value, name) in [
        (line.netPrice, "unit price"), (line.amount, "amount"), (line.quantity, "quantity"),
      ]
      where integerDigitCount(value) > integerDigits {
        problems.append(
          EInvoiceProblem(
            "\(place): the \(name) \(value.description) has more than \(integerDigits) digits before the decimal point, which FatturaPA cannot hold"
          ))
      }
    }
    for charge in document.charges {
      if let problem = textProblem(charge.reason, "a charge's reason", limit: descriptionLength) {
        problems.append(EInvoiceProblem(problem, hint: textHint))
      }
    }
    var texts = [(document.invoice.customer.name, "the buyer's name")]
    if let notes = document.invoice.notes { texts.append((notes, "the notes")) }
    for (text, name) in texts {
      if let problem = textProblem(text, name, limit: nil) {
        problems.append(EInvoiceProblem(problem, hint: textHint))
      }
    }
    if integerDigitCount(document.invoice.totals.grandTotal.amount) > integerDigits {
      problems.append(
        EInvoiceProblem(
          "the total has more than \(integerDigits) digits before the decimal point, which FatturaPA cannot hold"
        ))
    }
    return problems
  }

  static let textHint = "FatturaPA's texts are Latin-1: write it without symbols, emoji or other scripts"

  /// Why `text`, called `name`, does not fit a FatturaPA text field of `limit` characters; nil when it does.
  static func textProblem(_ text: String, _ name: String, limit: Int?) -> String? {
    if let bad = text.unicodeScalars.first(where: { $0.value > 0xFF }) {
      return
        "\(name) has a character FatturaPA cannot hold (U+\(String(bad.value, radix: 16, uppercase: true)))"
    }
    if let limit, text.count > limit {
      return
        "\(name) has \(text.count) characters; FatturaPA holds at most \(limit), and none is cut without a word"
    }
    return nil
  }

  /// The digits of `value` before its decimal point.
  static func integerDigitCount(_ value: ExactDecimal) -> Int {
    let text = value.description.drop { $0 == "-" }
    return text.prefix { $0 != "." }.count
  }
}
