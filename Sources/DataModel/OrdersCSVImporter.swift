import Foundation

/// Reads an orders CSV (one row per line item) into invoices, streaming, with a diagnostic for every problem.
///
/// Rows of one invoice need not be adjacent. Invoice-level columns may be blank in some rows, but
/// where two rows give a value they must agree. A bad row makes its invoice invalid; the other
/// invoices are still returned. Nothing here traps, whatever the bytes.
public struct OrdersCSVImporter {
  public var options: ImportOptions

  public init(options: ImportOptions = ImportOptions()) {
    self.options = options
  }

  /// The invoices in the CSV file at `path` (`-` for standard input); `name` is used in messages.
  public func importFile(_ path: String, name: String? = nil) -> InvoiceImport {
    do {
      let reader = try CSVReader(path: path, name: name, delimiter: options.delimiter)
      return run(reader, name: reader.name)
    } catch {
      return InvoiceImport(
        invoices: [], diagnostics: [error.diagnostic], invalidInvoiceNumbers: [], isUnusable: true)
    }
  }

  /// The invoices in `bytes`, read `chunkSize` bytes at a time.
  public func importBytes(_ bytes: [UInt8], name: String, chunkSize: Int = 1 << 16) -> InvoiceImport {
    run(CSVReader(bytes: bytes, name: name, delimiter: options.delimiter, chunkSize: chunkSize), name: name)
  }

  private func run(_ reader: CSVReader, name: String) -> InvoiceImport {
    let state = OrdersCSVState(options: options, file: name)
    var record = CSVRecord()
    do {
      guard try reader.next(into: &record) else {
        state.fileError(line: nil, "the file is empty", hint: "the first line must name the columns")
        return state.finish()
      }
      guard state.readHeader(record) else { return state.finish() }
      var sawRow = false
      while try reader.next(into: &record) {
        sawRow = true
        state.readRow(record)
      }
      if !sawRow {
        state.fileError(line: nil, "has a header but no rows", hint: nil)
      }
    } catch {
      state.diagnostics.append(error.diagnostic)
      state.abandonedAt = error
    }
    return state.finish()
  }
}

/// The work of one import: the column layout, the invoices being collected, and the diagnostics.
final class OrdersCSVState {
  let options: ImportOptions
  let file: String
  var diagnostics: [Diagnostic] = []
  var abandonedAt: CSVError?

  /// The header as written, per column.
  var headers: [String] = []
  /// The field of each column, or nil for unknown columns.
  var fieldOfColumn: [OrderField?] = []
  /// The column of each field, when present.
  var columnOf = ColumnIndex()
  /// The invoice-level columns present, with their field.
  var levelColumns: [(column: Int, field: OrderField)] = []

  var pending: [PendingInvoice] = []
  var pendingByNumber: [String: Int] = [:]
  var lastNumber: [UInt8] = []
  var lastIndex = -1
  var lastRateBytes: [UInt8] = []
  var lastRate: ExactDecimal?
  var rejectedRows = 0
  var rowCount = 0
  var descriptions = TextCache()
  var unusable = false

  init(options: ImportOptions, file: String) {
    self.options = options
    self.file = file
  }

  func fileError(line: Int?, _ message: String, field: String? = nil, hint: String?) {
    unusable = true
    diagnostics.append(
      Diagnostic(.error, SourceLocation(file: file, line: line), field: field, message, hint: hint))
  }

  // MARK: Header

