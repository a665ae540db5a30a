extension ReceivedInvoice {
  /// Every business term the reader took, one per line in a fixed order: for reviewing by hand and
  /// for tests that compare a reading with a reviewed one.
  public var transcript: String {
    var lines: [String] = []
    func add(_ term: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      lines.append("\(term): \(value)")
    }
    add("syntax", syntax.rawValue)
    add("BT-1 number", invoice.number)
    add("BT-2 issue date", invoice.issueDate.description)
    add("BT-3 type", typeCode + (invoice.isCreditNote ? " (credit note)" : ""))
    add("BT-5 currency", invoice.currency.code)
    add("BT-9 due date", invoice.dueDate?.description)
    add("BT-10 buyer reference", invoice.buyerReference)
    add("BT-13 order", invoice.purchaseOrder)
    add("BT-25 preceding invoice", invoice.precedingInvoice)
    add("BT-72 delivery date", invoice.deliveryDate?.description)
    add("BG-14 period", invoice.billingPeriod.map { "\($0.lowerBound) – \($0.upperBound)" })
    add("BG-1 notes", invoice.notes?.replacingOccurrences(of: "\n", with: " ⏎ "))
    if let seller = issuer.seller { lines += Self.party("seller", seller) }
    lines += Self.party("buyer", invoice.customer)
    if let bank = issuer.bank {
      add("BG-17 account", [bank.holder, bank.iban, bank.bic].compactMap { $0 }.joined(separator: " | "))
    }
    add("BT-20 payment terms", issuer.paymentTerms?.text(for: "en", defaultLocale: "en"))
    for (index, item) in invoice.items.enumerated() {
      var parts = [
        item.description, "\(item.quantity) \(item.unit ?? "")", "price \(item.unitPrice)",
        "VAT \(item.taxCategory ?? "S") \(item.taxRate)%",
        "net \(invoice.totals.lineAmounts[index].amount)",
      ]
      if !item.discount.isZero { parts.insert("discount \(item.discount)%", at: 3) }
      if !item.discountAmount.isZero { parts.insert("allowance \(item.discountAmount)", at: 3) }
      if item.statedAmount != nil { parts.append("(as stated)") }
      add("BG-25 line \(index + 1)", parts.joined(separator: " | "))
    }
    for charge in invoice.allowancesCharges {
      add(
        charge.kind == .charge ? "BG-21 charge" : "BG-20 allowance",
        [charge.amount.description, charge.reason, charge.taxRate.map { "VAT \($0)%" }].compactMap { $0 }
          .joined(
            separator: " | "))
    }
    add(
      "BG-22 stated",
      [
        "lines \(stated.lineTotal)", stated.allowanceTotal.map { "allowances \($0)" },
        stated.chargeTotal.map { "charges \($0)" }, "without VAT \(stated.taxBasis)",
        stated.taxTotal.map { "VAT \($0)" }, "with VAT \(stated.grandTotal)",
        stated.prepaid.map { "paid \($0)" },
        stated.rounding.map { "rounding \($0)" }, "due \(stated.due)",
      ].compactMap { $0 }.joined(separator: " | "))
    for entry in stated.breakdown {
      add(
        "BG-23 VAT",
        [
          "\(entry.category) \(entry.rate?.description ?? "–")%", "base \(entry.basis)", "tax \(entry.tax)",
          entry.exemptionReason,
        ].compactMap { $0 }.joined(separator: " | "))
    }
    add(
      "model totals",
      "lines \(invoice.totals.lineTotal.amount) | VAT \(invoice.totals.taxTotal.amount) | with VAT \(invoice.totals.grandTotal.amount)"
    )
    for detail in details { add("more \(detail.term) \(detail.label)", detail.value) }
    for disagreement in disagreements { add("disagreement", disagreement) }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func party(_ role: String, _ party: Party) -> [String] {
    var lines = ["\(role) name: \(party.name)"]
    if let postal = party.postalAddress {
      lines.append(
        "\(role) address: "
          + [postal.street, postal.street2, postal.postcode, postal.city, postal.region, postal.country]
          .map { $0 ?? "–" }.joined(separator: " | "))
    }
    if let email = party.email { lines.append("\(role) e-mail: \(email)") }
    if let vat = party.vatId { lines.append("\(role) VAT id: \(vat)") }
    if let number = party.taxNumber { lines.append("\(role) tax number: \(number)") }
    if let id = party.id { lines.append("\(role) id: \(id)") }
    if let address = party.electronicAddress {
      lines.append("\(role) electronic address: \(address.value) (\(address.scheme))")
    }
    if let contact = party.contact {
      lines.append(
        "\(role) contact: "
          + [contact.name, contact.phone, contact.email].map { $0 ?? "–" }.joined(separator: " | "))
    }
    return lines
  }
}
