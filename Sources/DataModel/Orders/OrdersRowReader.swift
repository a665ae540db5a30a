import Foundation

/// Reads an orders CSV's rows in two passes: where each invoice's rows are, then one invoice at a time.
///
/// The first pass (`indexRow`) reads only each row's invoice number and notes where the row is in an
/// `OrdersIndex` (NFC and NFD spellings of one number are two invoices), learning from every row
/// what the whole file decides (decimal separator, order of slashed dates). The second
/// (`replay`) reads one invoice's rows: it checks each row's item fields (`FieldText`,
/// `InvoiceRules`, exact numbers), keeps each invoice-level column's first value and refuses rows
/// that disagree with it, then hands the invoice to the `InvoiceAssembler`. The header's columns
/// are `OrdersCSVHeader`'s.
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

  /// The index the first pass writes (nil while replaying).
  var index: OrdersIndex?
  var lastNumber: [UInt8] = []
  /// The index entry of `lastNumber`'s invoice, or `otherShard` when it is another shard's.
  var lastIndex = -1
  /// `lastIndex` of a number whose rows another shard reads.
  static let otherShard = -2
  /// What the dates of rows read only for evidence show about the order of day and month.
  var dateEvidence = SlashedDateEvidence()
  /// The decimal separator the file teaches and where, while replaying (nil: configured or never shown).
  var learnedSeparator: (separator: UInt8, line: Int)?
  var lastRateBytes: [UInt8] = []
  var lastRate: ExactDecimal?
  var rejectedRows = 0
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
  /// The assembler `replay` builds invoices with, kept from one invoice to the next (nil before the first).
  var replayAssembler: InvoiceAssembler?
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

  /// The first pass over a row: its invoice number, and where the row is, in the index.
  mutating func indexRow(_ record: CSVRecord) {
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
    guard let entry = entryIndex(record, numberColumn: numberColumn, location) else { return }
    index!.add(record, to: entry)
    learnFromRow(record)
  }

  /// The index entry of the invoice the row's number names (a new one for a new number), or nil when
  /// the row is rejected (an empty or refused number) or another shard's.
  mutating func entryIndex(_ record: CSVRecord, numberColumn: Int, _ location: SourceLocation) -> Int? {
    let numberBytes = record.field(numberColumn)
    if !lastNumber.isEmpty, record.field(numberColumn, is: lastNumber) {
      guard lastIndex != Self.otherShard else {
        learnFromRow(record)
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
    lastNumber = Array(numberBytes)
    if let shard = options.shard, !shard.mayHold(number, refunds: options.refunds) {
      // Another shard's row: nothing past its number is read or kept.
      lastIndex = Self.otherShard
      learnFromRow(record)
      return nil
    }
    lastIndex = index!.entry(for: number, line: record.line)
    return lastIndex
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
    // A custom field keeps the first value any row gives (unless a built-in column already keeps
    // it), checked like every text: not UTF-8 or a control character fails the invoice, located.
    for (_, column) in header.customColumns where invoice.levelValue(column) == nil {
      let range = record.range(column)
      if !range.isEmpty, !record.bytes[range].allSatisfy({ $0 == 0x20 }) {
        guard text(record, column, location, invoice: invoice) != nil else {
          invoice.failed = true
          continue
        }
        invoice.setLevelValue(column, record.bytes[range], line: record.line)
      }
    }
  }

  /// Whether two values of a date column name the same day (rows stamped 16:57 and 16:58 of one order agree).
  func sameDay(_ field: OrderField, _ first: [UInt8], _ second: ArraySlice<UInt8>) -> Bool {
    guard field == .invoiceDate || field == .dueDate, let day = options.dateFormat.parse(first) else {
      return false
    }
    return options.dateFormat.parse(Array(second)) == day
  }

}
