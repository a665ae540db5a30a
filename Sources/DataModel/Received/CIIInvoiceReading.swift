/// Reads an UN/CEFACT Cross Industry Invoice (CII D16B: Factur-X, ZUGFeRD, XRechnung CII) into a draft.
struct CIIInvoiceReading {
  let fields: ReceivedFields

  func read(_ root: XMLElement) throws(ReceivedInvoiceError) -> ReceivedDraft {
    var draft = ReceivedDraft()
    draft.specification = root.text(
      "ExchangedDocumentContext", "GuidelineSpecifiedDocumentContextParameter", "ID")
    guard let document = root.child("ExchangedDocument") else {
      throw fields.fail(root, "BT-1 invoice number is missing: no <ExchangedDocument>")
    }
    draft.number = try fields.required(document.child("ID"), "BT-1 invoice number", in: document)
    draft.typeCode = document.text("TypeCode") ?? "380"
    draft.issueDate = try fields.date(document.at("IssueDateTime", "DateTimeString"), "BT-2 issue date")
    draft.notes = document.all("IncludedNote").compactMap { $0.text("Content") }
    guard let transaction = root.child("SupplyChainTradeTransaction") else {
      throw fields.fail(root, "BG-25 invoice lines are missing: no <SupplyChainTradeTransaction>")
    }
    for item in transaction.all("IncludedSupplyChainTradeLineItem") { draft.lines.append(try line(item)) }
    if let agreement = transaction.child("ApplicableHeaderTradeAgreement") {
      try readAgreement(agreement, into: &draft)
    }
    if let delivery = transaction.child("ApplicableHeaderTradeDelivery") {
      draft.deliveryDate = try fields.date(
        delivery.at("ActualDeliverySupplyChainEvent", "OccurrenceDateTime", "DateTimeString"),
        "BT-72 delivery date")
      draft.detail(
        "BT-16", "Despatch advice", delivery.text("DespatchAdviceReferencedDocument", "IssuerAssignedID"))
      draft.detail(
        "BT-15", "Receiving advice", delivery.text("ReceivingAdviceReferencedDocument", "IssuerAssignedID"))
      draft.detail("BT-70", "Deliver to", delivery.text("ShipToTradeParty", "Name"))
    }
    guard let settlement = transaction.child("ApplicableHeaderTradeSettlement") else {
      throw fields.fail(
        transaction, "BG-22 document totals are missing: no <ApplicableHeaderTradeSettlement>")
    }
    try readSettlement(settlement, into: &draft)
    return draft
  }