  func readHeader(_ record: CSVRecord) -> Bool {
    var mapping: [String: OrderField] = [:]
    for (from, to) in options.columns {
      guard let field = OrderField(header: to) else {
        fileError(
          line: nil,
          "the columns mapping maps \(Diagnostic.quote(from)) to \(Diagnostic.quote(to)), which is not a column",
          hint: OrderField.suggestion(for: to).map { "did you mean \"\($0.rawValue)\"?" })
        return false
      }
      mapping[OrderField.normalize(from)] = field
    }
    for index in 0..<record.count {
      guard let header = record.string(index) else {
        fileError(line: record.line, "the header is not valid UTF-8", hint: "export the file as UTF-8")
        return false
      }
      let trimmed = header.trimmingSpaces
      headers.append(trimmed)
      let field = mapping[OrderField.normalize(trimmed)] ?? OrderField(header: trimmed)
      if let field {
        if let earlier = columnOf[field] {
          fileError(
            line: record.line,
            "columns \(Diagnostic.quote(headers[earlier])) and \(Diagnostic.quote(trimmed)) both mean \(field.rawValue)",
            hint: "remove or rename one of them")
          return false
        }
        columnOf[field] = index
        if !field.isItemField && field != .invoiceNumber { levelColumns.append((index, field)) }
      } else if !trimmed.isEmpty {
        let hint = OrderField.suggestion(for: trimmed).map { "did you mean \"\($0.rawValue)\"?" }
        diagnostics.append(
          Diagnostic(
            .warning, SourceLocation(file: file, line: record.line),
            field: "column \(Diagnostic.quote(trimmed))",
            "unknown column, ignored",
            hint: hint ?? "map it in the config's \"columns\" if it holds one of ours"))
      }
      fieldOfColumn.append(field)
    }
    columnNames = headers.map { "column \(Diagnostic.quote($0))" }
    let missing = OrderField.required.filter { columnOf[$0] == nil }
    if !missing.isEmpty {
      let names = missing.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      let unknown = headers.enumerated().filter { fieldOfColumn[$0.offset] == nil }.map(\.element)
      var hint = "the header must name the columns; map other names in the config's \"columns\""
      if let first = missing.first,
        let close = unknown.first(where: { OrderField.suggestion(for: $0) == first })
      {
        hint =
          "did you mean \(Diagnostic.quote(close)) for \"\(first.rawValue)\"? map it in the config's \"columns\""
      }
      fileError(
        line: record.line, "missing required column\(missing.count > 1 ? "s" : "") \(names)", hint: hint)
      return false
    }
    return true
  }

  // MARK: Rows

