import Foundation

/// The rows that hold an item or a document-level charge, read field by field.
extension OrdersRowReader {
  /// Whether the row gives a charge or an allowance in place of an item.
  ///
  /// Static, with the columns as an argument: as a method called from the mutating `readRow` it
  /// made Swift copy the whole reader first, on every row.
  static func isChargeRow(_ record: CSVRecord, columnOf: ColumnIndex) -> Bool {
    for field in [OrderField.chargeAmount, .allowanceAmount] {
      if let column = columnOf[field], !isBlank(record, column) { return true }
    }
    return false
  }

  /// Reads a row with `charge_amount` or `allowance_amount` and no item into the invoice's charges.
  mutating func readCharge(_ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice)
    -> Bool
  {
    let given = [OrderField.chargeAmount, .allowanceAmount].filter {
      columnOf[$0].map { !isBlank(record, $0) } ?? false
    }
    if given.count > 1 {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: columnName(columnOf[.allowanceAmount]),
          "the row gives both a charge and an allowance",
          hint: "give each charge or allowance on a row of its own"))
      return false
    }
    let itemColumns = [OrderField.description, .quantity, .unitPrice, .lineAmount].compactMap { columnOf[$0] }
    if let column = itemColumns.first(where: { !isBlank(record, $0) }) {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: columnName(column),
          "the row gives an item and a \(given[0] == .chargeAmount ? "charge" : "allowance")",
          hint: "a charge or allowance goes on a row of its own, with the item columns blank"))
      return false
    }
    let amountColumn = columnOf[given[0]]!
    guard
      let amount = number(
        record, amountColumn, location, invoice, maxDecimals: 6, required: true, allowsCurrencyMark: true)
    else { return false }
    if amount.isNegative {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: columnName(amountColumn), "\(amount.trimmedDescription) is negative",
          hint: "amounts of charges and allowances are positive; an allowance is taken off"))
      return false
    }
    var rate: ExactDecimal?
    if let column = columnOf[.chargeTaxRate], !isBlank(record, column) {
      guard let value = taxRate(record, column, location, invoice) else { return false }
      rate = value
    }
    let reason = columnOf[.chargeReason].flatMap { optionalText(record, $0, location, invoice) }
    invoice.allowancesCharges.append(
      AllowanceCharge(
        given[0] == .chargeAmount ? .charge : .allowance, amount: amount, reason: reason, taxRate: rate,
        line: location.line))
    return true
  }

  /// The tax rate in `column`, checked by `InvoiceRules.taxRate`, or nil after failing the invoice.
  mutating func taxRate(
    _ record: CSVRecord, _ column: Int, _ location: SourceLocation, _ invoice: PendingInvoice
  ) -> ExactDecimal? {
    let range = record.range(column)
    guard let value = number(record, column, location, invoice, maxDecimals: 6, required: true, percent: true)
    else { return nil }
    if let violation = InvoiceRules.taxRate(
      value, hasPercentSign: record.bytes[range].contains(UInt8(ascii: "%")))
    {
      fail(invoice, Diagnostic(location, field: columnName(column), violation))
      return nil
    }
    return value
  }

  /// The unit price, from `unit_price`, or else the line amount (`line_amount`) divided by the quantity when that is exact.
  mutating func unitPrice(
    _ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice, quantity: ExactDecimal?
  ) -> ExactDecimal? {
    if let column = columnOf[.unitPrice], columnOf[.lineAmount] == nil || !isBlank(record, column) {
      return number(
        record, column, location, invoice, maxDecimals: 6, required: true, allowsCurrencyMark: true)
    }
    let column = columnOf[.lineAmount]!
    guard
      let amount = number(
        record, column, location, invoice, maxDecimals: 6, required: true, allowsCurrencyMark: true),
      let quantity
    else { return nil }
    guard !quantity.isZero else {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: columnName(column), "a line amount with a quantity of 0 has no unit price",
          hint: "give unit_price for this row"))
      return nil
    }
    // Exact to 6 decimals, or refused: a price rounded here would change the line's amount.
    if let price = amount.divided(by: quantity, scale: 6), price.multiplied(by: quantity) == amount {
      return price
    }
    fail(
      invoice,
      Diagnostic(
        .error, location, field: columnName(column),
        "\(amount.trimmedDescription) divided by the quantity \(quantity.trimmedDescription) is no exact unit price",
        hint: "give unit_price for this row"))
    return nil
  }

  mutating func readItem(_ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice)
    -> LineItem?
  {
    var ok = true
    let description = itemDescription(record, location, invoice, ok: &ok)
    let quantity = number(record, columnOf[.quantity]!, location, invoice, maxDecimals: 6, required: true)
    let price = unitPrice(record, location, invoice, quantity: quantity)
    let rate = itemTaxRate(record, location, invoice, ok: &ok)
    let (discount, discountAmount) = itemDiscounts(
      record, location, invoice, quantity: quantity, price: price, ok: &ok)
    let sku = columnOf[.sku].flatMap { optionalText(record, $0, location, invoice) }
    let unit = columnOf[.unit].flatMap { optionalText(record, $0, location, invoice) }
    let category = itemTaxCategory(record, location, invoice, ok: &ok)
    guard ok, let description, let quantity, let price, let rate else { return nil }
    var item = LineItem(
      description: description, quantity: quantity, unitPrice: price, taxRate: rate,
      discount: discount, discountAmount: discountAmount, sku: sku, unit: unit, line: location.line)
    if let category { item.taxCategory = category }
    if !header.customItemColumns.isEmpty {
      var fields: [String: String] = [:]
      for (name, column) in header.customItemColumns {
        if let text = optionalText(record, column, location, invoice) { fields[name] = text }
      }
      item.fields = fields
    }
    return item
  }

  /// The item's description, trimmed and kept once per distinct text; an empty one fails the invoice.
  mutating func itemDescription(
    _ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice, ok: inout Bool
  ) -> String? {
    let descriptionColumn = columnOf[.description]!
    let descriptionRange = record.range(descriptionColumn)
    var description = descriptions.string(record.bytes, descriptionRange)
    if description == nil {
      description = text(record, descriptionColumn, location, invoice: invoice)?.trimmingSpaces
      if let description { descriptions.store(description, for: record.bytes, descriptionRange) }
    }
    if let description, description.isEmpty {
      fail(invoice, Diagnostic(.error, location, field: columnName(descriptionColumn), "is empty"))
      ok = false
    }
    return description
  }

  /// The item's tax rate: its own column's (the last valid text remembered), else the configured default;
  /// zero for now when neither is given (an invoice whose tax the export gives needs no rates).
  mutating func itemTaxRate(
    _ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice, ok: inout Bool
  ) -> ExactDecimal? {
    guard let column = columnOf[.taxRate], !isBlank(record, column) else {
      if let rate = options.defaultTaxRate { return rate }
      // Not yet an error: an invoice whose tax the export gives (tax_amount) needs no rates.
      if invoice.missingRateLine == 0 { invoice.missingRateLine = location.line ?? 1 }
      return .zero
    }
    if invoice.explicitRateLine == 0 { invoice.explicitRateLine = location.line ?? 1 }
    if let lastRate, record.field(column, is: lastRateBytes) { return lastRate }
    guard let value = taxRate(record, column, location, invoice) else {
      ok = false
      return nil
    }
    // Only a valid rate is remembered: the next row with the same text skips the checks.
    lastRateBytes = Array(record.field(column))
    lastRate = value
    return value
  }

  /// The item's discount as a percentage and as an amount (zero when blank), each checked.
  mutating func itemDiscounts(
    _ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice,
    quantity: ExactDecimal?, price: ExactDecimal?, ok: inout Bool
  ) -> (percent: ExactDecimal, amount: ExactDecimal) {
    var discount = ExactDecimal.zero
    if let column = columnOf[.discount], !isBlank(record, column) {
      if let value = number(record, column, location, invoice, maxDecimals: 6, required: false, percent: true)
      {
        if let violation = InvoiceRules.discount(value) {
          fail(invoice, Diagnostic(location, field: columnName(column), violation))
          ok = false
        }
        discount = value
      } else {
        ok = false
      }
    }
    var discountAmount = ExactDecimal.zero
    if let column = columnOf[.discountAmount], !isBlank(record, column) {
      if let value = number(
        record, column, location, invoice, maxDecimals: 6, required: false, allowsCurrencyMark: true)
      {
        if let violation = InvoiceRules.discountAmount(
          value, percent: discount, quantity: quantity, unitPrice: price)
        {
          fail(invoice, Diagnostic(location, field: columnName(column), violation))
          ok = false
        }
        discountAmount = value
      } else {
        ok = false
      }
    }
    return (discount, discountAmount)
  }

  /// The item's tax category code (upper case), when its column is given and the code is known.
  mutating func itemTaxCategory(
    _ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice, ok: inout Bool
  ) -> String? {
    guard let column = columnOf[.taxCategory], let code = optionalText(record, column, location, invoice)
    else {
      return nil
    }
    if let violation = InvoiceRules.taxCategory(code) {
      fail(invoice, Diagnostic(location, field: columnName(column), violation))
      ok = false
      return nil
    }
    return code.uppercased()
  }
}
