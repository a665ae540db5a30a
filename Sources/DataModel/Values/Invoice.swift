/// A checked invoice: who, when, what, and its exact totals.
public struct Invoice: Hashable, Sendable {
  public var number: String
  public var issueDate: CalendarDate
  public var dueDate: CalendarDate?
  public var currency: Currency
  public var customer: Party
  public var items: [LineItem]
  /// Charges and allowances on the whole invoice (shipping, order discounts), each with its tax rate decided.
  public private(set) var allowancesCharges: [AllowanceCharge]
  /// Tax the export computed and gave for the whole invoice, used instead of per-line rates.
  public var givenTax: GivenTax?
  /// The BCP 47 locale of the document ("de-DE"), when the data names one.
  public var locale: String?
  public var notes: String?
  public var purchaseOrder: String?
  /// The invoice a credit note corrects (EN 16931 BT-25), when known.
  public var precedingInvoice: String?
  /// The buyer's reference (BT-10): the Leitweg-ID of German public buyers.
  public var buyerReference: String? {
    get { extras?.first?.buyerReference }
    set { update { $0.buyerReference = newValue } }
  }
  /// The issue date of the invoice a credit note corrects (EN 16931 BT-26; KSeF's DataWystFaKorygowanej).
  public var precedingInvoiceDate: CalendarDate? {
    get { extras?.first?.precedingInvoiceDate }
    set { update { $0.precedingInvoiceDate = newValue } }
  }
  /// The KSeF number of the invoice a credit note corrects, or "none" when it was issued outside KSeF.
  public var precedingInvoiceKSeFNumber: String? {
    get { extras?.first?.precedingInvoiceKSeFNumber }
    set { update { $0.precedingInvoiceKSeFNumber = newValue } }
  }
  /// Where the goods are delivered, when not to the buyer's address (BG-15).
  public var deliveryAddress: PostalAddress? {
    get { extras?.first?.deliveryAddress }
    set { update { $0.deliveryAddress = newValue } }
  }
  /// What the invoice supplies, when the data says: goods, services or both.
  public var operationNature: OperationNature? {
    get { extras?.first?.operationNature }
    set { update { $0.operationNature = newValue } }
  }
  /// How many złoty one unit of the invoice's currency is worth for its VAT (`exchange_rate`): the
  /// NBP rate Polish law converts the VAT of an invoice in another currency with.
  public var exchangeRate: ExactDecimal? {
    get { extras?.first?.exchangeRate }
    set { update { $0.exchangeRate = newValue } }
  }
  /// Whether the invoice is for goods or services of annex 15 to Poland's VAT act, paid by split
  /// payment over PLN 15,000 (the `split_payment` column).
  public var splitPayment: Bool {
    get { extras?.first?.splitPayment ?? false }
    set { update { $0.splitPayment = newValue } }
  }
  /// Whether the split-payment mention is due: flagged, and over PLN 15,000 gross (an amount in
  /// another currency counts as over, as it is not converted).
  public var needsSplitPaymentMention: Bool {
    guard splitPayment else { return false }
    return currency.code != "PLN" || totals.grandTotal.amount.magnitude > ExactDecimal(15_000)
  }
  /// When the goods or services were delivered (BT-72).
  public var deliveryDate: CalendarDate? {
    get { extras?.first?.deliveryDate }
    set { update { $0.deliveryDate = newValue } }
  }
  /// The period invoiced (BG-14: BT-73, BT-74), for services billed by period.
  public var billingPeriod: ClosedRange<CalendarDate>? {
    get { extras?.first?.billingPeriod }
    set { update { $0.billingPeriod = newValue } }
  }

  /// Values of input columns or JSON fields outside the model that a config's layout prints
  /// (`layout.fields`: "cost_center" → "K-4711"), by the name the config gives.
  public var fields: [String: String] {
    get { extras?.first?.fields ?? [:] }
    set {
      // No fields on an invoice with no box: nothing to change (the common case, kept free).
      if newValue.isEmpty, extras == nil { return }
      update { $0.fields = newValue }
    }
  }

