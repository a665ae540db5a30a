import Foundation

/// A report read from an input, or nothing, with every problem found.
public struct ReportImport: Sendable {
  public var report: Report?
  public var diagnostics: [Diagnostic]

  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Turns any CSV with a header into a one-table report titled with the file name.
///
/// A first read counts the rows, finds the columns whose every non-blank value is a number (they
/// are right-aligned and totalled exactly in the footer) and checks the text; the rows themselves
/// are read again from the file when the report is drawn, so a 400,000-row file is never held.
public struct ReportCSVImporter {
  public var delimiter: UInt8?
  /// `.` or `,`, or nil to learn it from the file's first number that can only be read one way.
  public var decimalSeparator: UInt8?

  /// What the file at `path` is when its first bytes show it is not CSV text ("XML", "a PDF file", "binary data"), else nil.
  static func notCSV(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 4096), !head.isEmpty else { return nil }
    var bytes = [UInt8](head)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    if text.starts(with: Array("%PDF".utf8)) { return "a PDF file" }
    if text.first == UInt8(ascii: "<") { return "XML or HTML" }
    // UTF-16 text is named by the reader with its own advice; other NUL bytes are binary data.
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return nil }
    if bytes.contains(0) { return "binary data" }
    return nil
  }

  /// Which columns the footer totals.
  public enum Totals: Hashable, Sendable {
    /// Numeric columns that are measures: not identifiers (by name, or integers that are all distinct).
    case auto
    /// No footer.
    case none
    /// These columns, by name (any case) or 1-based position.
    case columns([String])
  }

  /// Which columns are totalled.
  public var totals = Totals.auto
  /// The columns to show, in this order (names, any case, or 1-based positions); nil for all.
  public var columns: [String]?
  /// Columns not to show (names or positions).
  public var excludedColumns: [String] = []
  /// The columns repeated in every group of a table too wide for one page; nil for the first.
  public var keyColumns: [String]?

  /// The position in `headers` of each of `names` (a name, any case, or a 1-based position), or the first that names none.
  static func positions(of names: [String], in headers: [String]) -> (positions: [Int], unknown: String?) {
    var found: [Int] = []
    for name in names {
      if let position = Int(name), (1...headers.count).contains(position) {
        found.append(position - 1)
      } else if let index = headers.firstIndex(where: { $0.lowercased() == name.lowercased() }) {
        found.append(index)
      } else {
        return (found, name)
      }
    }
    return (found, nil)
  }

  /// Words in a column name that make it an identifier, not a quantity to add up.
  static let identifierWords: Set<String> = [
    "id", "code", "number", "no", "nr", "num", "zip", "postcode", "postal", "plz", "phone", "tel",
    "telephone",
    "fax", "account", "sku", "ean", "upc", "gtin", "isbn", "iban", "ref", "reference",
  ]

  /// Whether the column named `header` holds identifiers: one of its words (split at spaces, punctuation
  /// and camel case: `CustomerID`, `Postal Code`, `invoice_no`) is an identifier word.
  /// The first cell of `record` holding a noncharacter or a control character, and that character.
  static func firstUnrenderable(in record: CSVRecord) -> (column: Int, scalar: Unicode.Scalar)? {
    let suspect = record.bytes.contains { byte in
      byte < 0x20 ? byte != 0x09 && byte != 0x0A && byte != 0x0D : byte == 0x7F || byte >= 0xC2
    }
    guard suspect else { return nil }
    for column in 0..<record.count {
      if let text = record.string(column), let scalar = UnrenderableText.first(in: text) {
        return (column, scalar)
      }
    }
    return nil
  }

  static func isIdentifierName(_ header: String) -> Bool {
    var words: [String] = []
    var word = ""
    var previousIsLower = false
    for character in header {
      if !character.isLetter {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else if character.isUppercase, previousIsLower {
        words.append(word)
        word = String(character)
      } else {
        word.append(character)
      }
      previousIsLower = character.isLowercase
    }
    if !word.isEmpty { words.append(word) }
    return words.contains { identifierWords.contains($0.lowercased()) }
  }

  public init(delimiter: UInt8? = nil, decimalSeparator: UInt8? = nil) {
    self.delimiter = delimiter
    self.decimalSeparator = decimalSeparator
  }

  public func importFile(_ path: String, name: String? = nil, title: String? = nil) -> ReportImport {
    let shown = name ?? path
    var diagnostics: [Diagnostic] = []
    if let kind = ReportCSVImporter.notCSV(path) {
      return ReportImport(
        report: nil,
        diagnostics: [
          Diagnostic(
            .error, SourceLocation(file: shown, line: 1), "is \(kind), not CSV",
            hint: "give a CSV file with a header line, or report JSON")
        ])
    }
    do {
      let reader = try CSVReader(path: path, name: shown, delimiter: delimiter)
      var record = CSVRecord()
      guard try reader.next(into: &record) else {
        return ReportImport(
          report: nil,
          diagnostics: [
            Diagnostic(
              .error, SourceLocation(file: shown, line: nil), "the file is empty",
              hint: "the first line must name the columns")
          ])
      }
      guard (0..<record.count).allSatisfy({ record.string($0) != nil }) else {
        return ReportImport(
          report: nil,
          diagnostics: [
            Diagnostic(
              .error, SourceLocation(file: shown, line: record.line), "the header is not valid UTF-8",
              hint: "export the file as UTF-8 CSV")
          ])
      }
      let headers = (0..<record.count).map { record.string($0)!.trimmingSpaces }
      var invalidTextWarnings = 0
      var warnedUnrenderable = false
      var numeric = [Bool](repeating: true, count: headers.count)
      var seenNumber = [Bool](repeating: false, count: headers.count)
      var sums = [ExactDecimal](repeating: .zero, count: headers.count)
      var rows = 0
      var raggedWarnings = 0
      var separator = decimalSeparator ?? UInt8(ascii: ".")
      var separatorIsKnown = decimalSeparator != nil
      // Columns that summed a number like "1.234" before the file showed its separator.
      var readBeforeKnown = [Bool](repeating: false, count: headers.count)
      // The currency mark of each column's amounts (`€1.50`), and whether two marks were mixed.
      var marks = [String?](repeating: nil, count: headers.count)
      var mixedMarks = [Bool](repeating: false, count: headers.count)
      // The integer values of each column while they are all distinct (identifiers such as customer numbers).
      var distinct = [Set<Int128>?](repeating: [], count: headers.count)
      // Whether every value of a column is one short word (a date, a code): such values must not wrap.
      var compact = [Bool](repeating: true, count: headers.count)
      while try reader.next(into: &record) {
        rows += 1
        if let (column, length) = record.clippedLengths.min(by: { $0.key < $1.key }) {
          let field =
            column < headers.count ? "column \(Diagnostic.quote(headers[column]))" : "field \(column + 1)"
          return ReportImport(
            report: nil,
            diagnostics: diagnostics + [
              Diagnostic(
                .error, SourceLocation(file: shown, line: record.line), field: field,
                "is \(length) bytes long; a report cell may have at most \(CSVReader.maxFieldBytes >> 20) MiB",
                hint: "a quoted field may be missing its closing quote")
            ])
        }
        if record.count != headers.count, raggedWarnings < 10 {
          raggedWarnings += 1
          diagnostics.append(
            Diagnostic(
              .warning, SourceLocation(file: shown, line: record.line),
              "has \(record.count) fields, the header has \(headers.count); missing cells are left blank"))
        }
        if invalidTextWarnings < 10, let bad = (0..<record.count).first(where: { record.string($0) == nil }) {
          invalidTextWarnings += 1
          diagnostics.append(
            Diagnostic(
              .warning, SourceLocation(file: shown, line: record.line),
              field: bad < headers.count ? "column \(Diagnostic.quote(headers[bad]))" : nil,
              "is not valid UTF-8; shown as \u{FFFD}"))
        }
        if !warnedUnrenderable, let (column, scalar) = ReportCSVImporter.firstUnrenderable(in: record) {
          warnedUnrenderable = true
          diagnostics.append(
            Diagnostic(
              .warning, SourceLocation(file: shown, line: record.line),
              field: column < headers.count
                ? "column \(Diagnostic.quote(headers[column]))" : "field \(column + 1)",
              UnrenderableText.warning(for: scalar.value)))
        }
        for column in 0..<min(record.count, headers.count) where compact[column] {
          let range = record.range(column)
          if range.count > 24 || record.bytes[range].contains(0x20) { compact[column] = false }
        }
        for column in 0..<min(record.count, headers.count) where numeric[column] {
          let cell = record.bytes[record.range(column)]
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
          func read(_ cell: ArraySlice<UInt8>) -> ExactDecimal?? {
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
            continue
          }
          guard let value = found else { continue }
          guard let sum = sums[column].adding(value) else {
            numeric[column] = false
            continue
          }
          // Identifiers are written as plain integers (no decimals, no currency) that never repeat;
          // past 50,000 distinct values a column counts as identifiers without tracking more.
          if distinct[column] != nil, distinct[column]!.count < 50_000 {
            let plain = cell.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x20 || $0 == 0x2D }
            if !plain || !distinct[column]!.insert(value.units).inserted { distinct[column] = nil }
          }
          seenNumber[column] = true
          sums[column] = sum
          if !separatorIsKnown, cell.contains(UInt8(ascii: ".")) || cell.contains(UInt8(ascii: ",")) {
            readBeforeKnown[column] = true
          }
        }
      }
      if rows == 0 {
        diagnostics.append(
          Diagnostic(.warning, SourceLocation(file: shown, line: nil), "has a header but no rows"))
      }
      var totalledByChoice: Set<Int> = []
      if case .columns(let chosen) = totals {
        let (found, unknown) = ReportCSVImporter.positions(of: chosen, in: headers)
        if let unknown {
          return ReportImport(
            report: nil,
            diagnostics: diagnostics + [
              Diagnostic(
                .error, SourceLocation(file: shown, line: 1),
                "--totals: no column \(Diagnostic.quote(unknown))",
                hint: Spelling.closest(to: unknown, in: headers, within: 3).map {
                  "did you mean \(Diagnostic.quote($0))?"
                })
            ])
        }
        totalledByChoice = Set(found)
      }
      let columns = headers.indices.map { index in
        let isNumber = numeric[index] && seenNumber[index]
        let totalled: Bool
        switch totals {
        case .none: totalled = false
        case .columns:
          totalled = isNumber && totalledByChoice.contains(index)
        case .auto:
          // Identifiers are numbers too, but adding them up means nothing.
          let allDistinctIntegers = rows >= 10 && distinct[index] != nil
          totalled =
            isNumber && !mixedMarks[index] && !ReportCSVImporter.isIdentifierName(headers[index])
            && !allDistinctIntegers
        }
        return ReportColumn(
          title: headers[index], isNumeric: isNumber, isTotalled: totalled,
          keepsValuesWhole: isNumber || (compact[index] && rows > 0))
      }
      var footer: [String]?
      if columns.contains(where: \.isTotalled), rows > 0 {
        // Totals are written the way the file writes its numbers, with the column's currency mark.
        footer = columns.indices.map { index in
          guard columns[index].isTotalled else { return "" }
          var total = sums[index].description
          if separator == UInt8(ascii: ",") { total = total.replacingOccurrences(of: ".", with: ",") }
          guard let mark = marks[index] else { return total }
          return mark.allSatisfy(\.isLetter) ? "\(mark) \(total)" : mark + total
        }
      }
      // The columns shown: chosen and ordered by --columns, less --exclude-columns.
      var shownColumns = Array(headers.indices)
      var keys: [Int] = []
      for (option, names) in [
        ("--columns", self.columns ?? []), ("--exclude-columns", excludedColumns),
        ("--key-columns", keyColumns ?? []),
      ] {
        let (found, unknown) = ReportCSVImporter.positions(of: names, in: headers)
        if let unknown {
          let close = Spelling.closest(to: unknown, in: headers, within: 3)
          return ReportImport(
            report: nil,
            diagnostics: diagnostics + [
              Diagnostic(
                .error, SourceLocation(file: shown, line: 1),
                "\(option): no column \(Diagnostic.quote(unknown))",
                hint: close.map { "did you mean \(Diagnostic.quote($0))?" }
                  ?? "give a column's name or its position (1 to \(headers.count))")
            ])
        }
        if option == "--columns", self.columns != nil { shownColumns = found }
        if option == "--exclude-columns" { shownColumns.removeAll(where: found.contains) }
        if option == "--key-columns" { keys = found }
      }
      let shownReportColumns = shownColumns.map { columns[$0] }
      let shownFooter = footer.map { cells in shownColumns.map { cells[$0] } }
      let keyColumns = keys.compactMap { shownColumns.firstIndex(of: $0) }
      let source = CSVRowSource(
        path: path, name: shown, delimiter: reader.delimiter, columnCount: headers.count, count: rows,
        columns: shownColumns.count == headers.count && shownColumns == Array(headers.indices)
          ? nil : shownColumns)
      let base = URL(fileURLWithPath: shown).deletingPathExtension().lastPathComponent
      let report = Report(
        title: title ?? base,
        sections: [
          ReportSection(
            heading: title ?? base,
            blocks: [
              .table(
                ReportTable(
                  columns: shownReportColumns, rows: source, footer: shownFooter,
                  footerIsTotal: shownFooter != nil,
                  keyColumns: keyColumns.isEmpty ? [0] : keyColumns))
            ])
        ])
      return ReportImport(report: report, diagnostics: diagnostics)
    } catch {
      return ReportImport(report: nil, diagnostics: diagnostics + [error.diagnostic])
    }
  }
}
