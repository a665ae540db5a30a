import Foundation

/// Reads an orders CSV's rows, one at a time, into the invoices they belong to.
///
/// It groups rows by invoice number (NFC and NFD spellings of one number are two invoices), checks
/// each row's item fields as it arrives (`FieldText`, `InvoiceRules`, exact numbers), keeps each
/// invoice-level column's first value and refuses rows that disagree with it; `finish` hands the
/// collected invoices to the `InvoiceAssembler`. The header's columns are `OrdersCSVHeader`'s.
struct OrdersRowReader {
  let options: ImportOptions
  let file: String
  var diagnostics: [Diagnostic] = []
  var abandonedAt: CSVError?

  /// The columns, once the header is read.
  var header = OrdersCSVHeader()
  var headers: [String] { header.headers }
  var columnOf: ColumnIndex { header.columnOf }
  var levelColumns: [(column: Int, field: OrderField)] { header.levelColumns }
  var columnNames: [String] { header.columnNames }

  var pending: [PendingInvoice] = []
  var pendingByNumber: [String: Int] = [:]
  /// Invoices whose number equals an earlier one's only after normalization, by their exact UTF-8 bytes.
  var normalizationVariants: [[UInt8]: Int] = [:]
  var lastNumber: [UInt8] = []
  var lastIndex = -1
  var lastRateBytes: [UInt8] = []
  var lastRate: ExactDecimal?
  var rejectedRows = 0
  var rowCount = 0
  var descriptions = TextCache()
  var unusable = false
  /// The decimal separator of the file's numbers, configured or learned (`.` until then).
  var decimalSeparator = UInt8(ascii: ".")
  /// The line whose number taught `decimalSeparator`, when it was learned rather than configured.
  var decimalSeparatorLine: Int?
  /// Whether `decimalSeparator` is configured or learned.
  var decimalSeparatorIsKnown = false
  /// Numbers read with `.` before the separator was known that would mean thousands with `,` ("1.234").
  var ambiguousNumbers: [(invoice: PendingInvoice, diagnostic: Diagnostic)] = []
  /// The first currency mark each invoice's prices were written with (`€1,234.50`), checked once the invoice's currency is known.
  var currencyMarks: [ObjectIdentifier: (mark: CurrencyMark, location: SourceLocation, field: String)] = [:]

  init(options: ImportOptions, file: String) {
    self.options = options
    self.file = file
    if let separator = options.decimalSeparator {
      decimalSeparator = separator
      decimalSeparatorIsKnown = true
    }
  }

  mutating func fileError(line: Int?, _ message: String, field: String? = nil, hint: String?) {
    unusable = true
    diagnostics.append(
      Diagnostic(.error, SourceLocation(file: file, line: line), field: field, message, hint: hint))
  }

  // MARK: Header

  mutating func readHeader(_ record: CSVRecord) -> Bool {
    let (read, found) = OrdersCSVHeader.read(record, options: options, file: file)
    diagnostics += found
    guard let read else {
      unusable = true
      return false
    }
    header = read
    return true
  }

  // MARK: Rows

  mutating func readRow(_ record: CSVRecord) {
    rowCount += 1
    let numberColumn = columnOf[.invoiceNumber]!
    let location = SourceLocation(file: file, line: record.line)
    guard numberColumn < record.count else {
      rejectedRows += 1
      diagnostics.append(
        Diagnostic(
          .error, location,
          "has \(record.count) field\(record.count == 1 ? "" : "s"), the header has \(headers.count)",
          hint: "quote fields that contain the delimiter or a line break"))
      return
    }
    guard let index = invoiceIndex(record, numberColumn: numberColumn, location) else { return }
    let invoice = pending[index]
    guard isWhole(record, location, invoice) else { return }
    mergeLevelValues(record, location, invoice)
    if isChargeRow(record) {
      if !readCharge(record, location, invoice) { invoice.failed = true }
    } else if let item = readItem(record, location, invoice) {
      invoice.items.append(item)
    } else {
      invoice.failed = true
    }
  }

