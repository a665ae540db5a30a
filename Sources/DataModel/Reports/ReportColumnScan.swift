/// What the first read of a CSV report learns about its columns, row by row.
///
/// A column is a number column when every non-blank value reads as a number (plain, grouped, or
/// with a currency mark such as `€1.50`); its exact sum is kept for the footer. The file's decimal
/// separator is learned from the first number that can only be read one way. A column of distinct
/// plain integers holds identifiers (not totalled); a column whose values are all one short word
/// (a date, a code) keeps them whole.
struct ReportColumnScan {
  let headers: [String]
  private(set) var rows = 0
  private var numeric: [Bool]
  private var seenNumber: [Bool]
  private var sums: [ExactDecimal]
  private var separator: UInt8
  private var separatorIsKnown: Bool
  /// Columns that summed a number like "1.234" before the file showed its separator.
  private var readBeforeKnown: [Bool]
  /// The currency mark of each column's amounts (`€1.50`), and whether two marks were mixed.
  private var marks: [String?]
  private var mixedMarks: [Bool]
  /// The integer values of each column while they are all distinct (identifiers such as customer numbers).
  private var distinct: [Set<Int128>?]
  /// Whether every value of a column is one short word (a date, a code): such values must not wrap.
  private var compact: [Bool]
  /// The most digits after the decimal separator among each column's numbers.
  private var fractionDigits: [Int]
  private var raggedWarnings = 0
  private var invalidTextWarnings = 0
  private var warnedUnrenderable = false

  init(headers: [String], decimalSeparator: UInt8?) {
    self.headers = headers
    let count = headers.count
    numeric = Array(repeating: true, count: count)
    seenNumber = Array(repeating: false, count: count)
    sums = Array(repeating: .zero, count: count)
    separator = decimalSeparator ?? UInt8(ascii: ".")
    separatorIsKnown = decimalSeparator != nil
    readBeforeKnown = Array(repeating: false, count: count)
    marks = Array(repeating: nil, count: count)
    mixedMarks = Array(repeating: false, count: count)
    distinct = Array(repeating: [], count: count)
    compact = Array(repeating: true, count: count)
    fractionDigits = Array(repeating: 0, count: count)
  }

  /// Takes one row: its warnings go to `diagnostics`; a field too long to keep stops the import (returned).
  mutating func add(_ record: CSVRecord, file: String, diagnostics: inout [Diagnostic]) -> Diagnostic? {
    rows += 1
    if let (column, length) = record.clippedLengths.min(by: { $0.key < $1.key }) {
      return Diagnostic(
        .error, SourceLocation(file: file, line: record.line), field: field(column),
        "is \(length) bytes long; a report cell may have at most \(CSVReader.maxFieldBytes >> 20) MiB",
        hint: "a quoted field may be missing its closing quote")
    }
    warnAboutText(record, file: file, diagnostics: &diagnostics)
    for column in 0..<min(record.count, headers.count) where compact[column] {
      let range = record.range(column)
      if range.count > 24 || record.bytes[range].contains(0x20) { compact[column] = false }
    }
    for column in 0..<min(record.count, headers.count) where numeric[column] {
      addNumber(record.bytes[record.range(column)], column: column)
    }
    return nil
  }

  /// `column "Name"`, or `field 7` past the header.
  private func field(_ column: Int) -> String {
    column < headers.count ? "column \(Diagnostic.quote(headers[column]))" : "field \(column + 1)"
  }

  /// Warns of ragged rows and invalid UTF-8 (the first ten of each) and of characters shown as U+FFFD (once).
  private mutating func warnAboutText(_ record: CSVRecord, file: String, diagnostics: inout [Diagnostic]) {
    let location = SourceLocation(file: file, line: record.line)
    if record.count != headers.count, raggedWarnings < 10 {
      raggedWarnings += 1
      diagnostics.append(
        Diagnostic(
          .warning, location,
          "has \(record.count) fields, the header has \(headers.count); missing cells are left blank"))
    }
    if invalidTextWarnings < 10, let bad = (0..<record.count).first(where: { record.string($0) == nil }) {
      invalidTextWarnings += 1
      diagnostics.append(
        Diagnostic(
          .warning, location, field: bad < headers.count ? field(bad) : nil,
          "is not valid UTF-8; shown as \u{FFFD}"))
    }
    if !warnedUnrenderable, let (column, scalar) = ReportCSVImporter.firstUnrenderable(in: record) {
      warnedUnrenderable = true
      diagnostics.append(
        Diagnostic(.warning, location, field: field(column), UnrenderableText.warning(for: scalar.value)))
    }
  }