  func readRow(_ record: CSVRecord) {
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
    let numberBytes = record.field(numberColumn)
    let index: Int
    if !lastNumber.isEmpty, numberBytes.elementsEqual(lastNumber) {
      index = lastIndex
    } else {
      guard let number = text(record, numberColumn, location, invoice: nil)?.trimmingSpaces, !number.isEmpty
      else {
        rejectedRows += 1
        if record.string(numberColumn) != nil {
          diagnostics.append(
            Diagnostic(
              .error, location, field: columnName(numberColumn), "is empty; the row belongs to no invoice"))
        }
        return
      }
      if let existing = pendingByNumber[number] {
        index = existing
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
    }
    let invoice = pending[index]
    if let problem = record.problemLine {
      fail(
        invoice,
        Diagnostic(
          .error, SourceLocation(file: file, line: problem), "text after the closing quote of a field",
          hint: "write a quote inside a quoted field as \"\""))
    }
    guard record.count == headers.count else {
      fail(
        invoice,
        Diagnostic(
          .error, location,
          "has \(record.count) field\(record.count == 1 ? "" : "s"), the header has \(headers.count)",
          hint: "quote fields that contain the delimiter or a line break"))
      return
    }
    for (column, _) in levelColumns {
      let range = record.range(column)
      if range.isEmpty || record.bytes[range].allSatisfy({ $0 == 0x20 }) { continue }
      if let existing = invoice.levelValue(column) {
        if !invoice.levelValue(column, equals: record.bytes, range) {
          let now = record.string(column) ?? "?"
          let before = String(decoding: existing, as: UTF8.self)
          fail(
            invoice,
            Diagnostic(
              .error, location, field: columnName(column),
              "\(Diagnostic.quote(now)) differs from \(Diagnostic.quote(before)) on line \(invoice.levelLine(column)) of invoice \(Diagnostic.quote(invoice.number))",
              hint: "rows of one invoice must agree on invoice-level columns (or leave them blank)"))
        }
      } else {
        invoice.setLevelValue(column, record.bytes[range], line: record.line)
      }
    }
    if let item = readItem(record, location, invoice) {
      invoice.items.append(item)
    } else {
      invoice.failed = true
    }
  }

  private func readItem(_ record: CSVRecord, _ location: SourceLocation, _ invoice: PendingInvoice)
    -> LineItem?
  {
    var ok = true
    let descriptionColumn = columnOf[.description]!
    let description = descriptions.string(record.bytes, record.range(descriptionColumn)) {
      text(record, descriptionColumn, location, invoice: invoice)
    }
    if let description, description.trimmingSpaces.isEmpty {
      fail(invoice, Diagnostic(.error, location, field: columnName(descriptionColumn), "is empty"))
      ok = false
    }
    let quantity = number(record, columnOf[.quantity]!, location, invoice, maxDecimals: 6, required: true)
    let price = number(record, columnOf[.unitPrice]!, location, invoice, maxDecimals: 6, required: true)
    var rate = options.defaultTaxRate
    if let column = columnOf[.taxRate] {
      let range = record.range(column)
      if !range.isEmpty, record.bytes[range].elementsEqual(lastRateBytes), let lastRate {
        rate = lastRate
      } else if let value = number(
        record, column, location, invoice, maxDecimals: 6, required: false, percent: true)
      {
        rate = value
        lastRateBytes = Array(record.bytes[range])
        lastRate = value
      } else if !isBlank(record, column) {
        ok = false
      }
    }
    if let value = rate, value.isNegative || value > ExactDecimal(1000) {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: columnName(columnOf[.taxRate]),
          "\(value.trimmedDescription) is not a tax rate in percent"))
      ok = false
    }
    if rate == nil, ok {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: columnOf[.taxRate].map(columnName) ?? "column \"tax_rate\"",
          columnOf[.taxRate] == nil
            ? "is missing and no default tax rate is configured"
            : "is empty and no default tax rate is configured",
          hint: "give a tax rate per row (19, 19% or 7.5) or set defaults.taxRate in the config"))
      ok = false
    }
    var discount = ExactDecimal.zero
    if let column = columnOf[.discount], !isBlank(record, column) {
      if let value = number(record, column, location, invoice, maxDecimals: 6, required: false, percent: true)
      {
        if value.isNegative || value > ExactDecimal(100) {
          fail(
            invoice,
            Diagnostic(
              .error, location, field: columnName(column),
              "\(value.trimmedDescription) is not a discount between 0 and 100 percent"))
          ok = false
        }
        discount = value
      } else {
        ok = false
      }
    }
    let sku = columnOf[.sku].flatMap { optionalText(record, $0, location, invoice) }
    let unit = columnOf[.unit].flatMap { optionalText(record, $0, location, invoice) }
    guard ok, let description, let quantity, let price, let rate else { return nil }
    return LineItem(
      description: description.trimmingSpaces, quantity: quantity, unitPrice: price, taxRate: rate,
      discount: discount,
      sku: sku, unit: unit, line: location.line)
  }

  // MARK: Field readers

  /// `column "Name"` for each column, made once from the header.
  var columnNames: [String] = []

  func columnName(_ column: Int?) -> String {
    guard let column else { return "column" }
    return columnNames[column]
  }

  func isBlank(_ record: CSVRecord, _ column: Int) -> Bool {
    record.bytes[record.range(column)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// The longest text a field may hold.
  static let maxFieldBytes = 65_536

  /// Field `column` as checked text: valid UTF-8, not too long, no control characters but tab and line breaks.
  func text(
    _ record: CSVRecord, _ column: Int, _ location: SourceLocation, invoice: PendingInvoice?,
    named: Int? = nil
  ) -> String? {
    var name: String { columnName(named ?? column) }
    let range = record.range(column)
    if range.count > OrdersCSVState.maxFieldBytes {
      report(
        invoice,
        Diagnostic(
          .error, location, field: name,
          "is \(range.count) bytes long; a field may have at most \(OrdersCSVState.maxFieldBytes)",
          hint: "a quoted field may be missing its closing quote"))
      return nil
    }
    // One pass over the bytes: control characters (C0 but tab and line breaks, and DEL), and whether all is ASCII.
    var ascii = true
    var control: UInt8?
    record.bytes.withUnsafeBufferPointer { buffer in
      for index in range {
        let byte = buffer[index]
        if byte >= 0x80 {
          ascii = false
        } else if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
          control = byte
          break
        }
      }
    }
    if let control {
      report(
        invoice,
        Diagnostic(
          .error, location, field: name,
          "contains the control character U+\(String(control, radix: 16, uppercase: true).leftPadded(4))"))
      return nil
    }
    let slice = record.bytes[range]
    guard
      let value = ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
    else {
      report(
        invoice,
        Diagnostic(.error, location, field: name, "is not valid UTF-8", hint: "export the file as UTF-8"))
      return nil
    }
    return value
  }

  func optionalText(
    _ record: CSVRecord, _ column: Int, _ location: SourceLocation, _ invoice: PendingInvoice
  ) -> String? {
    guard let value = text(record, column, location, invoice: invoice)?.trimmingSpaces else {
      invoice.failed = true
      return nil
    }
    return value.isEmpty ? nil : value
  }

  func number(
    _ record: CSVRecord, _ column: Int, _ location: SourceLocation, _ invoice: PendingInvoice,
    maxDecimals: Int,
    required: Bool, percent: Bool = false
  ) -> ExactDecimal? {
    var range = record.range(column)
    if percent {
      var end = range.upperBound
      while end > range.lowerBound, record.bytes[end - 1] == 0x20 { end -= 1 }
      if end > range.lowerBound, record.bytes[end - 1] == UInt8(ascii: "%") {
        range = range.lowerBound..<(end - 1)
      }
    }
    switch ExactDecimal.parse(
      record.bytes[range], decimalSeparator: options.decimalSeparator, maxFractionDigits: maxDecimals)
    {
    case .success(let value):
      return value
    case .failure(.empty):
      if required { fail(invoice, Diagnostic(.error, location, field: columnName(column), "is empty")) }
      return nil
    case .failure(let error):
      let shown = Diagnostic.quote(
        record.string(column) ?? String(decoding: record.field(column), as: UTF8.self))
      fail(
        invoice,
        OrdersCSVState.numberDiagnostic(
          error, shown: shown, location: location, field: columnName(column),
          decimalSeparator: options.decimalSeparator))
      return nil
    }
  }

  static func numberDiagnostic(
    _ error: NumberError, shown: String, location: SourceLocation, field: String, decimalSeparator: UInt8
  ) -> Diagnostic {
    switch error {
    case .empty:
      return Diagnostic(.error, location, field: field, "is empty")
    case .notANumber:
      let separator = decimalSeparator == UInt8(ascii: ",") ? "," : "."
      let other = separator == "." ? "," : "."
      let hint =
        shown.contains(other)
        ? "numbers use \"\(separator)\" as the decimal separator and no group separators; set csv.decimalSeparator in the config for \"\(other)\""
        : nil
      return Diagnostic(.error, location, field: field, "\(shown) is not a number", hint: hint)
    case .tooManyDecimals(let allowed):
      return Diagnostic(.error, location, field: field, "\(shown) has more than \(allowed) decimals")
    case .tooLarge:
      return Diagnostic(
        .error, location, field: field, "\(shown) is too large",
        hint: "amounts may have at most \(ExactDecimal.maxDigits) digits")
    }
  }

  func fail(_ invoice: PendingInvoice, _ diagnostic: Diagnostic) {
    invoice.failed = true
    var diagnostic = diagnostic
    diagnostic.invoiceNumber = invoice.number
    diagnostics.append(diagnostic)
  }

  func report(_ invoice: PendingInvoice?, _ diagnostic: Diagnostic) {
    if let invoice { fail(invoice, diagnostic) } else { diagnostics.append(diagnostic) }
  }

  // MARK: Invoices

  func finish() -> InvoiceImport {
    var invoices: [Invoice] = []
    var invalid: [String] = []
    if abandonedAt != nil || hasHeaderError {
      // The input could not be read to the end: no invoice from it is complete enough to trust.
      invalid = pending.map(\.number)
      for invoice in pending { invoice.failed = true }
    }
    for invoice in pending {
      if !invoice.failed, let built = build(invoice) {
        invoices.append(built)
      } else {
        invalid.append(invoice.number)
      }
    }
    var seen = Set<String>()
    invalid = invalid.filter { seen.insert($0).inserted }
    return InvoiceImport(
      invoices: invoices, diagnostics: diagnostics, invalidInvoiceNumbers: invalid,
      rejectedRows: rejectedRows,
      isUnusable: unusable || abandonedAt != nil)
  }

  private var hasHeaderError: Bool { headers.isEmpty }

  private func build(_ invoice: PendingInvoice) -> Invoice? {
    var ok = true
    var checked = [(String, SourceLocation, String)??](repeating: nil, count: OrderField.allCases.count)
    // Invoice-level values are checked like item fields (UTF-8, length, control characters), once each.
    func value(_ field: OrderField) -> (String, SourceLocation, String)? {
      if let done = checked[field.ordinal] { return done }
      guard let column = columnOf[field], let slice = invoice.levelValue(column) else { return nil }
      let bytes = Array(slice)
      let location = SourceLocation(file: file, line: invoice.levelLine(column))
      var record = CSVRecord()
      record.bytes = bytes
      record.ends = [bytes.count]
      guard let text = text(record, 0, location, invoice: invoice, named: column) else {
        ok = false
        checked[field.ordinal] = .some(nil)
        return nil
      }
      let result = (text.trimmingSpaces, location, columnName(column))
      checked[field.ordinal] = result
      return result
    }
    let start = SourceLocation(file: file, line: invoice.line)
    func rejected(_ field: OrderField) -> Bool {
      if case .some(.none) = checked[field.ordinal] { return true }
      return false
    }
    func missing(_ field: OrderField, hint: String? = nil) {
      let name = columnOf[field].map { columnName($0) } ?? "column \"\(field.rawValue)\""
      fail(
        invoice,
        Diagnostic(
          .error, start, field: name, "is empty in every row of invoice \(Diagnostic.quote(invoice.number))",
          hint: hint))
      ok = false
    }
    func date(_ field: OrderField) -> CalendarDate? {
      guard let (text, location, name) = value(field) else { return nil }
      let format = options.dateFormat
      if let date = text.utf8.withContiguousStorageIfAvailable({ format.parse($0) })
        ?? format.parse(Array(text.utf8))
      {
        return date
      }
      fail(
        invoice,
        Diagnostic(
          .error, location, field: name, "\(Diagnostic.quote(text)) is not a date",
          hint:
            "dates are written \(options.dateFormat == .iso8601 ? "as 2026-03-31 (ISO 8601)" : "as " + options.dateFormat.pattern); set csv.dateFormat in the config for another format"
        ))
      ok = false
      return nil
    }
    let issue = date(.invoiceDate)
    if issue == nil, value(.invoiceDate) == nil, !rejected(.invoiceDate) { missing(.invoiceDate) }
    let due = date(.dueDate)
    var currency = options.defaultCurrency
    if let (code, location, name) = value(.currency) {
      if let known = Currency(code: code) {
        currency = known
      } else {
        fail(
          invoice,
          Diagnostic(
            .error, location, field: name, "\(Diagnostic.quote(code)) is not an ISO 4217 currency code",
            hint: "use a code such as EUR, USD or JPY"))
        ok = false
      }
    } else if currency == nil, !rejected(.currency) {
      missing(.currency, hint: "give a currency per invoice or set defaults.currency in the config")
    }
    let name = value(.customerName)?.0
    if name == nil || name!.isEmpty, !rejected(.customerName) { missing(.customerName) }
    var pricesIncludeTax = false
    if let (text, location, field) = value(.pricesIncludeTax) {
      switch text.lowercased() {
      case "true", "yes", "1", "y": pricesIncludeTax = true
      case "false", "no", "0", "n": pricesIncludeTax = false
      default:
        fail(
          invoice,
          Diagnostic(.error, location, field: field, "\(Diagnostic.quote(text)) is not true or false"))
        ok = false
      }
    }
    var locale = options.defaultLocale
    if let (text, location, field) = value(.locale) {
      if LocaleTag.isValid(text) {
        locale = text
      } else {
        fail(
          invoice,
          Diagnostic(
            .error, location, field: field, "\(Diagnostic.quote(text)) is not a locale",
            hint: "use a BCP 47 tag such as de-DE, fr or zh-Hans"))
        ok = false
      }
    }
    guard ok, let issue, let currency, let name else { return nil }
    let address = value(.customerAddress).map { Party.addressLines($0.0) } ?? []
    let customer = Party(
      name: name, address: address, email: value(.customerEmail)?.0, vatId: value(.customerVatId)?.0,
      id: value(.customerId)?.0)
    do {
      return try Invoice(
        number: invoice.number, issueDate: issue, dueDate: due, currency: currency, customer: customer,
        items: invoice.items, locale: locale, notes: value(.notes)?.0,
        purchaseOrder: value(.purchaseOrder)?.0,
        pricesIncludeTax: pricesIncludeTax, taxExemptionReason: value(.taxExemptionReason)?.0, source: start)
    } catch {
      fail(
        invoice,
        Diagnostic(
          .error, start,
          "the amounts of invoice \(Diagnostic.quote(invoice.number)) are too large to compute exactly"))
      return nil
    }
  }
}