  private func line(_ item: XMLElement) throws(ReceivedInvoiceError) -> ReceivedDraft.Line {
    var line = ReceivedDraft.Line()
    line.line = item.line
    line.id = item.text("AssociatedDocumentLineDocument", "LineID") ?? ""
    line.note = item.text("AssociatedDocumentLineDocument", "IncludedNote", "Content")
    let product = item.child("SpecifiedTradeProduct")
    line.name = try fields.required(product?.child("Name"), "BT-153 item name", in: product ?? item)
    line.sku = product?.text("SellerAssignedID")
    if let description = product?.text("Description") { line.attributes.append(("Description", description)) }
    if let buyerID = product?.text("BuyerAssignedID") { line.attributes.append(("Buyer's item id", buyerID)) }
    if let standard = product?.text("GlobalID") { line.attributes.append(("Standard id", standard)) }
    for characteristic in product?.all("ApplicableProductCharacteristic") ?? [] {
      if let name = characteristic.text("Description"), let value = characteristic.text("Value") {
        line.attributes.append((name, value))
      }
    }
    let agreement = item.child("SpecifiedLineTradeAgreement")
    let net = agreement?.child("NetPriceProductTradePrice")
    line.netPrice = try fields.requiredDecimal(
      net?.child("ChargeAmount"), "BT-146 net price", in: net ?? item)
    line.basisQuantity = try fields.decimal(net?.child("BasisQuantity"), "BT-149 price base quantity")
    line.grossPrice = try fields.decimal(
      agreement?.at("GrossPriceProductTradePrice", "ChargeAmount"), "BT-148 gross price")
    let quantity = item.at("SpecifiedLineTradeDelivery", "BilledQuantity")
    line.quantity = try fields.requiredDecimal(quantity, "BT-129 invoiced quantity", in: item)
    line.unitCode = quantity?.attributes["unitCode"]
    guard let settlement = item.child("SpecifiedLineTradeSettlement") else {
      throw fields.fail(item, "BT-131 line net amount is missing: no <SpecifiedLineTradeSettlement>")
    }
    line.category = settlement.text("ApplicableTradeTax", "CategoryCode") ?? "S"
    line.rate = try fields.decimal(
      settlement.at("ApplicableTradeTax", "RateApplicablePercent"), "BT-152 VAT rate")
    for charge in settlement.all("SpecifiedTradeAllowanceCharge") {
      let amount = try fields.requiredDecimal(
        charge.child("ActualAmount"), "BT-136 allowance amount", in: charge)
      if charge.text("ChargeIndicator", "Indicator") == "true" {
        line.charge = line.charge.adding(amount) ?? line.charge
      } else {
        line.allowance = line.allowance.adding(amount) ?? line.allowance
      }
    }
    line.amount = try fields.requiredDecimal(
      settlement.at("SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"),
      "BT-131 line net amount",
      in: settlement)
    if let period = settlement.child("BillingSpecifiedPeriod") {
      line.period = (
        try fields.date(period.at("StartDateTime", "DateTimeString"), "BT-134 line period start"),
        try fields.date(period.at("EndDateTime", "DateTimeString"), "BT-135 line period end")
      )
    }
    return line
  }

  private func readAgreement(_ agreement: XMLElement, into draft: inout ReceivedDraft)
    throws(ReceivedInvoiceError)
  {
    draft.buyerReference = agreement.text("BuyerReference")
    guard let seller = agreement.child("SellerTradeParty") else {
      throw fields.fail(agreement, "BG-4 seller is missing: no <SellerTradeParty>")
    }
    draft.seller = try party(seller, role: "BT-27 seller name")
    guard let buyer = agreement.child("BuyerTradeParty") else {
      throw fields.fail(agreement, "BG-7 buyer is missing: no <BuyerTradeParty>")
    }
    draft.buyer = try party(buyer, role: "BT-44 buyer name")
    draft.orderReference = agreement.text("BuyerOrderReferencedDocument", "IssuerAssignedID")
    draft.detail("BT-14", "Sales order", agreement.text("SellerOrderReferencedDocument", "IssuerAssignedID"))
    draft.detail("BT-12", "Contract", agreement.text("ContractReferencedDocument", "IssuerAssignedID"))
    if let project = agreement.child("SpecifiedProcuringProject") {
      draft.detail(
        "BT-11", "Project",
        [project.text("ID"), project.text("Name")].compactMap { $0 }.joined(separator: " "))
    }
    draft.detail(
      "BT-63", "Seller's tax representative", agreement.text("SellerTaxRepresentativeTradeParty", "Name"))
    for document in agreement.all("AdditionalReferencedDocument") {
      // Type 50 is the tender or lot (BT-17), 130 the invoiced object (BT-18); 916 and others are attachments.
      switch document.text("TypeCode") {
      case "50":
        draft.detail("BT-17", "Tender or lot", document.text("IssuerAssignedID"))
        continue
      case "130":
        draft.detail("BT-18", "Invoiced object", document.text("IssuerAssignedID"))
        continue
      default: break
      }
      let binary = document.child("AttachmentBinaryObject")
      let name = binary?.attributes["filename"] ?? document.text("IssuerAssignedID") ?? ""
      let parts = [
        document.text("Name"), binary?.attributes["mimeCode"], document.text("URIID"),
      ].compactMap { $0 }
      draft.detail("BG-24", "Attachment", ([name] + parts.map { "(\($0))" }).joined(separator: " "))
    }
  }