  /// The index in `pending` of the invoice the row's number names (a new one for a new number), or nil
  /// (the row rejected) when the number is empty or refused.
  private mutating func invoiceIndex(_ record: CSVRecord, numberColumn: Int, _ location: SourceLocation)
    -> Int?
  {
    let numberBytes = record.field(numberColumn)
    if !lastNumber.isEmpty, numberBytes.elementsEqual(lastNumber) { return lastIndex }
    let checked = text(record, numberColumn, location, invoice: nil)?.trimmingSpaces
    guard let number = checked, !number.isEmpty else {
      rejectedRows += 1
      // A number that was refused (a control character, invalid UTF-8) was reported already.
      if checked != nil {
        diagnostics.append(
          Diagnostic(
            .error, location, field: columnName(numberColumn), "is empty; the row belongs to no invoice"))
      }
      return nil
    }
    let index: Int
    if let existing = pendingByNumber[number], pending[existing].number.utf8.elementsEqual(number.utf8) {
      index = existing
    } else if let existing = pendingByNumber[number] {
      index = normalizationVariant(number, of: pending[existing], record: record, location: location)
    } else {
      index = pending.count
      let fresh = PendingInvoice(number: number, line: record.line, levelCount: headers.count)
      // Reserve the average number of items per invoice so far: fewer regrowths and less slack.
      if !pending.isEmpty {
        fresh.items.reserveCapacity(min(64, (rowCount + pending.count - 1) / pending.count))
      }
      pending.append(fresh)
      pendingByNumber[number] = index
    }
    lastNumber = Array(numberBytes)
    lastIndex = index
    return index
  }

  /// Whether the row can be read field by field: no field clipped for its length and as many fields as
  /// the header. A malformed quote, a clipped field or a wrong count fails the invoice.
  private mutating func isWhole(_ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice)
    -> Bool
  {
    if let problem = record.problemLine {
      fail(
        invoice,
        Diagnostic(
          .error, SourceLocation(file: file, line: problem), "text after the closing quote of a field",
          hint: "write a quote inside a quoted field as \"\""))
    }
    if !record.clippedLengths.isEmpty {
      // A field too long to keep whole fails its invoice; the rows after it are read as usual.
      for (column, length) in record.clippedLengths.sorted(by: { $0.key < $1.key }) {
        let field = column < columnNames.count ? columnNames[column] : "field \(column + 1)"
        if case .failure(let violation) = FieldText.check([], length: length) {
          fail(invoice, Diagnostic(location, field: field, violation))
        }
      }
      return false
    }
    guard record.count == headers.count else {
      fail(
        invoice,
        Diagnostic(
          .error, location,
          "has \(record.count) field\(record.count == 1 ? "" : "s"), the header has \(headers.count)",
          hint: "quote fields that contain the delimiter or a line break"))
      return false
    }
    return true
  }

  /// Keeps each invoice-level column's first value for the invoice and fails it when a row disagrees
  /// (dates of one day agree).
  private mutating func mergeLevelValues(
    _ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice
  ) {
    for (column, field) in levelColumns {
      let range = record.range(column)
      if range.isEmpty || record.bytes[range].allSatisfy({ $0 == 0x20 }) { continue }
      guard let existing = invoice.levelValue(column) else {
        invoice.setLevelValue(column, record.bytes[range], line: record.line)
        continue
      }
      if invoice.levelValue(column, equals: record.bytes, range)
        || sameDay(field, Array(existing), record.bytes[range])
      {
        continue
      }
      let now = record.string(column) ?? "?"
      let before = String(decoding: existing, as: UTF8.self)
      fail(
        invoice,
        Diagnostic(
          .error, location, field: columnName(column),
          "\(Diagnostic.quote(now)) differs from \(Diagnostic.quote(before)) on line \(invoice.levelLine(column)) of invoice \(Diagnostic.quote(invoice.number))",
          hint: field == .expectedTotal
            ? "a total that differs per row is a line total, not the invoice's: map the column to null in the config's \"columns\""
            : "rows of one invoice must agree on invoice-level columns (or leave them blank)"))
    }
  }

  /// Whether two values of a date column name the same day (rows stamped 16:57 and 16:58 of one order agree).
  private func sameDay(_ field: OrderField, _ first: [UInt8], _ second: ArraySlice<UInt8>) -> Bool {
    guard field == .invoiceDate || field == .dueDate, let day = options.dateFormat.parse(first) else {
      return false
    }
    return options.dateFormat.parse(Array(second)) == day
  }

