import Foundation

/// A report read from an input, or nothing, with every problem found.
public struct ReportImport: Sendable {
  public var report: Report?
  public var diagnostics: [Diagnostic]

  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  /// What stops an import, with the diagnostics found until then.
  struct Failure: Error {
    var diagnostics: [Diagnostic]
  }

  /// An import that found nothing usable: one error at `line` of `file`.
  static func failure(_ file: String, line: Int?, _ message: String, hint: String?) -> ReportImport {
    ReportImport(
      report: nil,
      diagnostics: [Diagnostic(.error, SourceLocation(file: file, line: line), message, hint: hint)])
  }
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

  /// Whether the column named `header` holds identifiers: one of its words (split at spaces, punctuation
  /// and camel case: `CustomerID`, `Postal Code`, `invoice_no`) is an identifier word.
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
      return ReportImport.failure(
        shown, line: 1, "is \(kind), not CSV", hint: "give a CSV file with a header line, or report JSON")
    }
    do {
      let reader = try CSVReader(path: path, name: shown, delimiter: delimiter)
      var record = CSVRecord()
      guard try reader.next(into: &record) else {
        return ReportImport.failure(
          shown, line: nil, "the file is empty", hint: "the first line must name the columns")
      }
      guard (0..<record.count).allSatisfy({ record.string($0) != nil }) else {
        return ReportImport.failure(
          shown, line: record.line, "the header is not valid UTF-8", hint: "export the file as UTF-8 CSV")
      }
      let headers = (0..<record.count).map { record.string($0)!.trimmingSpaces }
      var scan = ReportColumnScan(headers: headers, decimalSeparator: decimalSeparator)
      while try reader.next(into: &record) {
        if let failure = scan.add(record, file: shown, diagnostics: &diagnostics) {
          return ReportImport(report: nil, diagnostics: diagnostics + [failure])
        }
      }
      if scan.rows == 0 {
        diagnostics.append(
          Diagnostic(.warning, SourceLocation(file: shown, line: nil), "has a header but no rows"))
      }
      return try report(
        scan, path: path, shown: shown, delimiter: reader.delimiter, title: title, diagnostics: diagnostics)
    } catch let error as CSVError {
      return ReportImport(report: nil, diagnostics: diagnostics + [error.diagnostic])
    } catch let failure as ReportImport.Failure {
      return ReportImport(report: nil, diagnostics: failure.diagnostics)
    } catch {
      return ReportImport(report: nil, diagnostics: diagnostics)
    }
  }

  /// The one-table report of what `scan` learned, with the columns chosen, ordered and totalled as asked.
  private func report(
    _ scan: ReportColumnScan, path: String, shown: String, delimiter: UInt8, title: String?,
    diagnostics: [Diagnostic]
  ) throws(ReportImport.Failure) -> ReportImport {
    let headers = scan.headers
    var totalledByChoice: Set<Int> = []
    if case .columns(let chosen) = totals {
      totalledByChoice = Set(try positions("--totals", chosen, headers, shown, diagnostics))
    }
    let columns = scan.columns(totals: totals, chosen: totalledByChoice)
    let footer = scan.footer(columns)
    // The columns shown: chosen and ordered by --columns, less --exclude-columns.
    var shownColumns = Array(headers.indices)
    if let chosen = self.columns {
      shownColumns = try positions("--columns", chosen, headers, shown, diagnostics)
    }
    let excluded = try positions("--exclude-columns", excludedColumns, headers, shown, diagnostics)
    shownColumns.removeAll(where: excluded.contains)
    let keys = try positions("--key-columns", keyColumns ?? [], headers, shown, diagnostics)
    let keyColumns = keys.compactMap { shownColumns.firstIndex(of: $0) }
    let source = CSVRowSource(
      path: path, name: shown, delimiter: delimiter, columnCount: headers.count, count: scan.rows,
      columns: shownColumns == Array(headers.indices) ? nil : shownColumns)
    let base = URL(fileURLWithPath: shown).deletingPathExtension().lastPathComponent
    let shownFooter = footer.map { cells in shownColumns.map { cells[$0] } }
    let table = ReportTable(
      columns: shownColumns.map { columns[$0] }, rows: source, footer: shownFooter,
      footerIsTotal: shownFooter != nil, keyColumns: keyColumns.isEmpty ? [0] : keyColumns)
    let report = Report(
      title: title ?? base, sections: [ReportSection(heading: title ?? base, blocks: [.table(table)])])
    return ReportImport(report: report, diagnostics: diagnostics)
  }

  /// The positions in `headers` that the option's `names` give; a name that is none stops the import, with a did-you-mean.
  private func positions(
    _ option: String, _ names: [String], _ headers: [String], _ shown: String, _ diagnostics: [Diagnostic]
  ) throws(ReportImport.Failure) -> [Int] {
    let (found, unknown) = ReportCSVImporter.positions(of: names, in: headers)
    guard let unknown else { return found }
    let close = Spelling.closest(to: unknown, in: headers, within: 3).map {
      "did you mean \(Diagnostic.quote($0))?"
    }
    throw ReportImport.Failure(
      diagnostics: diagnostics + [
        Diagnostic(
          .error, SourceLocation(file: shown, line: 1), "\(option): no column \(Diagnostic.quote(unknown))",
          hint: option == "--totals"
            ? close : close ?? "give a column's name or its position (1 to \(headers.count))")
      ])
  }
}
