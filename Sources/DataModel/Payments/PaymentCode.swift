/// Which payment code invoices carry (config `payment.qr`).
public enum PaymentCode: String, Sendable, CaseIterable {
  /// None.
  case none
  /// An EPC QR code (GiroCode) on every invoice with an amount due; an invoice in another currency than euro is an error.
  case epc
  /// A Swiss QR-bill on every invoice with an amount due (CHF or EUR, a Swiss or Liechtenstein IBAN).
  case swiss
  /// The code that applies: a QR-bill for CHF and EUR invoices when the IBAN is Swiss or
  /// Liechtenstein, else an EPC QR code for euro invoices; nothing otherwise.
  case auto
}

extension Issuer {
  /// The EPC QR code of `invoice`: nil when it carries none (a credit note, nothing due, no bank,
  /// `auto` and not euros), else the code or why it cannot have one.
  public func epcPayment(for invoice: Invoice) -> Result<EPCPayment, EPCPayment.Problem>? {
    guard paymentCode == .epc || paymentCode == .auto, !invoice.isCreditNote, let bank,
      let iban = IBAN(bank.iban)
    else { return nil }
    let due = invoice.totals.grandTotal
    guard !due.amount.isNegative, !due.amount.isZero else { return nil }
    if paymentCode == .auto, due.currency.code != "EUR" || ["CH", "LI"].contains(iban.country) { return nil }
    let reference = usesCreditorReference ? CreditorReference(from: invoice.number) : nil
    return EPCPayment.make(
      amount: due, holder: bank.holder ?? seller?.name ?? "", iban: iban, bic: bank.bic, reference: reference,
      text: reference == nil ? "Invoice \(invoice.number)" : nil)
  }
}

extension Issuer {
  /// The Swiss QR-bill of `invoice`: nil when it carries none (a credit note, nothing due, no bank,
  /// `auto` and not a CHF or EUR invoice paid to a Swiss or Liechtenstein IBAN), else the bill or why
  /// it cannot have one.
  public func swissQRBill(for invoice: Invoice) -> Result<SwissQRBill, SwissQRBill.Problem>? {
    guard paymentCode == .swiss || paymentCode == .auto, !invoice.isCreditNote, let bank,
      let iban = IBAN(bank.iban)
    else { return nil }
    let due = invoice.totals.grandTotal
    guard !due.amount.isNegative, !due.amount.isZero else { return nil }
    if paymentCode == .auto,
      !["CHF", "EUR"].contains(due.currency.code) || !["CH", "LI"].contains(iban.country)
    {
      return nil
    }
    guard let seller, let postal = seller.postalAddress else {
      return .failure(
        .missing("the seller's address in parts (seller.street, postcode, city, country in the config)"))
    }
    let creditor = SwissQRBill.Address(
      name: bank.holder ?? seller.name, street: postal.street ?? "", postcode: postal.postcode ?? "",
      town: postal.city ?? "", country: postal.country ?? "")
    let debtor = invoice.customer.postalAddress.map { address in
      SwissQRBill.Address(
        name: invoice.customer.name, street: address.street ?? "", postcode: address.postcode ?? "",
        town: address.city ?? "", country: address.country ?? "")
    }
    return SwissQRBill.make(
      number: invoice.number, due: due, iban: iban, creditor: creditor, debtor: debtor,
      creditorReference: usesCreditorReference)
  }
}

extension Issuer {
  /// The remittance information (EN 16931 BT-83) of `invoice` when its payment code carries a reference:
  /// the QR-bill's QRR or SCOR reference, else the RF reference of `payment.reference: "rf"`; nil
  /// otherwise (the invoice number is used).
  public func paymentRemittance(for invoice: Invoice) -> String? {
    if case .success(let bill)? = swissQRBill(for: invoice) {
      return bill.reference.isEmpty ? nil : bill.reference
    }
    guard usesCreditorReference, paymentCode != .none else { return nil }
    return CreditorReference(from: invoice.number)?.electronic
  }
}
