/// Turns a received invoice's draft into the invoice model, and checks the stated amounts' arithmetic.
struct ReceivedAssembly {
  let draft: ReceivedDraft
  let fields: ReceivedFields
  let root: XMLElement

  /// Document type codes of credit notes (UNTDID 1001): their amounts are shown negated, as our credit notes are.
  static let creditNoteTypes: Set<String> = [
    "381", "81", "83", "261", "262", "296", "308", "396", "420", "458", "532",
  ]

  func invoice(syntax: ReceivedInvoice.Syntax) throws(ReceivedInvoiceError) -> ReceivedInvoice {
    guard let number = draft.number else { throw fields.fail(root, "BT-1 invoice number is missing") }
    guard let issueDate = draft.issueDate else { throw fields.fail(root, "BT-2 issue date is missing") }
    guard let code = draft.currencyCode, let currency = Currency(code: code) else {
      throw ReceivedInvoiceError(
        file: fields.file, line: draft.currencyLine,
        message: "BT-5 currency \"\(draft.currencyCode ?? "")\" is not an ISO 4217 currency code")
    }
    guard let stated = draft.stated else { throw fields.fail(root, "BG-22 document totals are missing") }
    guard !draft.lines.isEmpty else { throw fields.fail(root, "BG-25: the invoice has no line") }
    let isCredit = draft.isCreditNoteDocument || ReceivedAssembly.creditNoteTypes.contains(draft.typeCode)
    var warnings: [String] = []
    var details = draft.details
    let items = draft.lines.map { line in
      item(line, isCredit: isCredit, warnings: &warnings, details: &details)
    }
    unnamedUnits(&warnings)
    let charges = draft.charges.map { charge in
      AllowanceCharge(
        charge.isCharge ? .charge : .allowance, amount: isCredit ? charge.amount.negated : charge.amount,
        reason: charge.reason, taxRate: charge.rate ?? (charge.category.map { _ in ExactDecimal.zero }))
    }
    let reasons = Array(Set(stated.breakdown.compactMap(\.exemptionReason))).sorted()
    let (seller, buyer) = (Self.withEmail(draft.seller), Self.withEmail(draft.buyer))
    let bank = bankAccount(warnings: &warnings)
    var invoice: Invoice
    do {
      invoice = try Invoice(
        number: number, issueDate: issueDate, dueDate: draft.dueDate, currency: currency,
        customer: buyer,
        items: items, allowancesCharges: charges,
        notes: draft.notes.isEmpty ? nil : draft.notes.joined(separator: "\n"),
        purchaseOrder: draft.orderReference, precedingInvoice: draft.precedingInvoice,
        taxExemptionReason: reasons.isEmpty ? nil : reasons.joined(separator: "; "),
        source: SourceLocation(file: fields.file, line: root.line))
    } catch {
      throw fields.fail(root, "the amounts are too large to compute exactly")
    }
    invoice.buyerReference = draft.buyerReference
    invoice.deliveryDate = draft.deliveryDate
    invoice.precedingInvoiceDate = draft.precedingInvoiceDate
    if let start = draft.periodStart, let end = draft.periodEnd, start <= end {
      invoice.billingPeriod = start...end
    }
    details.insert(contentsOf: headerDetails(), at: 0)
    var issuer = Issuer(
      seller: seller, bank: bank, paymentTerms: draft.paymentTerms.map { LocalizedText($0) })
    issuer.usesCreditorReference = false
    var received = ReceivedInvoice(
      syntax: syntax, invoice: invoice, issuer: issuer, typeCode: draft.typeCode, stated: stated,
      details: details,
      disagreements: [], warnings: warnings)
    received.disagreements = ReceivedArithmetic(stated: stated, draft: draft, minorUnits: currency.minorUnits)
      .disagreements()
    return received
  }

  /// Each unit code without a name here, said once per file at its first line (FA(3)'s units are words, not codes).
  private func unnamedUnits(_ warnings: inout [String]) {
    var named = UnitCode.known
    for line in draft.lines where !draft.unitsAreWords {
      guard let unit = line.unitCode, named.insert(unit).inserted else { continue }
      warnings.append(
        "\(fields.file):\(line.line): unit code \"\(unit)\" has no name here; it is shown as the code")
    }
  }

  /// The seller's account, its IBAN printed in groups of four; a wrong check digit is said (a typo, or worse).
  private func bankAccount(warnings: inout [String]) -> BankAccount? {
    var bank = draft.bank
    guard let given = bank?.iban else { return bank }
    if let iban = IBAN(given) {
      bank?.iban = iban.description
    } else if given.prefix(2).allSatisfy(\.isLetter) {
      warnings.append(
        "\(fields.file): BT-84 account \"\(given)\" is not a valid IBAN (its check digits are wrong)")
    }
    return bank
  }

  /// `party` with the e-mail printed with it: its electronic address when that is one (scheme EM), else its contact's.
  static func withEmail(_ party: Party) -> Party {
    var party = party
    let address = party.electronicAddress
    party.email = party.email ?? (address?.scheme == "EM" ? address?.value : nil) ?? party.contact?.email
    return party
  }

