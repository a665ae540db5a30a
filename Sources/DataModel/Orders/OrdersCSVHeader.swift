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
  /// The headers of the columns no field reads (unknown, private or mapped to null), for reconciliation hints.
  var unreadHeaders: [String] = []

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
        hint: "set csv.encoding to \"utf-16\" in the config, or save it as \"CSV UTF-8\"")
      return (nil, diagnostics)
    }
    // Columns the config maps to null are never read, whatever their name matches.
    let ignored = Set(options.ignoredColumns.map(OrderField.normalize))
    var mapping: [String: OrderField] = [:]
    for (from, to) in options.columns {
      guard let field = OrderField(mappedName: to) else {
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
        fileError(
          line: record.line, "the header is not valid UTF-8",
          hint: "export the file as UTF-8, or set csv.encoding in the config (such as \"windows-1252\")")
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
    var unknown: [String] = []
    for (index, header) in columns.headers.enumerated() {
      if let field = columns.fieldOfColumn[index] {
        if !field.isItemField && field != .invoiceNumber { columns.levelColumns.append((index, field)) }
      } else if !header.isEmpty {
        columns.unreadHeaders.append(header)
        if !ignored.contains(OrderField.normalize(header)) {
          let guess = OrderField.suggestion(for: header).map { " (did you mean \"\($0.rawValue)\"?)" } ?? ""
          unknown.append(Diagnostic.quote(header) + guess)
        }
      }
    }
    // One line for all of them: a shop export has dozens, and a nightly log should stay readable.
    if !unknown.isEmpty {
      let shown =
        unknown.count > 12
        ? unknown.prefix(12).joined(separator: ", ") + ", …"
        : unknown.joined(
          separator: ", ")
      diagnostics.append(
        Diagnostic(
          .warning, SourceLocation(file: file, line: record.line),
          "\(unknown.count) column\(unknown.count == 1 ? "" : "s") not read: \(shown)",
          hint:
            "map a column in the config's \"columns\" if it holds one of ours, or list it in \"private\" to silence this"
        ))
    }
    columns.columnNames = columns.headers.map { "column \(Diagnostic.quote($0))" }
    // With defaults.customerName, a file may have no customer name column at all.
    // A default name or first/last name columns stand in for the name; a line amount for the unit price.
    let missing = OrderField.required.filter {
      guard columns.columnOf[$0] == nil else { return false }
      switch $0 {
      case .customerName:
        return options.defaultCustomerName == nil && columns.columnOf[.customerFirstName] == nil
          && columns.columnOf[.customerLastName] == nil
      case .unitPrice: return columns.columnOf[.lineAmount] == nil
      default: return true
      }
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