  /// Reads `cell` as a number of `column`, learning the separator; a cell that is none makes the column text.
  private mutating func addNumber(_ cell: ArraySlice<UInt8>, column: Int) {
    if !separatorIsKnown,
      case .shows(let shown) = GroupedNumber.separatorEvidence(cell, maxFractionDigits: 18)
    {
      separator = shown
      separatorIsKnown = true
      // What was summed with "." may have meant thousands: those columns are not totalled.
      if shown == UInt8(ascii: ",") {
        for index in readBeforeKnown.indices where readBeforeKnown[index] { numeric[index] = false }
      }
    }
    var value = read(cell)
    if value == nil, let mark = CurrencyMark(cell) {
      // An amount with its currency (`€1.50`, `1.234,50 €`) is read as the orders importer reads prices.
      value = read(mark.amount[...])
      if marks[column] == nil {
        marks[column] = mark.text
      } else if marks[column] != mark.text {
        mixedMarks[column] = true
      }
    }
    guard let found = value else {
      numeric[column] = false
      return
    }
    guard let number = found else { return }
    guard let sum = sums[column].adding(number) else {
      numeric[column] = false
      return
    }
    // Identifiers are written as plain integers (no decimals, no currency) that never repeat;
    // past 50,000 distinct values a column counts as identifiers without tracking more.
    if distinct[column] != nil, distinct[column]!.count < 50_000 {
      let plain = cell.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x20 || $0 == 0x2D }
      if !plain || !distinct[column]!.insert(number.units).inserted { distinct[column] = nil }
    }
    seenNumber[column] = true
    sums[column] = sum
    fractionDigits[column] = max(
      fractionDigits[column], DecimalAlignment.fractionDigits(cell, separator: separator))
    if !separatorIsKnown, cell.contains(UInt8(ascii: ".")) || cell.contains(UInt8(ascii: ",")) {
      readBeforeKnown[column] = true
    }
  }

  /// `cell` as a number: `.some(nil)` when blank, nil when it is no number.
  private func read(_ cell: ArraySlice<UInt8>) -> ExactDecimal?? {
    switch ExactDecimal.parse(cell, decimalSeparator: separator) {
    case .success(let plain): return plain
    case .failure(.empty): return .some(nil)
    case .failure:
      guard
        let grouped = GroupedNumber(
          cell, decimalSeparator: separatorIsKnown ? separator : nil, maxFractionDigits: 18)
      else { return nil }
      return grouped.value
    }
  }

  /// The report's columns: numeric or text, totalled by `totals` (auto: measures, not identifiers).
  func columns(totals: ReportCSVImporter.Totals, chosen: Set<Int>) -> [ReportColumn] {
    headers.indices.map { index in
      let isNumber = numeric[index] && seenNumber[index]
      let totalled: Bool
      switch totals {
      case .none: totalled = false
      case .columns: totalled = isNumber && chosen.contains(index)
      case .auto:
        // Identifiers are numbers too, but adding them up means nothing.
        let allDistinctIntegers = rows >= 10 && distinct[index] != nil
        totalled =
          isNumber && !mixedMarks[index] && !ReportCSVImporter.isIdentifierName(headers[index])
          && !allDistinctIntegers
      }
      var column = ReportColumn(
        title: headers[index], isNumeric: isNumber, isTotalled: totalled,
        keepsValuesWhole: isNumber || (compact[index] && rows > 0))
      if isNumber {
        column.fractionDigits = fractionDigits[index]
        column.decimalSeparator = Character(UnicodeScalar(separator))
      }
      return column
    }
  }

  /// The footer: each totalled column's sum written the way the file writes its numbers, with its currency mark.
  func footer(_ columns: [ReportColumn]) -> [String]? {
    guard columns.contains(where: \.isTotalled), rows > 0 else { return nil }
    return columns.indices.map { index in
      guard columns[index].isTotalled else { return "" }
      var total = sums[index].description
      if separator == UInt8(ascii: ",") { total = total.replacingOccurrences(of: ".", with: ",") }
      guard let mark = marks[index] else { return total }
      return mark.allSatisfy(\.isLetter) ? "\(mark) \(total)" : mark + total
    }
  }
}
