import DataModel
import Foundation
import Layouts

/// The config's letter and payment settings: the window envelope and the payment code.
extension ConfigReader {
  /// `payment`: the payment code (`qr`: none, epc, auto) and its remittance (`reference`: rf or none).
  mutating func readPayment(_ value: JSONValue, bank: JSONValue?, into config: inout Config) {
    let fields = members(value, "$.payment", known: ["qr", "reference"])
    if let name = string(fields["qr"], "$.payment.qr") {
      if let code = PaymentCode(rawValue: name.lowercased()) {
        config.invoiceSettings.issuer.paymentCode = code
      } else {
        error(
          fields["qr"]!, "$.payment.qr", "\(Diagnostic.quote(name)) is not a payment code",
          hint: "use epc (every euro invoice), swiss (every invoice, as a Swiss QR-bill), auto or none")
      }
    }
    if let reference = string(fields["reference"], "$.payment.reference") {
      switch reference.lowercased() {
      case "rf": config.invoiceSettings.issuer.usesCreditorReference = true
      case "none": config.invoiceSettings.issuer.usesCreditorReference = false
      default:
        error(
          fields["reference"]!, "$.payment.reference",
          "\(Diagnostic.quote(reference)) is not a reference kind", hint: "use rf or none")
      }
    }
    // A code that pays a mistyped IBAN sends money nowhere: the account must check out first.
    guard config.invoiceSettings.issuer.paymentCode != .none, let account = config.invoiceSettings.issuer.bank
    else { return }
    if IBAN(account.iban) == nil {
      let place = bank.flatMap { bank -> JSONValue? in
        if case .object(let members) = bank.kind { return members.first { $0.0 == "iban" }?.1 }
        return nil
      }
      error(
        place ?? value, "$.bank.iban",
        "\(Diagnostic.quote(account.iban)) is not a valid IBAN (its check digits are wrong)",
        hint: "payment codes need the account's exact IBAN")
    }
  }

  /// `envelope`: `"din5008-a"`, `"din5008-b"`, `"none"`, or a window `{"left", "top", "width", "height"}` in millimetres.
  mutating func readEnvelope(_ value: JSONValue, into config: inout Config) {
    if case .string(let name) = value.kind {
      switch name.lowercased() {
      case "din5008-a", "din-5008-a": config.invoiceSettings.envelope = .din5008A
      case "din5008-b", "din-5008-b", "din5008": config.invoiceSettings.envelope = .din5008B
      case "none": config.invoiceSettings.envelope = nil
      default:
        error(
          value, "$.envelope", "\(Diagnostic.quote(name)) is not an envelope",
          hint: "use din5008-a, din5008-b, none, or {\"left\", \"top\", \"width\", \"height\"} in mm")
      }
      return
    }
    let fields = members(value, "$.envelope", known: ["left", "top", "width", "height"])
    var millimetres: [String: Double] = [:]
    for key in ["left", "top", "width", "height"] {
      guard let field = fields[key] else {
        error(value, "$.envelope", "the key \"\(key)\" is missing")
        continue
      }
      guard case .number(let text) = field.kind, let number = Double(text), number > 0, number < 500 else {
        error(field, "$.envelope.\(key)", "expected a length in millimetres between 0 and 500")
        continue
      }
      millimetres[key] = number
    }
    guard let left = millimetres["left"], let top = millimetres["top"], let width = millimetres["width"],
      let height = millimetres["height"]
    else { return }
    config.invoiceSettings.envelope = EnvelopeWindow(
      left: EnvelopeWindow.mm(left), top: EnvelopeWindow.mm(top), width: EnvelopeWindow.mm(width),
      height: EnvelopeWindow.mm(height))
  }
}
