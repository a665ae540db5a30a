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

  /// The rarely set fields, boxed together: SKU, unit, amount discount, tax category, stated amount.
  private final class Details: Hashable, Sendable {
    let parts: Parts

    init(_ parts: Parts) { self.parts = parts }

    static func == (lhs: Details, rhs: Details) -> Bool { lhs.parts == rhs.parts }

    func hash(into hasher: inout Hasher) { hasher.combine(parts) }
  }

  /// The values a `Details` box holds.
  private struct Parts: Hashable {
    var sku: String?
    var unit: String?
    var discountAmount = ExactDecimal.zero
    var taxCategory: String?
    var statedAmount: ExactDecimal?
    var fields: [String: String] = [:]

    /// Whether no field is set, so no box is needed (compared field by field: building an empty
    /// `Parts` to compare against cost two dictionaries per item).
    var isEmpty: Bool {
      sku == nil && unit == nil && discountAmount == .zero && taxCategory == nil && statedAmount == nil
        && fields.isEmpty
    }
  }

  /// Changes the boxed fields: a new box (boxes are shared between copies), or none when all are empty.
  private mutating func update(_ change: (inout Parts) -> Void) {
    var parts = details?.parts ?? Parts()
    change(&parts)
    details = parts.isEmpty ? nil : Details(parts)
  }

  /// The seller's article number.
  public var sku: String? {
    get { details?.parts.sku }
    set { update { $0.sku = newValue } }
  }

  /// The unit of the quantity ("h", "pcs").
  public var unit: String? {
    get { details?.parts.unit }
    set { update { $0.unit = newValue } }
  }

  /// A discount in money off the whole line (EN 16931's line allowance, BT-136), zero when none.
  ///
  /// An item has a percent `discount` or an amount discount, never both.
  public var discountAmount: ExactDecimal {
    get { details?.parts.discountAmount ?? .zero }
    set { update { $0.discountAmount = newValue } }
  }

  /// The VAT category code (UNCL5305: S, Z, E, AE, K, G, O, L, M), when the data gives one (EN 16931 BT-151).
  public var taxCategory: String? {
    get { details?.parts.taxCategory }
    set { update { $0.taxCategory = newValue } }
  }

  /// The line's net amount as a received e-invoice states it (BT-131), which the totals use instead
  /// of quantity × price: a received invoice's amounts are shown as stated, never recomputed.
  public var statedAmount: ExactDecimal? {
    get { details?.parts.statedAmount }
    set { update { $0.statedAmount = newValue } }
  }

  /// Values of input columns or JSON fields outside the model that a config's layout prints as
  /// extra item columns (`layout.itemColumns.add`), by the name the config gives.
  public var fields: [String: String] {
    get { details?.parts.fields ?? [:] }
    set {
      // No fields on an item with no box: nothing to change (the common case, kept free).
      if newValue.isEmpty, details == nil { return }
      update { $0.fields = newValue }
    }
  }

  /// The input line the item came from (the CSV record's first line, or the JSON object's), for messages.
  public var line: Int? {
    get { lineNumber < 0 ? nil : Int(lineNumber) }
    set { lineNumber = newValue.map { Int32(clamping: $0) } ?? -1 }
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
    let boxed = sku != nil || unit != nil || discountAmount != .zero
    self.details = boxed ? Details(Parts(sku: sku, unit: unit, discountAmount: discountAmount)) : nil
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