/// An invoice being collected from its rows.
final class PendingInvoice {
  let number: String
  let line: Int
  /// The first non-blank value of each invoice-level column, one after the other.
  private var levelBytes: [UInt8] = []
  /// Where each column's value is in `levelBytes`, and the line it came from (0: none yet).
  private var levelRanges: [(start: Int32, end: Int32, line: Int32)]
  var items: [LineItem] = []
  var failed = false

  init(number: String, line: Int, levelCount: Int) {
    self.number = number
    self.line = line
    levelRanges = Array(repeating: (0, 0, 0), count: levelCount)
  }

  /// The value first given for `column`, if any.
  func levelValue(_ column: Int) -> ArraySlice<UInt8>? {
    let entry = levelRanges[column]
    return entry.line == 0 ? nil : levelBytes[Int(entry.start)..<Int(entry.end)]
  }

  /// Whether the value first given for `column` has the same bytes as `bytes[range]`.
  func levelValue(_ column: Int, equals bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let entry = levelRanges[column]
    let length = Int(entry.end - entry.start)
    guard length == range.count else { return false }
    return levelBytes.withUnsafeBufferPointer { stored in
      bytes.withUnsafeBufferPointer { given in
        memcmp(stored.baseAddress! + Int(entry.start), given.baseAddress! + range.lowerBound, length) == 0
      }
    }
  }

  /// The line `column`'s value came from.
  func levelLine(_ column: Int) -> Int { Int(levelRanges[column].line) }

  func setLevelValue(_ column: Int, _ bytes: ArraySlice<UInt8>, line: Int) {
    let start = levelBytes.count
    levelBytes.append(contentsOf: bytes)
    levelRanges[column] = (Int32(start), Int32(levelBytes.count), Int32(clamping: line))
  }
}

extension String {
  /// The string without leading and trailing whitespace; strings that need no trimming are returned as they are.
  var trimmingSpaces: String {
    func isPlain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
    var copy = self
    let plain = copy.withUTF8 { bytes in
      bytes.isEmpty || (isPlain(bytes[0]) && isPlain(bytes[bytes.count - 1]))
    }
    if plain { return self }
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[start...end])
  }

  func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

/// Checks BCP 47 language tags loosely: letters, digits, `-` and `_`, starting with a 2–3 letter language.
enum LocaleTag {
  static func isValid(_ tag: String) -> Bool {
    let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}
