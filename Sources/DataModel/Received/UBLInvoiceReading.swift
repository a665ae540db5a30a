/// Reads an OASIS UBL 2.1 `Invoice` or `CreditNote` (Peppol BIS 3.0, XRechnung UBL) into a draft.
struct UBLInvoiceReading {
  let fields: ReceivedFields

  func read(_ root: XMLElement) throws(ReceivedInvoiceError) -> ReceivedDraft {
    var draft = ReceivedDraft()
    let isCreditNote = root.name == "CreditNote"
    draft.isCreditNoteDocument = isCreditNote
    draft.specification = root.text("CustomizationID")
    draft.number = try fields.required(root.child("ID"), "BT-1 invoice number", in: root)
    draft.typeCode =
      root.text(isCreditNote ? "CreditNoteTypeCode" : "InvoiceTypeCode") ?? (isCreditNote ? "381" : "380")
    draft.issueDate = try fields.date(root.child("IssueDate"), "BT-2 issue date")
    draft.dueDate = try fields.date(root.child("DueDate"), "BT-9 due date")
    draft.notes = root.all("Note").map(\.text).filter { !$0.isEmpty }
    draft.currencyCode = try fields.required(root.child("DocumentCurrencyCode"), "BT-5 currency", in: root)
    draft.currencyLine = root.child("DocumentCurrencyCode")?.line ?? root.line
    draft.buyerReference = root.text("BuyerReference")
    if let period = root.child("InvoicePeriod") {
      draft.periodStart = try fields.date(period.child("StartDate"), "BT-73 period start")
      draft.periodEnd = try fields.date(period.child("EndDate"), "BT-74 period end")
    }
    draft.orderReference = root.text("OrderReference", "ID")
    draft.detail("BT-14", "Sales order", root.text("OrderReference", "SalesOrderID"))
    draft.precedingInvoice = root.text("BillingReference", "InvoiceDocumentReference", "ID")
    draft.precedingInvoiceDate = try fields.date(
      root.at("BillingReference", "InvoiceDocumentReference", "IssueDate"), "BT-26 preceding invoice date")
    readDocumentReferences(root, into: &draft)
    guard let seller = root.at("AccountingSupplierParty", "Party") else {
      throw fields.fail(root, "BG-4 seller is missing: no <AccountingSupplierParty>")
    }
    draft.seller = try party(seller, role: "BT-27 seller name")
    guard let buyer = root.at("AccountingCustomerParty", "Party") else {
      throw fields.fail(root, "BG-7 buyer is missing: no <AccountingCustomerParty>")
    }
    draft.buyer = try party(buyer, role: "BT-44 buyer name")
    draft.detail(
      "BT-63", "Seller's tax representative", root.text("TaxRepresentativeParty", "PartyName", "Name"))
    if let delivery = root.child("Delivery") {
      draft.deliveryDate = try fields.date(delivery.child("ActualDeliveryDate"), "BT-72 delivery date")
      draft.detail("BT-70", "Deliver to", delivery.text("DeliveryParty", "PartyName", "Name"))
    }
    readPayment(root, into: &draft)
    try readThirdPartyPayments(root, into: &draft)
    for charge in root.all("AllowanceCharge") {
      draft.charges.append(
        ReceivedDraft.Charge(
          isCharge: charge.text("ChargeIndicator") == "true",
          amount: try fields.requiredDecimal(
            charge.child("Amount"), "BT-92 allowance or charge amount", in: charge),
          reason: charge.text("AllowanceChargeReason") ?? charge.text("AllowanceChargeReasonCode"),
          category: charge.text("TaxCategory", "ID"),
          rate: try fields.decimal(charge.at("TaxCategory", "Percent"), "BT-96 VAT rate")))
    }
    for line in root.all(isCreditNote ? "CreditNoteLine" : "InvoiceLine") {
      draft.lines.append(
        try self.line(line, quantityName: isCreditNote ? "CreditedQuantity" : "InvoicedQuantity"))
    }
    try readTotals(root, into: &draft)
    return draft
  }

