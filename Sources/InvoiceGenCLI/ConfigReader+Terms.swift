import DataModel
import Layouts

/// The config's terms of payment and e-invoice mappings: `defaults.earlyPayment` and `units`.
extension ConfigReader {
  /// `defaults.earlyPayment`: `{"percent": 2, "days": 10}`, a discount (Skonto) for paying early.
  mutating func readEarlyPayment(_ value: JSONValue, into config: inout Config) {
    let path = "$.defaults.earlyPayment"
    let parts = members(value, path, known: ["percent", "days"])
    guard let percentValue = parts["percent"], let daysValue = parts["days"] else {
      error(value, path, "expected {\"percent\": 2, \"days\": 10}: both keys are needed")
      return
    }
    var percent: ExactDecimal?
    if case .number(let text) = percentValue.kind, let value = ExactDecimal(text), !value.isNegative,
      !value.isZero, value < ExactDecimal(100)
    {
      percent = value
    } else {
      error(percentValue, "\(path).percent", "expected a percentage above 0 and below 100, such as 2 or 2.5")
    }
    var days: Int?
    if case .number(let text) = daysValue.kind, let value = Int(text), value >= 0, value <= 366 {
      days = value
    } else {
      error(daysValue, "\(path).days", "expected a whole number of days from 0 to 366, such as 10")
    }
    if let percent, let days {
      config.invoiceSettings.issuer.earlyPayment = EarlyPaymentTerms(percent: percent, days: days)
    }
  }

  /// `units`: the input's unit words mapped to UN/ECE Recommendation 20 codes for e-invoices
  /// (`{"Pausch.": "LS", "Satz": "SET"}`); the printed invoice keeps the words.
  mutating func readUnits(_ value: JSONValue, into config: inout Config) {
    guard case .object(let list) = value.kind else {
      error(value, "$.units", "expected an object mapping your unit words to codes, found \(value.kindName)")
      return
    }
    for (word, member) in list {
      let path = "$.units.\(word)"
      guard let code = string(member, path) else { continue }
      let isCode =
        (2...3).contains(code.count) && code.allSatisfy { ($0.isASCII && $0.isUppercase) || $0.isNumber }
      guard isCode else {
        error(
          member, path, "\(Diagnostic.quote(code)) is not a UN/ECE Recommendation 20 code",
          hint: "use a code of two or three capitals and digits, such as LS (lump sum), SET, C62, HUR")
        continue
      }
      config.invoiceSettings.issuer.unitCodes[word.trimmingCharacters(in: .whitespaces)] = code
    }
  }
}
