import DataModel
import Foundation

/// An invoice checked and prepared for EN 16931: every amount the XML writes, with its tax category, from the invoice's exact totals.
///
/// Nothing is recomputed differently: line amounts, the per-rate bases and taxes and the totals
/// are `InvoiceTotals`' own. A credit note (negative total) is written as type 381 with its
/// amounts turned positive, as EN 16931 expects. Every problem is collected, each naming the
/// business term (BT-…) and what to add, so one `--check` run lists them all.
public struct EInvoiceDocument: Sendable {
  /// One invoice line as the XML writes it.
  public struct Line: Sendable {
    public var id: String
    public var name: String
    public var sku: String?
    public var quantity: ExactDecimal
    public var unitCode: String
    /// The price per unit after a percent discount (BT-146).
    public var netPrice: ExactDecimal
    /// The price before a percent discount (BT-148), when there is one, and the discount per unit (BT-147).
    public var grossPrice: ExactDecimal?
    public var priceDiscount: ExactDecimal?
    /// A money discount off the whole line (BT-136).
    public var allowance: ExactDecimal?
    public var category: String
    public var rate: ExactDecimal
    /// The line's net amount (BT-131).
    public var amount: ExactDecimal
  }

  /// A document-level charge or allowance (BG-20, BG-21).
  public struct Charge: Sendable {
    public var isCharge: Bool
    public var amount: ExactDecimal
    public var reason: String
    public var category: String
    public var rate: ExactDecimal
  }

  /// One VAT breakdown entry (BG-23): per category and rate.
  public struct Breakdown: Sendable {
    public var category: String
    public var rate: ExactDecimal
    public var basis: ExactDecimal
    public var tax: ExactDecimal
    /// The exemption reason (BT-120), required for E, AE, K, G and O.
    public var exemptionReason: String?
  }

  public let invoice: Invoice
  public let profile: EInvoiceProfile
  public let seller: Party
  public let bank: BankAccount?
  public let paymentTerms: String?
  /// 380 for an invoice, 381 for a credit note (BT-3).
  public let typeCode: String
  public let lines: [Line]
  public let charges: [Charge]
  public let breakdown: [Breakdown]
  public let lineTotal: ExactDecimal
  public let chargeTotal: ExactDecimal
  public let allowanceTotal: ExactDecimal
  public let taxBasis: ExactDecimal
  public let taxTotal: ExactDecimal
  public let grandTotal: ExactDecimal
  public let buyerCountry: String
  public let sellerCountry: String
  /// Where the buyer receives e-invoices (BT-49): its electronic address, or its e-mail.
  public let buyerElectronicAddress: ElectronicAddress?

  /// The default exemption reasons (BT-120) by category, used when the invoice gives none.
  static let defaultExemptionReasons: [String: String] = [
    "AE": "Reverse charge", "K": "Intra-community supply", "G": "Export outside the EU",
    "O": "Not subject to VAT",
  ]

