import DataModel

/// Makes an `EInvoiceDocument` from an invoice and its issuer, collecting every problem that keeps it from being valid.
///
/// Each part decides one thing: amounts, the seller and buyer, the lines and their VAT categories,
/// charges, the VAT breakdown, the identifiers the categories need, and the profile's own rules.
/// A problem whose hint points at the config's seller is the config's.
struct EInvoiceBuilder {
  let invoice: Invoice
  let issuer: Issuer
  let profile: EInvoiceProfile
  private(set) var problems: [EInvoiceProblem] = []
  /// The VAT category of each rate: from the items at that rate, S above 0 %, else given.
  private var categoryOfRate: [ExactDecimal: String] = [:]
  private let totals: InvoiceTotals
  private let sign: ExactDecimal

  init(invoice: Invoice, issuer: Issuer, profile: EInvoiceProfile) {
    self.invoice = invoice
    self.issuer = issuer
    self.profile = profile
    totals = invoice.totals
    sign = invoice.isCreditNote ? ExactDecimal(-1) : ExactDecimal(1)
  }

  private mutating func problem(_ message: String, _ hint: String? = nil) {
    let inConfig = hint.map { $0.contains("seller.") || $0.contains("\"seller\"") } ?? false
    problems.append(EInvoiceProblem(message, hint: hint, isInConfig: inConfig))
  }

  /// A credit note's amounts are written negative.
  private func signed(_ value: ExactDecimal) -> ExactDecimal { value.multiplied(by: sign) ?? value }

  mutating func build() -> Result<EInvoiceDocument, EInvoiceFailure> {
    checkAmounts()
    let seller = issuer.seller ?? Party(name: "")
    let sellerCountry = checkSeller(seller)
    let buyerCountry = invoice.customer.postalAddress?.country ?? ""
    if buyerCountry.isEmpty {
      problem(
        "an e-invoice needs the buyer's country (BT-55)",
        "add a customer_country column (ISO 3166-1 code such as DE)")
    }
    let lines = self.lines()
    let charges = self.charges()
    let breakdown = self.breakdown()
    checkIdentifiers(Set(breakdown.map(\.category)), seller: seller)
    let buyerAddress =
      invoice.customer.electronicAddress
      ?? invoice.customer.email.map { ElectronicAddress(scheme: "EM", value: $0) }
    checkProfile(seller: seller, buyerAddress: buyerAddress)
    guard problems.isEmpty else { return .failure(EInvoiceFailure(problems: problems)) }
    var document = EInvoiceDocument(
      invoice: invoice, profile: profile, seller: seller, bank: issuer.bank,
      paymentTerms: paymentTerms(),
      typeCode: invoice.isCreditNote ? "381" : "380", lines: lines, charges: charges, breakdown: breakdown,
      lineTotal: signed(totals.lineTotal.amount), chargeTotal: signed(totals.chargeTotal.amount),
      allowanceTotal: signed(totals.allowanceTotal.amount), taxBasis: signed(totals.subtotal.amount),
      taxTotal: signed(totals.taxTotal.amount), grandTotal: signed(totals.grandTotal.amount),
      buyerCountry: buyerCountry, sellerCountry: sellerCountry, buyerElectronicAddress: buyerAddress)
    // The reference a payer's bank passes on is the one the payment code carries.
    document.remittance = issuer.paymentRemittance(for: invoice)
    document.vatOnDebits = issuer.legal.vatOnDebits
    document.operationNature = invoice.operationNature ?? issuer.legal.operationNature
    return .success(document)
  }

  /// The payment terms (BT-20): the early payment discount first, in XRechnung's `#SKONTO#` syntax
  /// for XRechnung (which its rules read), else as a sentence with its date and amount; then the
  /// config's terms.
  func paymentTerms() -> String? {
    let terms = issuer.text(issuer.paymentTerms, for: invoice.locale)
    guard let early = issuer.earlyPayment?.applied(to: invoice, amountDue: totals.grandTotal) else {
      return terms
    }
    let percent = early.terms.percent.rounded(toScale: 2).rescaled(to: 2) ?? early.terms.percent
    let discount: String
    if profile == .xrechnung {
      // The line ends with "#" and a line break; the basis is the amount due unless it says otherwise.
      discount = "#SKONTO#TAGE=\(early.terms.days)#PROZENT=\(percent.description)#\n"
    } else {
      discount =
        "\(percent.description) % early payment discount if paid by \(early.date.description): "
        + "\(early.amount.amount.description) \(invoice.currency.code).\n"
    }
    return discount + (terms ?? "")
  }