  /// The references to other documents: despatch and receiving advice, contract, project, tender,
  /// the invoiced object (BT-18) and the attachments (BG-24).
  private func readDocumentReferences(_ root: XMLElement, into draft: inout ReceivedDraft) {
    draft.detail("BT-16", "Despatch advice", root.text("DespatchDocumentReference", "ID"))
    draft.detail("BT-15", "Receiving advice", root.text("ReceiptDocumentReference", "ID"))
    draft.detail("BT-12", "Contract", root.text("ContractDocumentReference", "ID"))
    draft.detail("BT-11", "Project", root.text("ProjectReference", "ID"))
    draft.detail("BT-17", "Tender or lot", root.text("OriginatorDocumentReference", "ID"))
    for document in root.all("AdditionalDocumentReference") {
      // Type 130 is the invoiced object (BT-18); the others are attachments (BG-24).
      if document.text("DocumentTypeCode") == "130" {
        draft.detail("BT-18", "Invoiced object", document.text("ID"))
        continue
      }
      let binary = document.at("Attachment", "EmbeddedDocumentBinaryObject")
      let name = binary?.attributes["filename"] ?? document.text("ID") ?? ""
      let parts = [
        document.text("DocumentDescription"), binary?.attributes["mimeCode"],
        document.text("Attachment", "ExternalReference", "URI"),
      ].compactMap { $0 }
      draft.detail("BG-24", "Attachment", ([name] + parts.map { "(\($0))" }).joined(separator: " "))
    }
  }

  /// Payments by a third party (BG-DEX-09, XRechnung's extension), each also shown as a detail.
  private func readThirdPartyPayments(_ root: XMLElement, into draft: inout ReceivedDraft)
    throws(ReceivedInvoiceError)
  {
    for payment in root.all("PrepaidPayment") {
      guard let amount = try fields.decimal(payment.child("PaidAmount"), "BT-DEX-002 third-party payment")
      else { continue }
      draft.thirdPartyPayments.append(amount)
      draft.detail(
        "BG-DEX-09", "Third-party payment",
        [amount.description, payment.text("ID"), payment.text("InstructionID")].compactMap { $0 }.joined(
          separator: " · "))
    }
  }

  private func readPayment(_ root: XMLElement, into draft: inout ReceivedDraft) {
    for means in root.all("PaymentMeans") {
      if draft.paymentReference == nil { draft.paymentReference = means.text("PaymentID") }
      if let card = means.text("CardAccount", "PrimaryAccountNumberID") {
        draft.detail("BT-87", "Payment card", card)
      }
      if let debit = means.text("PaymentMandate", "PayerFinancialAccount", "ID") {
        draft.detail("BT-91", "Direct debit from", debit)
        draft.detail("BT-89", "Mandate reference", means.text("PaymentMandate", "ID"))
      }
      guard draft.bank == nil, let account = means.child("PayeeFinancialAccount"),
        let iban = account.text("ID")
      else { continue }
      draft.bank = BankAccount(
        holder: account.text("Name"), iban: iban, bic: account.text("FinancialInstitutionBranch", "ID"))
    }
    let terms = root.all("PaymentTerms").compactMap { $0.text("Note") }
    draft.paymentTerms = terms.isEmpty ? nil : terms.joined(separator: "\n")
  }

  private func line(_ element: XMLElement, quantityName: String) throws(ReceivedInvoiceError)
    -> ReceivedDraft.Line
  {
    var line = ReceivedDraft.Line()
    line.line = element.line
    line.id = element.text("ID") ?? ""
    line.note = element.text("Note")
    let item = element.child("Item")
    line.name = try fields.required(item?.child("Name"), "BT-153 item name", in: item ?? element)
    line.sku = item?.text("SellersItemIdentification", "ID")
    if let description = item?.text("Description") { line.attributes.append(("Description", description)) }
    if let buyerID = item?.text("BuyersItemIdentification", "ID") {
      line.attributes.append(("Buyer's item id", buyerID))
    }
    if let standard = item?.text("StandardItemIdentification", "ID") {
      line.attributes.append(("Standard id", standard))
    }
    for property in item?.all("AdditionalItemProperty") ?? [] {
      if let name = property.text("Name"), let value = property.text("Value") {
        line.attributes.append((name, value))
      }
    }
    let quantity = element.child(quantityName)
    line.quantity = try fields.requiredDecimal(quantity, "BT-129 invoiced quantity", in: element)
    line.unitCode = quantity?.attributes["unitCode"]
    line.amount = try fields.requiredDecimal(
      element.child("LineExtensionAmount"), "BT-131 line net amount", in: element)
    let price = element.child("Price")
    line.netPrice = try fields.requiredDecimal(
      price?.child("PriceAmount"), "BT-146 net price", in: price ?? element)
    line.basisQuantity = try fields.decimal(price?.child("BaseQuantity"), "BT-149 price base quantity")
    line.grossPrice = try fields.decimal(price?.at("AllowanceCharge", "BaseAmount"), "BT-148 gross price")
    line.category = item?.text("ClassifiedTaxCategory", "ID") ?? "S"
    line.rate = try fields.decimal(item?.at("ClassifiedTaxCategory", "Percent"), "BT-152 VAT rate")
    for charge in element.all("AllowanceCharge") {
      let amount = try fields.requiredDecimal(charge.child("Amount"), "BT-136 allowance amount", in: charge)
      if charge.text("ChargeIndicator") == "true" {
        line.charge = line.charge.adding(amount) ?? line.charge
      } else {
        line.allowance = line.allowance.adding(amount) ?? line.allowance
      }
    }
    if let period = element.child("InvoicePeriod") {
      line.period = (
        try fields.date(period.child("StartDate"), "BT-134 line period start"),
        try fields.date(period.child("EndDate"), "BT-135 line period end")
      )
    }
    return line
  }