  /// Prepares `invoice` for `profile`, or lists everything that keeps it from being a valid e-invoice.
  public static func make(
    _ invoice: Invoice, issuer: Issuer, profile: EInvoiceProfile
  ) -> Result<EInvoiceDocument, EInvoiceFailure> {
    var problems: [EInvoiceProblem] = []
    func problem(_ message: String, _ hint: String? = nil) {
      // A hint that points at the config's seller makes it a config problem.
      let inConfig = hint.map { $0.contains("seller.") || $0.contains("\"seller\"") } ?? false
      problems.append(EInvoiceProblem(message, hint: hint, isInConfig: inConfig))
    }
    let totals = invoice.totals
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
    // The seller.
    let seller = issuer.seller ?? Party(name: "")
    if issuer.seller == nil {
      problem("an e-invoice needs the seller (BG-4)", "add \"seller\" to the config")
    }
    let sellerPostal = seller.postalAddress
    let sellerCountry = sellerPostal?.country ?? ""
    if sellerPostal?.city == nil || sellerPostal?.postcode == nil || sellerCountry.isEmpty {
      problem(
        "an e-invoice needs the seller's address in parts (BG-5: city, postcode, country BT-40)",
        "add seller.street, seller.postcode, seller.city and seller.country (ISO 3166-1 code such as DE) to the config"
      )
    }
    // The buyer.
    let buyerCountry = invoice.customer.postalAddress?.country ?? ""
    if buyerCountry.isEmpty {
      problem(
        "an e-invoice needs the buyer's country (BT-55)",
        "add a customer_country column (ISO 3166-1 code such as DE)")
    }
    let sign = invoice.isCreditNote ? ExactDecimal(-1) : ExactDecimal(1)
    func signed(_ value: ExactDecimal) -> ExactDecimal { value.multiplied(by: sign) ?? value }
    // Categories: one per rate, from the items at that rate; S above 0 %, else it must be given.
    var categoryOfRate: [ExactDecimal: String] = [:]
    var lines: [Line] = []
    for (index, item) in invoice.items.enumerated() {
      let place = item.line.map { "line \($0)" } ?? "item \(index + 1)"
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
      guard let unit = UnitCode.code(for: item.unit) else {
        problem(
          "\(place): the unit \(Diagnostic.quote(item.unit ?? "")) is not a UN/ECE Recommendation 20 code (BT-130)",
          "write a code such as C62 (piece), HUR (hour), DAY, MON, KGM, or a common word (h, pcs, day, kg)")
        continue
      }
      var line = Line(
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
    var charges: [EInvoiceDocument.Charge] = []
    for charge in invoice.allowancesCharges {
      let rate = charge.taxRate ?? .zero
      let category = categoryOfRate[rate] ?? (rate.isZero ? "Z" : "S")
      categoryOfRate[rate] = category
      let reason =
        charge.reason
        ?? (charge.purpose == .shipping ? "Shipping" : charge.kind == .charge ? "Charge" : "Discount")
      charges.append(
        Charge(
          isCharge: charge.kind == .charge, amount: signed(charge.amount), reason: reason, category: category,
          rate: rate))
    }
    // The VAT breakdown: the totals' own per-rate bases and taxes.
    var breakdown: [Breakdown] = []
    for tax in totals.taxes {
      let rate = tax.rate ?? .zero
      let category = categoryOfRate[rate] ?? (rate.isZero ? "Z" : "S")
      var reason: String?
      if ["E", "AE", "K", "G", "O"].contains(category) {
        reason = invoice.taxExemptionReason ?? defaultExemptionReasons[category]
        if reason == nil {
          problem(
            "exempt items (category E) need the exemption reason (BT-120)",
            "add a tax_exemption_reason column, such as \"Exempt under §4 Nr. 21 UStG\"")
        }
      }
      breakdown.append(
        Breakdown(
          category: category, rate: rate, basis: signed(tax.net.amount), tax: signed(tax.tax.amount),
          exemptionReason: reason))
    }
    let categories = Set(breakdown.map(\.category))
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
    if categories.contains("S") || categories.contains("Z") || categories.contains("G"),
      seller.vatId == nil, seller.taxNumber == nil
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
    let buyerAddress =
      invoice.customer.electronicAddress
      ?? invoice.customer.email.map { ElectronicAddress(scheme: "EM", value: $0) }
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
    guard problems.isEmpty else { return .failure(EInvoiceFailure(problems: problems)) }
    return .success(
      EInvoiceDocument(
        invoice: invoice, profile: profile, seller: seller, bank: issuer.bank,
        paymentTerms: issuer.paymentTerms,
        typeCode: invoice.isCreditNote ? "381" : "380", lines: lines, charges: charges, breakdown: breakdown,
        lineTotal: signed(totals.lineTotal.amount), chargeTotal: signed(totals.chargeTotal.amount),
        allowanceTotal: signed(totals.allowanceTotal.amount), taxBasis: signed(totals.subtotal.amount),
        taxTotal: signed(totals.taxTotal.amount), grandTotal: signed(totals.grandTotal.amount),
        buyerCountry: buyerCountry, sellerCountry: sellerCountry, buyerElectronicAddress: buyerAddress))
  }

  /// `value` as EN 16931 writes an amount: the currency's decimals, `.`, no grouping.
  func amount(_ value: ExactDecimal) -> String {
    value.rounded(toScale: invoice.currency.minorUnits).description
  }

  /// A date as `YYYYMMDD` (format 102).
  static func date(_ date: CalendarDate) -> String {
    String(format: "%04d%02d%02d", date.year, date.month, date.day)
  }
}