  /// Two decimals, VAT per rate, net prices: what EN 16931 amounts must be.
  private mutating func checkAmounts() {
    if invoice.currency.minorUnits > 2 {
      problem(
        "EN 16931 amounts have at most 2 decimals, and \(invoice.currency.code) has \(invoice.currency.minorUnits)"
      )
    }
    if invoice.givenTax != nil {
      problem(
        "an e-invoice needs VAT per rate and category (BG-23), not a tax amount given for the whole order",
        "give tax_rate per item instead of tax_amount")
    }
    if invoice.pricesIncludeTax {
      problem(
        "EN 16931 prices are net (BT-146); this invoice's prices include tax",
        "export net prices for e-invoices (prices_include_tax false)")
    }
  }

  /// Checks the seller and its address in parts; returns its country.
  private mutating func checkSeller(_ seller: Party) -> String {
    if issuer.seller == nil {
      problem("an e-invoice needs the seller (BG-4)", "add \"seller\" to the config")
    }
    let postal = seller.postalAddress
    let country = postal?.country ?? ""
    if postal?.city == nil || postal?.postcode == nil || country.isEmpty {
      problem(
        "an e-invoice needs the seller's address in parts (BG-5: city, postcode, country BT-40)",
        "add seller.street, seller.postcode, seller.city and seller.country (ISO 3166-1 code such as DE) to the config"
      )
    }
    return country
  }

  /// The config's code for a unit word (`units`), as written or in any case.
  func mappedUnit(_ unit: String?) -> String? {
    guard let unit, !issuer.unitCodes.isEmpty else { return nil }
    let trimmed = unit.trimmingCharacters(in: .whitespaces)
    return issuer.unitCodes[trimmed]
      ?? issuer.unitCodes.first { $0.key.lowercased() == trimmed.lowercased() }?.value
  }

  /// The invoice lines, with each item's VAT category checked against its rate and unit code.
  private mutating func lines() -> [EInvoiceDocument.Line] {
    var lines: [EInvoiceDocument.Line] = []
    for (index, item) in invoice.items.enumerated() {
      let place = item.line.map { "line \($0)" } ?? "item \(index + 1)"
      let code = category(of: item, place: place)
      guard let unit = mappedUnit(item.unit) ?? UnitCode.code(for: item.unit) else {
        problem(
          "\(place): the unit \(Diagnostic.quote(item.unit ?? "")) is not a UN/ECE Recommendation 20 code (BT-130)",
          "write a code such as C62 (piece), HUR (hour), DAY, MON, KGM, or a common word (h, pcs, day, kg), or map the word in the config's units (\"units\": {\"Pausch.\": \"LS\"})"
        )
        continue
      }
      var line = EInvoiceDocument.Line(
        id: String(index + 1), name: item.description, sku: item.sku, quantity: signed(item.quantity),
        unitCode: unit, netPrice: item.unitPrice, grossPrice: nil, priceDiscount: nil, allowance: nil,
        category: code, rate: item.taxRate, amount: signed(totals.lineAmounts[index].amount))
      if !item.discount.isZero {
        // A percent discount lowers the price (BT-147/148): quantity × net price is the line's exact amount.
        let factor = ExactDecimal(100).subtracting(item.discount)!
        let net = item.unitPrice.multiplied(by: factor)!
        line.netPrice = ExactDecimal(units: net.units, scale: net.scale + 2)
        line.grossPrice = item.unitPrice
        line.priceDiscount = item.unitPrice.subtracting(line.netPrice)
      }
      if !item.discountAmount.isZero { line.allowance = signed(item.discountAmount).rounded(toScale: 2) }
      lines.append(line)
    }
    return lines
  }

  /// The item's VAT category (given, else S above 0 % and Z at 0 %), checked against its rate and the other items'.
  private mutating func category(of item: LineItem, place: String) -> String {
    var category = item.taxCategory
    if category == nil {
      if item.taxRate.isZero {
        problem(
          "\(place): a 0 % rate needs its VAT category (BT-151)",
          "add a tax_category column: Z (zero rated), E (exempt), AE (reverse charge), K (intra-community), G (export) or O (not subject)"
        )
      }
      category = item.taxRate.isZero ? "Z" : "S"
    }
    let code = category!
    if code == "S", item.taxRate.isZero {
      problem("\(place): category S (standard rate) needs a rate above 0 %")
    }
    if ["Z", "E", "AE", "K", "G", "O"].contains(code), !item.taxRate.isZero {
      problem("\(place): category \(code) is taxed at 0 %, not \(item.taxRate.trimmedDescription) %")
    }
    if let known = categoryOfRate[item.taxRate], known != code {
      problem(
        "\(place): items at \(item.taxRate.trimmedDescription) % have categories \(known) and \(code)",
        "an invoice's items at one rate share one VAT category")
    }
    categoryOfRate[item.taxRate] = code
    return code
  }

