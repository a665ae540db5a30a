import Foundation

/// The columns of an orders CSV, from its header: which field each column holds, found by name, alias or the config's mapping.
struct OrdersCSVHeader {
  /// The header as written, per column.
  var headers: [String] = []
  /// The field of each column, or nil for unknown columns.
  var fieldOfColumn: [OrderField?] = []
  /// The column of each field, when present.
  var columnOf = ColumnIndex()
  /// The invoice-level columns present, with their field.
  var levelColumns: [(column: Int, field: OrderField)] = []
  /// `column "Name"` for each column, made once for messages.
  var columnNames: [String] = []

  /// The columns of the header `record`, or the file's errors when it cannot be used (its warnings either way).
  static func read(_ record: CSVRecord, options: ImportOptions, file: String) -> (
    header: OrdersCSVHeader?, diagnostics: [Diagnostic]
  ) {
    var columns = OrdersCSVHeader()
    var diagnostics: [Diagnostic] = []
    func fileError(line: Int?, _ message: String, hint: String?) {
      diagnostics.append(Diagnostic(.error, SourceLocation(file: file, line: line), message, hint: hint))
    }
    if record.bytes.starts(with: [0xFF, 0xFE]) || record.bytes.starts(with: [0xFE, 0xFF]) {
      fileError(
        line: 1, "the file is UTF-16 encoded",
        hint: "save it as \"CSV UTF-8\" (in Excel: Save As → CSV UTF-8)")
      return (nil, diagnostics)
    }
    // Columns the config maps to null are never read, whatever their name matches.
    let ignored = Set(options.ignoredColumns.map(OrderField.normalize))
    var mapping: [String: OrderField] = [:]
    for (from, to) in options.columns {
      guard let field = OrderField(header: to) else {
        fileError(
          line: nil,
          "the columns mapping maps \(Diagnostic.quote(from)) to \(Diagnostic.quote(to)), which is not a column",
          hint: OrderField.suggestion(for: to).map { "did you mean \"\($0.rawValue)\"?" })
        return (nil, diagnostics)
      }
      mapping[OrderField.normalize(from)] = field
    }
    for index in 0..<record.count {
      guard let header = record.string(index) else {
        fileError(line: record.line, "the header is not valid UTF-8", hint: "export the file as UTF-8")
        return (nil, diagnostics)
      }
      let trimmed = header.trimmingSpaces
      columns.headers.append(trimmed)
      let field =
        ignored.contains(OrderField.normalize(trimmed))
        ? nil : mapping[OrderField.normalize(trimmed)] ?? OrderField(header: trimmed)
      if let field {
        if let earlier = columns.columnOf[field] {
          fileError(
            line: record.line,
            "columns \(Diagnostic.quote(columns.headers[earlier])) and \(Diagnostic.quote(trimmed)) both mean \(field.rawValue)",
            hint: "remove or rename one of them")
          return (nil, diagnostics)
        }
        columns.columnOf[field] = index
      }
      columns.fieldOfColumn.append(field)
    }
    // Other names common exports use fill only the fields no column names exactly.
    for (index, header) in columns.headers.enumerated() where columns.fieldOfColumn[index] == nil {
      if !ignored.contains(OrderField.normalize(header)), let field = OrderField(alias: header),
        columns.columnOf[field] == nil
      {
        columns.columnOf[field] = index
        columns.fieldOfColumn[index] = field
      }
    }
    for (index, header) in columns.headers.enumerated() {
      if let field = columns.fieldOfColumn[index] {
        if !field.isItemField && field != .invoiceNumber { columns.levelColumns.append((index, field)) }
      } else if !header.isEmpty, !ignored.contains(OrderField.normalize(header)) {
        let hint = OrderField.suggestion(for: header).map { "did you mean \"\($0.rawValue)\"?" }
        diagnostics.append(
          Diagnostic(
            .warning, SourceLocation(file: file, line: record.line),
            field: "column \(Diagnostic.quote(header))",
            "unknown column, ignored",
            hint: hint ?? "map it in the config's \"columns\" if it holds one of ours"))
      }
    }
    columns.columnNames = columns.headers.map { "column \(Diagnostic.quote($0))" }
    // With defaults.customerName, a file may have no customer name column at all.
    let missing = OrderField.required.filter {
      columns.columnOf[$0] == nil && !($0 == .customerName && options.defaultCustomerName != nil)
    }
    if !missing.isEmpty {
      let names = missing.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      let unknown = columns.headers.enumerated().filter { columns.fieldOfColumn[$0.offset] == nil }.map(
        \.element)
      var hint = "the header must name the columns; map other names in the config's \"columns\""
      if let first = missing.first,
        let close = unknown.first(where: { OrderField.suggestion(for: $0) == first })
      {
        hint =
          "did you mean \(Diagnostic.quote(close)) for \"\(first.rawValue)\"? map it in the config's \"columns\""
      }
      fileError(
        line: record.line, "missing required column\(missing.count > 1 ? "s" : "") \(names)", hint: hint)
      return (nil, diagnostics)
    }
    return (columns, diagnostics)
  }
}
