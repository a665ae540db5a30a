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
  /// The index in `pending` of `lastNumber`'s invoice, or `otherShard` when it is another shard's.
  var lastIndex = -1
  /// `lastIndex` of a number whose rows another shard reads.
  static let otherShard = -2
  /// What other shards' dates show about the order of day and month (this shard reads its own).
  var otherShardDates = SlashedDateEvidence()
  var lastRateBytes: [UInt8] = []
  var lastRate: ExactDecimal?
  var rejectedRows = 0
  /// The rows read of this shard's invoices (every row without shards): the items reserved per new invoice follow their average.
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
  mutating func invoiceIndex(_ record: CSVRecord, numberColumn: Int, _ location: SourceLocation)
    -> Int?
  {
    let numberBytes = record.field(numberColumn)
    if !lastNumber.isEmpty, numberBytes.elementsEqual(lastNumber) {
      guard lastIndex != Self.otherShard else {
        skipOtherShardRow(record)
        return nil
      }
      return lastIndex
    }
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
    if let shard = options.shard, !shard.mayHold(number, refunds: options.refunds) {
      // Another shard's row: nothing past its number is read or kept.
      lastNumber = Array(numberBytes)
      lastIndex = Self.otherShard
      skipOtherShardRow(record)
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
  mutating func isWhole(_ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice)
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
  mutating func mergeLevelValues(
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
  func sameDay(_ field: OrderField, _ first: [UInt8], _ second: ArraySlice<UInt8>) -> Bool {
    guard field == .invoiceDate || field == .dueDate, let day = options.dateFormat.parse(first) else {
      return false
    }
    return options.dateFormat.parse(Array(second)) == day
  }

  /// The invoice of a number equal to an earlier one's only after Unicode normalization (NFD `Café` after NFC `Café`).
  ///
  /// Swift compares such strings as equal, so without this the rows would silently join the
  /// earlier invoice. Like a repeated number in JSON, the later one is refused, naming both lines.
  mutating func normalizationVariant(
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

}