  /// A trade party: name, postal address, tax ids, electronic address and contact.
  private func party(_ element: XMLElement, role: String) throws(ReceivedInvoiceError) -> Party {
    var party = Party(name: try fields.required(element.child("Name"), role, in: element))
    party.id = element.text("ID")
    if let address = element.child("PostalTradeAddress") {
      let street = [address.text("LineOne"), address.text("LineThree")].compactMap { $0 }
      party.postalAddress = PostalAddress(
        street: street.first, street2: address.text("LineTwo") ?? (street.count > 1 ? street[1] : nil),
        postcode: address.text("PostcodeCode"), city: address.text("CityName"),
        region: address.text("CountrySubDivisionName"), country: address.text("CountryID"))
    }
    for registration in element.all("SpecifiedTaxRegistration") {
      guard let id = registration.child("ID") else { continue }
      if id.attributes["schemeID"] == "VA" { party.vatId = id.text } else { party.taxNumber = id.text }
    }
    if let uri = element.at("URIUniversalCommunication", "URIID") {
      party.electronicAddress = ElectronicAddress(scheme: uri.attributes["schemeID"] ?? "", value: uri.text)
    }
    if let contact = element.child("DefinedTradeContact") {
      party.contact = Contact(
        name: contact.text("PersonName") ?? contact.text("DepartmentName"),
        phone: contact.text("TelephoneUniversalCommunication", "CompleteNumber"),
        email: contact.text("EmailURIUniversalCommunication", "URIID"))
    }
    return party
  }

  private func readSettlement(_ settlement: XMLElement, into draft: inout ReceivedDraft)
    throws(ReceivedInvoiceError)
  {
    draft.currencyCode = try fields.required(
      settlement.child("InvoiceCurrencyCode"), "BT-5 currency", in: settlement)
    draft.currencyLine = settlement.child("InvoiceCurrencyCode")?.line ?? settlement.line
    draft.paymentReference = settlement.text("PaymentReference")
    readPaymentMeans(settlement, into: &draft)
    draft.detail("BT-90", "Creditor id", settlement.text("CreditorReferenceID"))
    for payment in settlement.all("SpecifiedAdvancePayment") {
      guard let amount = try fields.decimal(payment.child("PaidAmount"), "BT-DEX-002 third-party payment")
      else { continue }
      draft.thirdPartyPayments.append(amount)
      draft.detail("BG-DEX-09", "Third-party payment", amount.description)
    }
    if let period = settlement.child("BillingSpecifiedPeriod") {
      draft.periodStart = try fields.date(period.at("StartDateTime", "DateTimeString"), "BT-73 period start")
      draft.periodEnd = try fields.date(period.at("EndDateTime", "DateTimeString"), "BT-74 period end")
    }
    for charge in settlement.all("SpecifiedTradeAllowanceCharge") {
      draft.charges.append(
        ReceivedDraft.Charge(
          isCharge: charge.text("ChargeIndicator", "Indicator") == "true",
          amount: try fields.requiredDecimal(
            charge.child("ActualAmount"), "BT-92 allowance or charge amount", in: charge),
          reason: charge.text("Reason") ?? charge.text("ReasonCode"),
          category: charge.text("CategoryTradeTax", "CategoryCode"),
          rate: try fields.decimal(charge.at("CategoryTradeTax", "RateApplicablePercent"), "BT-96 VAT rate")))
    }
    let terms = settlement.all("SpecifiedTradePaymentTerms")
    draft.paymentTerms = terms.compactMap { $0.text("Description") }.joined(separator: "\n")
    if draft.paymentTerms?.isEmpty == true { draft.paymentTerms = nil }
    for term in terms {
      if let due = try fields.date(term.at("DueDateDateTime", "DateTimeString"), "BT-9 due date") {
        draft.dueDate = due
      }
      draft.detail("BT-89", "Mandate reference", term.text("DirectDebitMandateID"))
    }
    draft.precedingInvoice = settlement.text("InvoiceReferencedDocument", "IssuerAssignedID")
    draft.precedingInvoiceDate = try fields.date(
      settlement.at("InvoiceReferencedDocument", "FormattedIssueDateTime", "DateTimeString"),
      "BT-26 preceding invoice date")
    try readTotals(settlement, into: &draft)
  }

