/// One line of an invoice: what was sold, how many, at what unit price, discount and tax rate.
///
/// A million items are held at once for large inputs, so the rarely set fields (SKU, unit, amount
/// discount) share one optional box and the line number is 32 bits: an item takes 96 bytes instead of 128.
public struct LineItem: Hashable, Sendable {
  public var description: String
  /// The quantity, up to 6 decimals; negative for returns and credits.
  public var quantity: ExactDecimal
  /// The price of one unit, up to 6 decimals; net, or gross when the invoice's prices include tax.
  public var unitPrice: ExactDecimal
  /// The tax rate in percent (19 for 19 %).
  public var taxRate: ExactDecimal
  /// The discount in percent, 0 when none.
  public var discount: ExactDecimal
  private var details: Details?
  private var lineNumber: Int32

  /// The SKU, unit and amount discount, boxed together.
  private final class Details: Hashable, Sendable {
    let sku: String?
    let unit: String?
    let discountAmount: ExactDecimal
    let taxCategory: String?
    let statedAmount: ExactDecimal?

    init(
      sku: String?, unit: String?, discountAmount: ExactDecimal, taxCategory: String?,
      statedAmount: ExactDecimal?
    ) {
      self.sku = sku
      self.unit = unit
      self.discountAmount = discountAmount
      self.taxCategory = taxCategory
      self.statedAmount = statedAmount
    }

    static func == (lhs: Details, rhs: Details) -> Bool {
      lhs.sku == rhs.sku && lhs.unit == rhs.unit && lhs.discountAmount == rhs.discountAmount
        && lhs.taxCategory == rhs.taxCategory && lhs.statedAmount == rhs.statedAmount
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(sku)
      hasher.combine(unit)
      hasher.combine(discountAmount)
      hasher.combine(taxCategory)
      hasher.combine(statedAmount)
    }
  }

  /// The seller's article number.
  public var sku: String? {
    get { details?.sku }
    set {
      details = LineItem.details(
        sku: newValue, unit: unit, discountAmount: discountAmount, taxCategory: taxCategory,
        statedAmount: statedAmount)
    }
  }

  /// The unit of the quantity ("h", "pcs").
  public var unit: String? {
    get { details?.unit }
    set {
      details = LineItem.details(
        sku: sku, unit: newValue, discountAmount: discountAmount, taxCategory: taxCategory,
        statedAmount: statedAmount)
    }
  }

  /// A discount in money off the whole line (EN 16931's line allowance, BT-136), zero when none.
  ///
  /// An item has a percent `discount` or an amount discount, never both.
  public var discountAmount: ExactDecimal {
    get { details?.discountAmount ?? .zero }
    set {
      details = LineItem.details(
        sku: sku, unit: unit, discountAmount: newValue, taxCategory: taxCategory,
        statedAmount: statedAmount)
    }
  }

  /// The VAT category code (UNCL5305: S, Z, E, AE, K, G, O, L, M), when the data gives one (EN 16931 BT-151).
  public var taxCategory: String? {
    get { details?.taxCategory }
    set {
      details = LineItem.details(
        sku: sku, unit: unit, discountAmount: discountAmount, taxCategory: newValue,
        statedAmount: statedAmount)
    }
  }

  /// The line's net amount as a received e-invoice states it (BT-131), which the totals use instead
  /// of quantity × price: a received invoice's amounts are shown as stated, never recomputed.
  public var statedAmount: ExactDecimal? {
    get { details?.statedAmount }
    set {
      details = LineItem.details(
        sku: sku, unit: unit, discountAmount: discountAmount, taxCategory: taxCategory, statedAmount: newValue
      )
    }
  }

  /// The input line the item came from (the CSV record's first line, or the JSON object's), for messages.
  public var line: Int? {
    get { lineNumber < 0 ? nil : Int(lineNumber) }
    set { lineNumber = newValue.map { Int32(clamping: $0) } ?? -1 }
  }

  private static func details(
    sku: String?, unit: String?, discountAmount: ExactDecimal, taxCategory: String?,
    statedAmount: ExactDecimal?
  ) -> Details? {
    sku == nil && unit == nil && discountAmount.isZero && taxCategory == nil && statedAmount == nil
      ? nil
      : Details(
        sku: sku, unit: unit, discountAmount: discountAmount, taxCategory: taxCategory,
        statedAmount: statedAmount)
  }

  public init(
    description: String, quantity: ExactDecimal, unitPrice: ExactDecimal, taxRate: ExactDecimal,
    discount: ExactDecimal = .zero, discountAmount: ExactDecimal = .zero, sku: String? = nil,
    unit: String? = nil, line: Int? = nil
  ) {
    self.description = description
    self.quantity = quantity
    self.unitPrice = unitPrice
    self.taxRate = taxRate
    self.discount = discount
    self.details = LineItem.details(
      sku: sku, unit: unit, discountAmount: discountAmount, taxCategory: nil, statedAmount: nil)
    self.lineNumber = line.map { Int32(clamping: $0) } ?? -1
  }
}

/// A place in an input file: the file name, and the line (and column) when known.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int?
  public var column: Int?

  public init(file: String, line: Int?, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// "orders.csv:17", "invoices.json:3:15" or "orders.csv".
  public var description: String {
    var text = file
    if let line { text += ":\(line)" }
    if let column { text += ":\(column)" }
    return text
  }
}
