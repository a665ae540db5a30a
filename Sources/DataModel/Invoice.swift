/// A checked invoice: who, when, what, and its exact totals.
public struct Invoice: Hashable, Sendable {
  public var number: String
  public var issueDate: CalendarDate
  public var dueDate: CalendarDate?
  public var currency: Currency
  public var customer: Party
  public var items: [LineItem]
  /// The BCP 47 locale of the document ("de-DE"), when the data names one.
  public var locale: String?
  public var notes: String?
  public var purchaseOrder: String?
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
    items: [LineItem], locale: String? = nil, notes: String? = nil, purchaseOrder: String? = nil,
    pricesIncludeTax: Bool = false, taxExemptionReason: String? = nil,
    source: SourceLocation = SourceLocation(file: "", line: nil)
  ) throws(InvoiceTotals.Failure) {
    self.number = number
    self.issueDate = issueDate
    self.dueDate = dueDate
    self.currency = currency
    self.customer = customer
    self.items = items
    self.locale = locale
    self.notes = notes
    self.purchaseOrder = purchaseOrder
    self.pricesIncludeTax = pricesIncludeTax
    self.taxExemptionReason = taxExemptionReason
    self.source = source
    totals = try InvoiceTotals.compute(items: items, currency: currency, pricesIncludeTax: pricesIncludeTax)
      .get()
  }

  /// An invoice whose grand total is negative is a credit note and is titled so.
  public var isCreditNote: Bool { totals.grandTotal.isNegative }
}