  /// The first credit transfer account (BG-17), and the card (BT-87) and direct debit (BT-91) details.
  private func readPaymentMeans(_ settlement: XMLElement, into draft: inout ReceivedDraft) {
    for means in settlement.all("SpecifiedTradeSettlementPaymentMeans") {
      guard draft.bank == nil, let account = means.child("PayeePartyCreditorFinancialAccount") else {
        if let card = means.text("ApplicableTradeSettlementFinancialCard", "ID") {
          draft.detail("BT-87", "Payment card", card)
        }
        if let debit = means.text("PayerPartyDebtorFinancialAccount", "IBANID") {
          draft.detail("BT-91", "Direct debit from", debit)
        }
        continue
      }
      guard let iban = account.text("IBANID") ?? account.text("ProprietaryID") else { continue }
      draft.bank = BankAccount(
        holder: account.text("AccountName"), iban: iban,
        bic: means.text("PayeeSpecifiedCreditorFinancialInstitution", "BICID"))
    }
  }

  /// The VAT breakdown (BG-23) and the document totals (BG-22), as the invoice states them.
  private func readTotals(_ settlement: XMLElement, into draft: inout ReceivedDraft)
    throws(ReceivedInvoiceError)
  {
    var breakdown: [StatedTotals.Breakdown] = []
    for tax in settlement.all("ApplicableTradeTax") {
      breakdown.append(
        StatedTotals.Breakdown(
          category: tax.text("CategoryCode") ?? "S",
          rate: try fields.decimal(tax.child("RateApplicablePercent"), "BT-119 VAT rate"),
          basis: try fields.requiredDecimal(
            tax.child("BasisAmount"), "BT-116 VAT category taxable amount", in: tax),
          tax: try fields.requiredDecimal(
            tax.child("CalculatedAmount"), "BT-117 VAT category tax amount", in: tax),
          exemptionReason: tax.text("ExemptionReason")))
    }
    guard let sums = settlement.child("SpecifiedTradeSettlementHeaderMonetarySummation") else {
      throw fields.fail(
        settlement, "BG-22 document totals are missing: no <SpecifiedTradeSettlementHeaderMonetarySummation>")
    }
    let taxTotals = sums.all("TaxTotalAmount")
    let taxTotal = taxTotals.first { $0.attributes["currencyID"] == draft.currencyCode } ?? taxTotals.first
    draft.stated = StatedTotals(
      lineTotal: try fields.requiredDecimal(
        sums.child("LineTotalAmount"), "BT-106 sum of line net amounts", in: sums),
      allowanceTotal: try fields.decimal(sums.child("AllowanceTotalAmount"), "BT-107 sum of allowances"),
      chargeTotal: try fields.decimal(sums.child("ChargeTotalAmount"), "BT-108 sum of charges"),
      taxBasis: try fields.requiredDecimal(
        sums.child("TaxBasisTotalAmount"), "BT-109 total without VAT", in: sums),
      taxTotal: try fields.decimal(taxTotal, "BT-110 total VAT"),
      grandTotal: try fields.requiredDecimal(
        sums.child("GrandTotalAmount"), "BT-112 total with VAT", in: sums),
      prepaid: try fields.decimal(sums.child("TotalPrepaidAmount"), "BT-113 paid amount"),
      rounding: try fields.decimal(sums.child("RoundingAmount"), "BT-114 rounding amount"),
      due: try fields.requiredDecimal(sums.child("DuePayableAmount"), "BT-115 amount due", in: sums),
      breakdown: breakdown, lineAmounts: draft.lines.map(\.amount))
  }
}
