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
  /// The other columns an invoice-level field is read from, in order, when its own is blank (the
  /// config's lists: `"customer_name": ["Billing Name", "Shipping Name"]`).
  var backups: [OrderField: [Int]] = [:]
  /// The headers of the columns no field reads (unknown, private or mapped to null), for reconciliation hints.
  var unreadHeaders: [String] = []
  /// The columns of the config's custom invoice-level fields (`layout.fields`), by field name.
  var customColumns: [(name: String, column: Int)] = []
  /// The columns of the config's custom item fields (`layout.itemColumns.add`), by field name.
  var customItemColumns: [(name: String, column: Int)] = []

  /// The columns of the header `record`, or the file's errors when it cannot be used (its warnings either way).
  static func read(_ record: CSVRecord, options: ImportOptions, file: String) -> (
    header: OrdersCSVHeader?, diagnostics: [Diagnostic]
  ) {
    var diagnostics: [Diagnostic] = []
    do throws(Diagnostic) {
      if record.bytes.starts(with: [0xFF, 0xFE]) || record.bytes.starts(with: [0xFE, 0xFF]) {
        throw fileError(
          file, line: 1, "the file is UTF-16 encoded",
          hint: "set csv.encoding to \"utf-16\" in the config, or save it as \"CSV UTF-8\"")
      }
      try checkShape(record, file: file)
      // Columns the config maps to null are never read, whatever their name matches.
      let ignored = Set(options.ignoredColumns.map(OrderField.normalize))
      let mapping = try configuredMapping(options, file: file)
      var columns = try named(
        record, ignored: ignored, mapping: mapping, choices: try choices(options, file: file), file: file)
      columns.fillFromAliases(ignored: ignored)
      try columns.findCustomColumns(options, file: file, line: record.line)
      if let warning = columns.sortUnread(
        ignored: ignored, keeping: options.keepsEveryColumn, file: file, line: record.line)
      {
        diagnostics.append(warning)
      }
      columns.columnNames = columns.headers.map { "column \(Diagnostic.quote($0))" }
      try columns.checkRequired(options, file: file, line: record.line)
      return (columns, diagnostics)
    } catch {
      diagnostics.append(error)
      return (nil, diagnostics)
    }
  }

  /// Refuses a header longer than a record may be: its columns would be cut without a word.
  static func checkShape(_ record: CSVRecord, file: String) throws(Diagnostic) {
    if !record.clippedLengths.isEmpty {
      throw fileError(
        file, line: 1,
        "the header is longer than \(CSVReader.maxRecordBytes >> 20) MiB or has a column name over \(CSVReader.maxFieldBytes >> 20) MiB: no orders export has such a header",
        hint: "check that the file is a CSV export with one header line")
    }
  }

  /// An error about the whole file, at `line`.
  static func fileError(_ file: String, line: Int?, _ message: String, hint: String?) -> Diagnostic {
    Diagnostic(.error, SourceLocation(file: file, line: line), message, hint: hint)
  }

  /// The config's "columns" mapping by normalized header; an error names a target that is not a field.
  static func configuredMapping(_ options: ImportOptions, file: String) throws(Diagnostic) -> [String:
    OrderField]
  {
    var mapping: [String: OrderField] = [:]
    let custom = Set(options.customFields + options.customItemFields)
    for (from, to) in options.columns where !custom.contains(to) {
      guard let field = OrderField(mappedName: to) else {
        throw fileError(
          file, line: nil,
          "the columns mapping maps \(Diagnostic.quote(from)) to \(Diagnostic.quote(to)), which is not a column",
          hint: OrderField.suggestion(for: to).map { "did you mean \"\($0.rawValue)\"?" })
      }
      mapping[OrderField.normalize(from)] = field
    }
    return mapping
  }

  /// The config's lists of columns to try in order, as (field, rank) by normalized header; only
  /// invoice-level fields can have one.
  static func choices(_ options: ImportOptions, file: String) throws(Diagnostic) -> [String: (
    OrderField, Int
  )] {
    var choices: [String: (OrderField, Int)] = [:]
    for (target, list) in options.columnChoices {
      guard let field = OrderField(mappedName: target), !field.isItemField, field != .invoiceNumber else {
        throw fileError(
          file, line: nil,
          "the columns mapping lists columns for \(Diagnostic.quote(target)), which is not an invoice-level column",
          hint:
            "a list of columns to try in order works for customer and address columns, dates and references")
      }
      for (rank, name) in list.enumerated() { choices[OrderField.normalize(name)] = (field, rank) }
    }
    return choices
  }

  /// The header's columns with the fields their names (or the config's mapping) give; an error when a
  /// header is not UTF-8 or two columns mean one field.
  static func named(
    _ record: CSVRecord, ignored: Set<String>, mapping: [String: OrderField],
    choices: [String: (OrderField, Int)] = [:], file: String
  ) throws(Diagnostic) -> OrdersCSVHeader {
    var columns = OrdersCSVHeader()
    var chosen: [OrderField: [(rank: Int, column: Int)]] = [:]
    for index in 0..<record.count {
      guard let header = record.string(index) else {
        throw fileError(
          file, line: record.line, "the header is not valid UTF-8",
          hint: "export the file as UTF-8, or set csv.encoding in the config (such as \"windows-1252\")")
      }
      let trimmed = header.trimmingSpaces
      columns.headers.append(trimmed)
      if let (field, rank) = choices[OrderField.normalize(trimmed)],
        !ignored.contains(OrderField.normalize(trimmed))
      {
        chosen[field, default: []].append((rank, index))
        columns.fieldOfColumn.append(field)
        continue
      }
      let field =
        ignored.contains(OrderField.normalize(trimmed))
        ? nil : mapping[OrderField.normalize(trimmed)] ?? OrderField(header: trimmed)
      if let field {
        if let earlier = columns.columnOf[field] {
          throw fileError(
            file, line: record.line,
            "columns \(Diagnostic.quote(columns.headers[earlier])) and \(Diagnostic.quote(trimmed)) both mean \(field.rawValue)",
            hint: "remove or rename one of them")
        }
        columns.columnOf[field] = index
      }
      columns.fieldOfColumn.append(field)
    }
    columns.settle(chosen)
    return columns
  }

  /// Gives each field with a list of columns the first present one as its own and the rest as its backups.
  mutating func settle(_ chosen: [OrderField: [(rank: Int, column: Int)]]) {
    for (field, candidates) in chosen {
      let ordered = candidates.sorted { $0.rank < $1.rank }.map(\.column)
      // A list names the columns to use: it wins over a column whose name matches the field.
      if let own = columnOf[field], !ordered.contains(own) { fieldOfColumn[own] = nil }
      columnOf[field] = ordered[0]
      backups[field] = Array(ordered.dropFirst())
    }
  }

  /// Fills the fields no column names exactly from other names common exports use.
  mutating func fillFromAliases(ignored: Set<String>) {
    for (index, header) in headers.enumerated() where fieldOfColumn[index] == nil {
      if !ignored.contains(OrderField.normalize(header)), let field = OrderField(alias: header),
        columnOf[field] == nil
      {
        columnOf[field] = index
        fieldOfColumn[index] = field
      }
    }
  }

  /// Finds the column of each custom field the config's layout prints: one the `columns` mapping
  /// names so, one whose header is the name, or the built-in column of that name; an error names
  /// the field, where the config asks for it, and the file that lacks it.
  mutating func findCustomColumns(_ options: ImportOptions, file: String, line: Int) throws(Diagnostic) {
    func column(of name: String) -> Int? {
      let normalized = OrderField.normalize(name)
      if let mapped = headers.firstIndex(where: { options.columns[$0] == name }) { return mapped }
      if let named = headers.firstIndex(where: { OrderField.normalize($0) == normalized }) { return named }
      return OrderField(mappedName: name).flatMap { columnOf[$0] }
    }
    for (names, level) in [(options.customFields, true), (options.customItemFields, false)] {
      for name in names {
        guard let found = column(of: name) else {
          let origin = options.customFieldOrigins[name].map { " (\($0))" } ?? ""
          throw Self.fileError(
            file, line: line,
            "the config's layout prints the field \(Diagnostic.quote(name))\(origin), but \(file) has no such column",
            hint:
              "name a column of the header, or map one to \(Diagnostic.quote(name)) in the config's \"columns\""
          )
        }
        if level { customColumns.append((name, found)) } else { customItemColumns.append((name, found)) }
      }
    }
  }

  /// Sorts the columns into invoice-level ones and unread ones; a warning lists the unknown ones.
  ///
  /// With `keeping` (a layout of one's own), every other column that is not private reaches the
  /// layout under its header, in `Invoice.fields` (its first value) and in each `LineItem.fields`.
  mutating func sortUnread(ignored: Set<String>, keeping: Bool, file: String, line: Int) -> Diagnostic? {
    var unknown: [String] = []
    let custom = Set((customColumns + customItemColumns).map(\.column))
    for (index, header) in headers.enumerated() where !custom.contains(index) {
      if let field = fieldOfColumn[index] {
        if !field.isItemField && field != .invoiceNumber { levelColumns.append((index, field)) }
      } else if keeping, !header.isEmpty, !ignored.contains(OrderField.normalize(header)) {
        customColumns.append((header, index))
        customItemColumns.append((header, index))
      } else if !header.isEmpty {
        unreadHeaders.append(header)
        if !ignored.contains(OrderField.normalize(header)) {
          let guess = OrderField.suggestion(for: header).map { " (did you mean \"\($0.rawValue)\"?)" } ?? ""
          unknown.append(Diagnostic.quote(header) + guess)
        }
      }
    }
    guard !unknown.isEmpty else { return nil }
    // One line for all of them: a shop export has dozens, and a nightly log should stay readable.
    let shown =
      unknown.count > 12
      ? unknown.prefix(12).joined(separator: ", ") + ", …" : unknown.joined(separator: ", ")
    return Diagnostic(
      .warning, SourceLocation(file: file, line: line),
      "\(unknown.count) column\(unknown.count == 1 ? "" : "s") not read: \(shown)",
      hint:
        "map a column in the config's \"columns\" if it holds one of ours, or list it in \"private\" to silence this"
    )
  }

  /// An error naming the required columns the header lacks, with a guess at the closest unknown header.
  func checkRequired(_ options: ImportOptions, file: String, line: Int) throws(Diagnostic) {
    // With defaults.customerName, a file may have no customer name column at all.
    // A default name or first/last name columns stand in for the name; a line amount for the unit price.
    let missing = OrderField.required.filter {
      guard columnOf[$0] == nil else { return false }
      switch $0 {
      case .customerName:
        return options.defaultCustomerName == nil && columnOf[.customerFirstName] == nil
          && columnOf[.customerLastName] == nil
      case .unitPrice: return columnOf[.lineAmount] == nil
      default: return true
      }
    }
    guard !missing.isEmpty else { return }
    let names = missing.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    let unknown = headers.enumerated().filter { fieldOfColumn[$0.offset] == nil }.map(\.element)
    var hint = "the header must name the columns; map other names in the config's \"columns\""
    if let first = missing.first,
      let close = unknown.first(where: { OrderField.suggestion(for: $0) == first })
    {
      hint =
        "did you mean \(Diagnostic.quote(close)) for \"\(first.rawValue)\"? map it in the config's \"columns\""
    }
    throw Self.fileError(
      file, line: line, "missing required column\(missing.count > 1 ? "s" : "") \(names)", hint: hint)
  }
}