  /// Document allowances and charges, in the category of their rate.
  private mutating func charges() -> [EInvoiceDocument.Charge] {
    invoice.allowancesCharges.map { charge in
      let rate = charge.taxRate ?? .zero
      let category = categoryOfRate[rate] ?? (rate.isZero ? "Z" : "S")
      categoryOfRate[rate] = category
      let reason =
        charge.reason
        ?? (charge.purpose == .shipping ? "Shipping" : charge.kind == .charge ? "Charge" : "Discount")
      return EInvoiceDocument.Charge(
        isCharge: charge.kind == .charge, amount: signed(charge.amount), reason: reason, category: category,
        rate: rate)
    }
  }

  /// The VAT breakdown: the totals' own per-rate bases and taxes, with exemption reasons where the category needs one.
  private mutating func breakdown() -> [EInvoiceDocument.Breakdown] {
    totals.taxes.map { tax in
      let rate = tax.rate ?? .zero
      let category = categoryOfRate[rate] ?? (rate.isZero ? "Z" : "S")
      var reason: String?
      if ["E", "AE", "K", "G", "O"].contains(category) {
        reason = invoice.taxExemptionReason ?? EInvoiceDocument.defaultExemptionReasons[category]
        if reason == nil {
          problem(
            "exempt items (category E) need the exemption reason (BT-120)",
            "add a tax_exemption_reason column, such as \"Exempt under §4 Nr. 21 UStG\"")
        }
      }
      return EInvoiceDocument.Breakdown(
        category: category, rate: rate, basis: signed(tax.net.amount), tax: signed(tax.tax.amount),
        exemptionReason: reason)
    }
  }

  /// The VAT ids, delivery date and due date the invoice's categories and amount need.
  private mutating func checkIdentifiers(_ categories: Set<String>, seller: Party) {
    if categories.contains("AE") || categories.contains("K") {
      if seller.vatId == nil {
        problem(
          "reverse charge and intra-community supplies need the seller's VAT id (BT-31)", "add seller.vatId")
      }
      if invoice.customer.vatId == nil {
        problem(
          "reverse charge and intra-community supplies need the buyer's VAT id (BT-48)",
          "add a customer_vat_id column")
      }
    }
    if categories.contains("K"), invoice.deliveryDate == nil, invoice.billingPeriod == nil {
      problem(
        "an intra-community supply needs the delivery date (BT-72) or the billing period (BG-14)",
        "add a delivery_date column")
    }
    if categories.contains("S") || categories.contains("Z") || categories.contains("G"), seller.vatId == nil,
      seller.taxNumber == nil
    {
      problem(
        "taxed invoices need the seller's VAT id (BT-31) or tax number (BT-32)",
        "add seller.vatId or seller.taxNumber")
    }
    if !invoice.isCreditNote, !totals.grandTotal.amount.isZero, invoice.dueDate == nil,
      issuer.paymentTerms == nil
    {
      problem(
        "an invoice with an amount due needs a due date (BT-9) or payment terms (BT-20)",
        "add a due_date column or defaults.paymentTerms")
    }
  }

  /// What XRechnung and Peppol add to EN 16931: references, contacts and electronic addresses.
  private mutating func checkProfile(seller: Party, buyerAddress: ElectronicAddress?) {
    switch profile {
    case .en16931:
      break
    case .xrechnung:
      if invoice.buyerReference == nil {
        problem(
          "XRechnung needs the buyer reference (BT-10), the Leitweg-ID of public buyers",
          "add a buyer_reference column")
      }
      if seller.contact?.name == nil || seller.contact?.phone == nil || seller.contact?.email == nil {
        problem(
          "XRechnung needs the seller's contact (BG-6: name, phone, e-mail)",
          "add seller.contact {\"name\", \"phone\", \"email\"} to the config")
      }
      if seller.electronicAddress == nil {
        problem(
          "XRechnung needs the seller's electronic address (BT-34)",
          "add seller.electronicAddress {\"scheme\": \"EM\", \"value\": \"billing@example.com\"}")
      }
      if buyerAddress == nil {
        problem(
          "XRechnung needs the buyer's electronic address (BT-49)",
          "add a customer_electronic_address column (or customer_email)")
      }
    case .peppol:
      if seller.electronicAddress == nil {
        problem(
          "Peppol needs the seller's endpoint id (BT-34)",
          "add seller.electronicAddress {\"scheme\": \"0088\", \"value\": \"…\"} to the config")
      }
      if buyerAddress == nil {
        problem(
          "Peppol needs the buyer's endpoint id (BT-49)",
          "add customer_electronic_address and customer_electronic_address_scheme columns")
      }
      if invoice.buyerReference == nil, invoice.purchaseOrder == nil {
        problem(
          "Peppol needs the buyer reference (BT-10) or the purchase order reference (BT-13)",
          "add a buyer_reference or purchase_order column")
      }
    }
  }
}