  /// The invoice of a number equal to an earlier one's only after Unicode normalization (NFD `Café` after NFC `Café`).
  ///
  /// Swift compares such strings as equal, so without this the rows would silently join the
  /// earlier invoice. Like a repeated number in JSON, the later one is refused, naming both lines.
  private mutating func normalizationVariant(
    _ number: String, of first: PendingInvoice, record: CSVRecord, location: SourceLocation
  ) -> Int {
    let key = Array(number.utf8)
    if let known = normalizationVariants[key] { return known }
    let index = pending.count
    let variant = PendingInvoice(number: number, line: record.line, levelCount: headers.count)
    pending.append(variant)
    normalizationVariants[key] = index
    fail(
      variant,
      Diagnostic(
        .error, location, field: columnName(columnOf[.invoiceNumber]),
        "invoice number \(Diagnostic.quote(number)) is used again (first at \(file):\(first.line)), written in another Unicode normalization form (NFC and NFD)",
        hint: "invoice numbers must be unique; write them the same way on every row"))
    return index
  }

  /// Whether the row gives a charge or an allowance in place of an item.
  private func isChargeRow(_ record: CSVRecord) -> Bool {
    for field in [OrderField.chargeAmount, .allowanceAmount] {
      if let column = columnOf[field], !isBlank(record, column) { return true }
    }
    return false
  }

  /// Reads a row with `charge_amount` or `allowance_amount` and no item into the invoice's charges.
  private mutating func readCharge(_ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice)
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
  private mutating func unitPrice(
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

  private mutating func readItem(_ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice)
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
      description: description.trimmingSpaces, quantity: quantity, unitPrice: price, taxRate: rate,
      discount: discount, discountAmount: discountAmount, sku: sku, unit: unit, line: location.line)
    if let category { item.taxCategory = category }
    return item
  }

  /// The item's description, kept once per distinct text; an empty one fails the invoice.
  private mutating func itemDescription(
    _ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice, ok: inout Bool
  ) -> String? {
    let descriptionColumn = columnOf[.description]!
    let descriptionRange = record.range(descriptionColumn)
    var description = descriptions.string(record.bytes, descriptionRange)
    if description == nil {
      description = text(record, descriptionColumn, location, invoice: invoice)
      if let description { descriptions.store(description, for: record.bytes, descriptionRange) }
    }
    if let description, description.trimmingSpaces.isEmpty {
      fail(invoice, Diagnostic(.error, location, field: columnName(descriptionColumn), "is empty"))
      ok = false
    }
    return description
  }

  /// The item's tax rate: its own column's (the last valid text remembered), else the configured default;
  /// zero for now when neither is given (an invoice whose tax the export gives needs no rates).
  private mutating func itemTaxRate(
    _ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice, ok: inout Bool
  ) -> ExactDecimal? {
    guard let column = columnOf[.taxRate], !isBlank(record, column) else {
      if let rate = options.defaultTaxRate { return rate }
      // Not yet an error: an invoice whose tax the export gives (tax_amount) needs no rates.
      if invoice.missingRateLine == 0 { invoice.missingRateLine = location.line ?? 1 }
      return .zero
    }
    let range = record.range(column)
    if invoice.explicitRateLine == 0 { invoice.explicitRateLine = location.line ?? 1 }
    if record.bytes[range].elementsEqual(lastRateBytes), let lastRate { return lastRate }
    guard let value = taxRate(record, column, location, invoice) else {
      ok = false
      return nil
    }
    // Only a valid rate is remembered: the next row with the same text skips the checks.
    lastRateBytes = Array(record.bytes[range])
    lastRate = value
    return value
  }

  /// The item's discount as a percentage and as an amount (zero when blank), each checked.
  private mutating func itemDiscounts(
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
  private mutating func itemTaxCategory(
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

/// Which of `3/14/2026` and `14/3/2026` a file writes, as its own dates show.
enum SlashedDateOrder {
  case dayFirst
  case monthFirst
  /// No date has a part over 12, or dates of both kinds appear: the file does not say.
  case unknown
}
