/// Which payment code invoices carry (config `payment.qr`).
public enum PaymentCode: String, Sendable, CaseIterable {
  /// None.
  case none
  /// An EPC QR code (GiroCode) on every invoice with an amount due; an invoice in another currency than euro is an error.
  case epc
  /// An EPC QR code where it applies: euro invoices with an amount due, when the seller has an IBAN.
  case auto
}

extension Issuer {
  /// The EPC QR code of `invoice`: nil when it carries none (a credit note, nothing due, no bank,
  /// `auto` and not euros), else the code or why it cannot have one.
  public func epcPayment(for invoice: Invoice) -> Result<EPCPayment, EPCPayment.Problem>? {
    guard paymentCode != .none, !invoice.isCreditNote, let bank, let iban = IBAN(bank.iban) else {
      return nil
    }
    let due = invoice.totals.grandTotal
    guard !due.amount.isNegative, !due.amount.isZero else { return nil }
    if paymentCode == .auto, due.currency.code != "EUR" { return nil }
    let reference = usesCreditorReference ? CreditorReference(from: invoice.number) : nil
    return EPCPayment.make(
      amount: due, holder: bank.holder ?? seller?.name ?? "", iban: iban, bic: bank.bic, reference: reference,
      text: reference == nil ? "Invoice \(invoice.number)" : nil)
  }
}
