/// One line of an invoice: what was sold, how many, at what unit price, discount and tax rate.
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
  public var sku: String?
  public var unit: String?
  /// The input line the item came from (the CSV record's first line, or the JSON object's), for messages.
  public var line: Int?

  public init(
    description: String, quantity: ExactDecimal, unitPrice: ExactDecimal, taxRate: ExactDecimal,
    discount: ExactDecimal = .zero, sku: String? = nil, unit: String? = nil,
    line: Int? = nil
  ) {
    self.description = description
    self.quantity = quantity
    self.unitPrice = unitPrice
    self.taxRate = taxRate
    self.discount = discount
    self.sku = sku
    self.unit = unit
    self.line = line
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