  /// The header terms the invoice model has no place for.
  private func headerDetails() -> [ReceivedInvoice.Detail] {
    var extra = ReceivedDraft()
    if draft.typeCode != "380" && draft.typeCode != "381" {
      extra.detail(
        "BT-3", "Document type",
        ReceivedAssembly.typeNames[draft.typeCode].map { "\(draft.typeCode) (\($0))" } ?? draft.typeCode)
    }
    if let start = draft.periodStart, draft.periodEnd == nil {
      extra.detail("BT-73", "Period from", start.description)
    }
    if let end = draft.periodEnd, draft.periodStart == nil {
      extra.detail("BT-74", "Period to", end.description)
    }
    if let reference = draft.paymentReference, reference != draft.number {
      extra.detail("BT-83", "Payment reference", reference)
    }
    if let prepaid = draft.stated?.prepaid, !prepaid.isZero {
      extra.detail("BT-113", "Paid in advance", prepaid.description)
    }
    if let rounding = draft.stated?.rounding, !rounding.isZero {
      extra.detail("BT-114", "Rounding", rounding.description)
    }
    extra.detail("BT-29", "Seller id", draft.seller.id)
    extra.detail("BT-32", "Seller tax number", draft.seller.vatId == nil ? nil : draft.seller.taxNumber)
    // An e-mail address (scheme EM) is printed with the party; other schemes (Peppol ids, Leitweg-IDs) here.
    for (term, label, party) in [
      ("BT-34", "Seller electronic address", draft.seller),
      ("BT-49", "Buyer electronic address", draft.buyer),
    ] {
      if let address = party.electronicAddress, address.scheme != "EM" {
        extra.detail(term, label, "\(address.value) (\(address.scheme))")
      }
    }
    if let contact = draft.seller.contact {
      extra.detail(
        "BG-6", "Seller contact",
        [contact.name, contact.phone, contact.email].compactMap { $0 }.joined(separator: ", "))
    }
    if let contact = draft.buyer.contact {
      extra.detail(
        "BG-9", "Buyer contact",
        [contact.name, contact.phone, contact.email].compactMap { $0 }.joined(separator: ", "))
    }
    extra.detail("BT-10", "Buyer reference", draft.buyerReference)
    extra.detail("BT-24", "Specification", draft.specification)
    return extra.details
  }

  static let typeNames = [
    "384": "corrected invoice", "389": "self-billed invoice", "326": "partial invoice",
    "875": "partial construction invoice",
    "876": "partial final construction invoice", "877": "final construction invoice",
    "386": "prepayment invoice",
    "751": "invoice information for accounting",
  ]

  /// A line as an item: net price per unit (from the gross price and its discount when they say the
  /// same), allowances less charges as the discount amount, the VAT category when not standard.
  private func item(
    _ line: ReceivedDraft.Line, isCredit: Bool, warnings: inout [String],
    details: inout [ReceivedInvoice.Detail]
  ) -> LineItem {
    var price = line.netPrice
    if let basis = line.basisQuantity, !basis.isZero, basis != ExactDecimal(1) {
      price = line.netPrice.divided(by: basis, scale: 6) ?? line.netPrice
    }
    var unitPrice = price
    var discount = ExactDecimal.zero
    if let gross = line.grossPrice, line.basisQuantity == nil, !gross.isZero, gross != price,
      let off = gross.subtracting(price),
      let percent = off.multiplied(by: ExactDecimal(100))?.divided(by: gross, scale: 6),
      let back = gross.multiplied(by: ExactDecimal(100).subtracting(percent) ?? .zero),
      ExactDecimal(units: back.units, scale: back.scale + 2) == price
    {
      unitPrice = gross
      discount = percent
    }
    let off = line.allowance.subtracting(line.charge) ?? .zero
    var item = LineItem(
      description: line.name, quantity: isCredit ? line.quantity.negated : line.quantity,
      unitPrice: unitPrice,
      taxRate: line.rate ?? .zero, discount: discount, discountAmount: isCredit ? off.negated : off,
      sku: line.sku,
      unit: line.unitCode, line: line.line)
    if line.category != "S" { item.taxCategory = line.category }
    // The totals use the stated amount; where quantity × price says otherwise (a price with more
    // decimals, rounded down by the seller), the line is shown as stated and a warning says so.
    let computed = item.quantity.multiplied(by: unitPrice)?.multiplied(
      by: ExactDecimal(100).subtracting(discount) ?? .zero
    )
    .map { ExactDecimal(units: $0.units, scale: $0.scale + 2) }?.subtracting(item.discountAmount)
    let stated = isCredit ? line.amount.negated : line.amount
    if computed.map({ $0.rounded(toScale: 2) != stated.rounded(toScale: 2) }) ?? true {
      item.statedAmount = stated
      if let computed {
        warnings.append(
          "\(fields.file):\(line.line): line \(line.id) states its net amount as \(line.amount); quantity × price gives \(computed.rounded(toScale: 2)); shown as stated"
        )
      }
    }
    let label = "Line \(line.id.isEmpty ? line.name : line.id)"
    if let note = line.note {
      details.append(ReceivedInvoice.Detail(term: "BT-127", label: label, value: note))
    }
    for (name, value) in line.attributes {
      details.append(ReceivedInvoice.Detail(term: "BG-32", label: label, value: "\(name): \(value)"))
    }
    if let period = line.period {
      let text = [period.start, period.end].map { $0?.description ?? "…" }.joined(separator: " – ")
      details.append(ReceivedInvoice.Detail(term: "BG-26", label: label, value: "Period \(text)"))
    }
    return item
  }
}
