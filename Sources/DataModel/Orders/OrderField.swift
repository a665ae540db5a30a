/// A column of the orders CSV (one row per line item), by its canonical name.
public enum OrderField: String, CaseIterable, Hashable, Sendable {
  case invoiceNumber = "invoice_number"
  case invoiceDate = "invoice_date"
  case dueDate = "due_date"
  case currency
  case customerId = "customer_id"
  case customerName = "customer_name"
  case customerAddress = "customer_address"
  case customerEmail = "customer_email"
  case customerVatId = "customer_vat_id"
  case description
  case quantity
  case unitPrice = "unit_price"
  case sku
  case unit
  case taxRate = "tax_rate"
  case discount
  case locale
  case notes
  case purchaseOrder = "purchase_order"
  case pricesIncludeTax = "prices_include_tax"
  case taxExemptionReason = "tax_exemption_reason"
  case discountAmount = "discount_amount"
  case shipping
  case shippingTaxRate = "shipping_tax_rate"
  case orderDiscount = "order_discount"
  case orderDiscountReason = "order_discount_reason"
  case orderDiscountTaxRate = "order_discount_tax_rate"
  case chargeAmount = "charge_amount"
  case allowanceAmount = "allowance_amount"
  case chargeReason = "charge_reason"
  case chargeTaxRate = "charge_tax_rate"
  case taxAmount = "tax_amount"
  case taxName = "tax_name"
  case expectedTotal = "expected_total"
  case status
  case customerFirstName = "customer_first_name"
  case customerLastName = "customer_last_name"
  case customerStreet = "customer_street"
  case customerStreet2 = "customer_street2"
  case customerPostcode = "customer_postcode"
  case customerCity = "customer_city"
  case customerRegion = "customer_region"
  case customerCountry = "customer_country"
  case lineAmount = "line_amount"
  case taxCategory = "tax_category"
  case buyerReference = "buyer_reference"
  case deliveryDate = "delivery_date"
  case billingPeriodStart = "billing_period_start"
  case billingPeriodEnd = "billing_period_end"
  case precedingInvoice = "preceding_invoice"
  case customerElectronicAddress = "customer_electronic_address"
  case customerElectronicAddressScheme = "customer_electronic_address_scheme"
  /// The amount refunded of a partly refunded order (Shopify's `Refunded Amount`).
  case refundedAmount = "refunded_amount"
  case precedingInvoiceDate = "preceding_invoice_date"
  /// The KSeF number of the invoice a credit note corrects.
  case precedingInvoiceKSeF = "preceding_invoice_ksef"
  /// The buyer's legal registration identifier (BT-47): France's SIREN.
  case customerCompanyId = "customer_company_id"
  /// Where the goods go, when not to the buyer's address (BG-15).
  case deliveryStreet = "delivery_street"
  case deliveryPostcode = "delivery_postcode"
  case deliveryCity = "delivery_city"
  case deliveryCountry = "delivery_country"
  /// What the invoice supplies: goods, services or both (France's "nature des opérations").
  case operationNature = "operation_nature"
  /// Whether Poland's split payment (MPP) applies: goods or services of annex 15 to the VAT act.
  case splitPayment = "split_payment"
  /// Złoty per unit of the invoice's currency, for the VAT in PLN of a Polish invoice in another currency.
  case exchangeRate = "exchange_rate"

  /// The position of the field in `allCases` (its declaration order), for array lookups on the hot path.
  ///
  /// A payload-free enum is stored as its case's index; `OrderFieldTests` checks that this agrees
  /// with `allCases` for every field.
  var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

  /// Columns every orders CSV must have.
  public static let required: [OrderField] = [
    .invoiceNumber, .invoiceDate, .customerName, .description, .quantity, .unitPrice,
  ]

  /// Whether the column belongs to the row (a line item, or a charge or allowance) rather than to the whole invoice.
  public var isItemField: Bool {
    switch self {
    case .description, .quantity, .unitPrice, .lineAmount, .sku, .unit, .taxRate, .taxCategory, .discount,
      .discountAmount,
      .chargeAmount, .allowanceAmount, .chargeReason, .chargeTaxRate:
      return true
    default: return false
    }
  }

  /// The field whose name matches `header` ignoring case, spaces, `_` and `-`.
  ///
  /// `notes` is the exception: it is printed on the invoice, so only a column named exactly
  /// `notes` (or mapped in the config) is read as it: Shopify's staff-only "Notes" is not.
  public init?(header: String) {
    if let exact = OrderField(rawValue: header), OrderField.exactOnly.contains(exact) {
      self = exact
      return
    }
    let key = OrderField.normalize(header)
    guard let field = OrderField.byNormalizedName[key], !OrderField.exactOnly.contains(field) else {
      return nil
    }
    self = field
  }

  /// Fields a header must name exactly (`notes`, `discount_amount`), because exports use the loose
  /// spellings for something else: Shopify's staff-only "Notes", and its order-level "Discount Amount".
  static let exactOnly: Set<OrderField> = [.notes, .discountAmount]

  /// The field `name` names in the config's mapping: any spelling `init(header:)` accepts, and `notes` in any case.
  public init?(mappedName name: String) {
    guard let field = OrderField.byNormalizedName[OrderField.normalize(name)] else { return nil }
    self = field
  }

  /// `header` lower-cased without spaces, `_` and `-`: "Invoice Number" → "invoicenumber".
  public static func normalize(_ header: String) -> String {
    String(
      header.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" && $0 != "\u{A0}" })
  }

  private static let byNormalizedName: [String: OrderField] = Dictionary(
    uniqueKeysWithValues: allCases.map { (normalize($0.rawValue), $0) })

  /// The canonical name closest to `header` when it is a likely misspelling (edit distance at most 2, or 3 for long names).
  public static func suggestion(for header: String) -> OrderField? {
    let key = normalize(header)
    guard !key.isEmpty else { return nil }
    // "Notes" and "Discount Amount" are left unread on purpose (`exactOnly`): not misspellings.
    if let same = byNormalizedName[key], exactOnly.contains(same) { return nil }
    let names = allCases.map { normalize($0.rawValue) }
    guard let name = Spelling.closest(to: key, in: names, within: key.count >= 10 ? 3 : 2) else { return nil }
    return allCases[names.firstIndex(of: name)!]
  }
}

/// The column of each field of an orders CSV, looked up by position rather than by hashing.
struct ColumnIndex {
  private var columns = [Int?](repeating: nil, count: OrderField.allCases.count)

  subscript(field: OrderField) -> Int? {
    get { columns[field.ordinal] }
    set { columns[field.ordinal] = newValue }
  }
}