  /// A party: name (registration name when there is no trading name), postal address, tax ids, endpoint, contact.
  private func party(_ element: XMLElement, role: String) throws(ReceivedInvoiceError) -> Party {
    let name = element.child("PartyLegalEntity")?.child("RegistrationName") ?? element.at("PartyName", "Name")
    var party = Party(name: try fields.required(name, role, in: element))
    party.id = element.text("PartyIdentification", "ID")
    if let address = element.child("PostalAddress") {
      party.postalAddress = PostalAddress(
        street: address.text("StreetName"),
        street2: address.text("AdditionalStreetName") ?? address.text("AddressLine", "Line"),
        postcode: address.text("PostalZone"), city: address.text("CityName"),
        region: address.text("CountrySubentity"), country: address.text("Country", "IdentificationCode"))
    }
    for scheme in element.all("PartyTaxScheme") {
      guard let id = scheme.text("CompanyID") else { continue }
      if scheme.text("TaxScheme", "ID") == "VAT" { party.vatId = id } else { party.taxNumber = id }
    }
    if let endpoint = element.child("EndpointID") {
      party.electronicAddress = ElectronicAddress(
        scheme: endpoint.attributes["schemeID"] ?? "", value: endpoint.text)
    }
    if let contact = element.child("Contact") {
      party.contact = Contact(
        name: contact.text("Name"), phone: contact.text("Telephone"), email: contact.text("ElectronicMail"))
    }
    return party
  }

  private func readTotals(_ root: XMLElement, into draft: inout ReceivedDraft) throws(ReceivedInvoiceError) {
    var breakdown: [StatedTotals.Breakdown] = []
    var taxTotal: ExactDecimal?
    for total in root.all("TaxTotal") {
      let amount = total.child("TaxAmount")
      // A second TaxTotal in the VAT accounting currency (BT-111) has no subtotals; the document's currency counts.
      if amount?.attributes["currencyID"] == draft.currencyCode || taxTotal == nil {
        taxTotal = try fields.decimal(amount, "BT-110 total VAT") ?? taxTotal
      }
      for subtotal in total.all("TaxSubtotal") {
        breakdown.append(
          StatedTotals.Breakdown(
            category: subtotal.text("TaxCategory", "ID") ?? "S",
            rate: try fields.decimal(subtotal.at("TaxCategory", "Percent"), "BT-119 VAT rate"),
            basis: try fields.requiredDecimal(
              subtotal.child("TaxableAmount"), "BT-116 VAT category taxable amount", in: subtotal),
            tax: try fields.requiredDecimal(
              subtotal.child("TaxAmount"), "BT-117 VAT category tax amount", in: subtotal),
            exemptionReason: subtotal.text("TaxCategory", "TaxExemptionReason")))
      }
    }
    guard let sums = root.child("LegalMonetaryTotal") else {
      throw fields.fail(root, "BG-22 document totals are missing: no <LegalMonetaryTotal>")
    }
    draft.stated = StatedTotals(
      lineTotal: try fields.requiredDecimal(
        sums.child("LineExtensionAmount"), "BT-106 sum of line net amounts", in: sums),
      allowanceTotal: try fields.decimal(sums.child("AllowanceTotalAmount"), "BT-107 sum of allowances"),
      chargeTotal: try fields.decimal(sums.child("ChargeTotalAmount"), "BT-108 sum of charges"),
      taxBasis: try fields.requiredDecimal(
        sums.child("TaxExclusiveAmount"), "BT-109 total without VAT", in: sums),
      taxTotal: taxTotal,
      grandTotal: try fields.requiredDecimal(
        sums.child("TaxInclusiveAmount"), "BT-112 total with VAT", in: sums),
      prepaid: try fields.decimal(sums.child("PrepaidAmount"), "BT-113 paid amount"),
      rounding: try fields.decimal(sums.child("PayableRoundingAmount"), "BT-114 rounding amount"),
      due: try fields.requiredDecimal(sums.child("PayableAmount"), "BT-115 amount due", in: sums),
      breakdown: breakdown, lineAmounts: draft.lines.map(\.amount))
  }
}