  /// The e-invoicing references and custom fields, boxed: most invoices have none and a million are held at once.
  private struct Extras: Hashable, Sendable {
    var buyerReference: String?
    var deliveryDate: CalendarDate?
    var precedingInvoiceDate: CalendarDate?
    var precedingInvoiceKSeFNumber: String?
    var deliveryAddress: PostalAddress?
    var operationNature: OperationNature?
    var splitPayment = false
    var exchangeRate: ExactDecimal?
    var billingPeriod: ClosedRange<CalendarDate>?
    var fields: [String: String] = [:]
  }
  private var extras: [Extras]?

  private mutating func update(_ change: (inout Extras) -> Void) {
    var value = extras?.first ?? Extras()
    change(&value)
    extras = value == Extras() ? nil : [value]
  }
  /// Whether unit prices include tax (gross prices).
  public var pricesIncludeTax: Bool
  /// Why no tax is charged ("Reverse charge: …"), printed with the VAT summary.
  public var taxExemptionReason: String?
  /// Where the invoice starts in its input.
  public var source: SourceLocation
  /// The amounts, computed when the invoice was made.
  public let totals: InvoiceTotals

  /// An invoice with totals computed from its items, or `.overflow` when amounts are too large to compute exactly.
  public init(
    number: String, issueDate: CalendarDate, dueDate: CalendarDate? = nil, currency: Currency,
    customer: Party,
    items: [LineItem], allowancesCharges: [AllowanceCharge] = [], givenTax: GivenTax? = nil,
    locale: String? = nil, notes: String? = nil, purchaseOrder: String? = nil,
    precedingInvoice: String? = nil, pricesIncludeTax: Bool = false, taxExemptionReason: String? = nil,
    source: SourceLocation = SourceLocation(file: "", line: nil)
  ) throws(InvoiceTotals.Failure) {
    self.number = number
    self.issueDate = issueDate
    self.dueDate = dueDate
    self.currency = currency
    self.customer = customer
    self.items = items
    self.givenTax = givenTax
    self.locale = locale
    self.notes = notes
    self.purchaseOrder = purchaseOrder
    self.precedingInvoice = precedingInvoice
    self.pricesIncludeTax = pricesIncludeTax
    self.taxExemptionReason = taxExemptionReason
    self.source = source
    totals = try InvoiceTotals.compute(
      items: items, allowancesCharges: allowancesCharges, givenTax: givenTax, currency: currency,
      pricesIncludeTax: pricesIncludeTax
    ).get()
    self.allowancesCharges = totals.allowancesCharges
  }

  /// An invoice whose grand total is negative is a credit note and is titled so.
  public var isCreditNote: Bool { totals.grandTotal.isNegative }

  /// The credit note that refunds this invoice in full: every amount negated, numbered `number`,
  /// and naming this invoice as the one it corrects.
  public func creditNote(number: String) throws(InvoiceTotals.Failure) -> Invoice {
    var negatedItems = items
    for index in negatedItems.indices {
      negatedItems[index].quantity = negatedItems[index].quantity.negated
      negatedItems[index].discountAmount = negatedItems[index].discountAmount.negated
    }
    let negatedCharges = allowancesCharges.map { charge in
      var copy = charge
      copy.amount = charge.amount.negated
      return copy
    }
    return try correction(
      number: number, items: negatedItems, allowancesCharges: negatedCharges,
      givenTax: givenTax.map { GivenTax(amount: $0.amount.negated, name: $0.name) }, notes: notes,
      pricesIncludeTax: pricesIncludeTax)
  }

  /// A document numbered `number` that corrects this invoice with `items`: the same customer, currency,
  /// language, order, dates and e-invoicing references (BT-10, BT-72, BG-14), naming this one (BT-25).
  func correction(
    number: String, items: [LineItem], allowancesCharges: [AllowanceCharge] = [], givenTax: GivenTax?,
    notes: String? = nil, pricesIncludeTax: Bool
  ) throws(InvoiceTotals.Failure) -> Invoice {
    var note = try Invoice(
      number: number, issueDate: issueDate, currency: currency, customer: customer, items: items,
      allowancesCharges: allowancesCharges, givenTax: givenTax, locale: locale, notes: notes,
      purchaseOrder: purchaseOrder, precedingInvoice: self.number, pricesIncludeTax: pricesIncludeTax,
      taxExemptionReason: taxExemptionReason, source: source)
    note.extras = extras
    return note
  }
}
