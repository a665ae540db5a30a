import Foundation

/// Reads report JSON: a title, optional subtitle, author, date and locale, and sections of typed blocks.
///
/// Blocks are `{"type":"paragraph","text":…}` (the text a string, or runs: `["plain ", {"text":"bold","bold":true}]`),
/// `{"type":"metrics","items":[{"label","value","change","better":"lower"|"higher"}]}`,
/// `{"type":"table","columns":[{"title","align","width"}],"rows":[[…]],"footer":[…]}`,
/// `{"type":"chart","kind":"bar"|"line","title","labels":[…],"series":[{"name","values":[…]}]}` and
/// `{"type":"pagebreak"}`.
public struct ReportJSONImporter {
  public init() {}

  public func importFile(_ path: String, name: String? = nil) -> ReportImport {
    let shown = name ?? (path == "-" ? "<stdin>" : path)
    switch InputFile.readText(path, name: shown, limit: InputLimits.jsonDocumentBytes, kind: "JSON") {
    case .success(let bytes): return importBytes(bytes, name: shown)
    case .failure(let diagnostic): return ReportImport(report: nil, diagnostics: [diagnostic])
    }
  }

  public func importBytes(_ bytes: [UInt8], name: String) -> ReportImport {
    do {
      let document = try JSONParser.parse(bytes)
      var reader = ReportJSONReader(file: name, document: document)
      let report = reader.read()
      let warning = document.unrenderableWarning(file: name).map { [$0] } ?? []
      return ReportImport(report: reader.failed ? nil : report, diagnostics: reader.diagnostics + warning)
    } catch {
      return ReportImport(
        report: nil,
        diagnostics: [
          Diagnostic(
            .error, SourceLocation(file: name, line: error.line, column: error.column), error.message)
        ])
    }
  }
}

/// The work of one report JSON import.
struct ReportJSONReader {
  var walker: JSONWalker

  init(file: String, document: JSONDocument) {
    walker = JSONWalker(file: file, document: document)
  }

  var diagnostics: [Diagnostic] { walker.diagnostics }
  var failed: Bool { walker.hasErrors }
  var document: JSONDocument { walker.document }

  mutating func error(_ value: JSONValue, _ path: String, _ message: String, hint: String? = nil) {
    walker.error(value, path, message, hint: hint)
  }

  mutating func warnUnknown(_ value: JSONValue, _ path: String, _ known: Set<String>) {
    walker.unknownKeys(value, path, known: known.sorted(), severity: .warning)
  }

  mutating func string(_ parent: JSONValue, _ key: String, _ path: String, required: Bool = false) -> String?
  {
    guard let value = parent[key] else {
      if required { error(parent, path, "the key \"\(key)\" is missing") }
      return nil
    }
    switch value.kind {
    case .string(let text): return text
    case .number(let text): return text
    case .null where !required: return nil
    default:
      error(value, "\(path).\(key)", "expected a string, found \(value.kindName)")
      return nil
    }
  }

  mutating func array(_ parent: JSONValue, _ key: String, _ path: String, required: Bool = true)
    -> [JSONValue]?
  {
    walker.array(parent, key, path, required: required)
  }

  func cellText(_ value: JSONValue) -> String? {
    switch value.kind {
    case .string(let text): return text
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return ""
    default: return nil
    }
  }

  mutating func read() -> Report? {
    let root = document.root
    guard case .object = root.kind else {
      error(root, "$", "expected a report object with a title and sections, found \(root.kindName)")
      return nil
    }
    warnUnknown(root, "$", ["title", "subtitle", "author", "date", "locale", "sections"])
    let title = string(root, "title", "$", required: true)
    var sections: [ReportSection] = []
    for (index, section) in (array(root, "sections", "$") ?? []).enumerated() {
      let path = "$.sections[\(index)]"
      guard case .object = section.kind else {
        error(section, path, "expected a section object, found \(section.kindName)")
        continue
      }
      warnUnknown(section, path, ["heading", "blocks"])
      let heading = string(section, "heading", path, required: true) ?? ""
      var blocks: [ReportBlock] = []
      for (blockIndex, block) in (array(section, "blocks", path) ?? []).enumerated() {
        if let read = readBlock(block, "\(path).blocks[\(blockIndex)]") { blocks.append(read) }
      }
      sections.append(ReportSection(heading: heading, blocks: blocks))
    }
    guard let title else { return nil }
    var locale = string(root, "locale", "$")
    if let tag = locale, let problem = LocaleTag.problem(tag) {
      error(
        root["locale"]!, "$.locale", "\(Diagnostic.quote(tag)) is not a locale: it \(problem)",
        hint: "use a BCP 47 tag such as de-DE, fr or zh-Hans")
      locale = nil
    }
    return Report(
      title: title, subtitle: string(root, "subtitle", "$"), author: string(root, "author", "$"),
      date: string(root, "date", "$"), locale: locale, sections: sections)
  }

  /// A paragraph's runs: strings, or `{"text": …, "bold": true}`.
  mutating func readRuns(_ items: [JSONValue], _ path: String) -> [ReportTextRun] {
    items.enumerated().compactMap { index, item in
      if case .string(let text) = item.kind { return ReportTextRun(text) }
      let itemPath = "\(path)[\(index)]"
      warnUnknown(item, itemPath, ["text", "bold"])
      guard let text = string(item, "text", itemPath, required: true) else { return nil }
      var bold = false
      if let flag = item["bold"] {
        if case .bool(let value) = flag.kind {
          bold = value
        } else {
          error(flag, "\(itemPath).bold", "expected true or false, found \(flag.kindName)")
        }
      }
      return ReportTextRun(text, bold: bold)
    }
  }

  mutating func readBlock(_ block: JSONValue, _ path: String) -> ReportBlock? {
    guard case .object = block.kind else {
      error(block, path, "expected a block object, found \(block.kindName)")
      return nil
    }
    guard let type = string(block, "type", path, required: true) else { return nil }
    switch type {
    case "paragraph":
      warnUnknown(block, path, ["type", "text"])
      if let runs = block["text"], case .array(let items) = runs.kind {
        return .runs(readRuns(items, "\(path).text"))
      }
      return string(block, "text", path, required: true).map { .paragraph($0) }
    case "pagebreak":
      return .pageBreak
    case "metrics":
      warnUnknown(block, path, ["type", "items"])
      var metrics: [ReportMetric] = []
      for (index, item) in (array(block, "items", path) ?? []).enumerated() {
        let itemPath = "\(path).items[\(index)]"
        warnUnknown(item, itemPath, ["label", "value", "change", "better"])
        guard let label = string(item, "label", itemPath, required: true),
          let value = string(item, "value", itemPath, required: true)
        else { continue }
        // "better": "lower" for failures, durations, costs: a fall is then green.
        var lowerIsBetter = false
        if let better = string(item, "better", itemPath) {
          switch better {
          case "lower": lowerIsBetter = true
          case "higher": lowerIsBetter = false
          default:
            error(
              item["better"]!, "\(itemPath).better", "\(Diagnostic.quote(better)) is not a direction",
              hint: "use lower or higher")
          }
        }
        metrics.append(
          ReportMetric(
            label: label, value: value, change: string(item, "change", itemPath), lowerIsBetter: lowerIsBetter
          ))
      }
      return .metrics(metrics)
    case "table":
      return readTable(block, path)
    case "chart":
      return readChart(block, path)
    default:
      error(
        block["type"]!, "\(path).type", "\(Diagnostic.quote(type)) is not a block type",
        hint: "use paragraph, metrics, table, chart or pagebreak")
      return nil
    }
  }

  mutating func readTable(_ block: JSONValue, _ path: String) -> ReportBlock? {
    warnUnknown(block, path, ["type", "columns", "rows", "footer"])
    var columns: [ReportColumn] = []
    for (index, column) in (array(block, "columns", path) ?? []).enumerated() {
      columns.append(readColumn(column, "\(path).columns[\(index)]"))
    }
    let rows = readRows(block, path, columnCount: columns.count)
    for index in columns.indices {
      let values = rows.compactMap { $0.indices.contains(index) ? $0[index] : nil }.filter { !$0.isEmpty }
      columns[index].isNumeric = !values.isEmpty && values.allSatisfy { ExactDecimal($0) != nil }
    }
    var footer: [String]?
    if let cells = array(block, "footer", path, required: false) {
      footer = cells.map { cellText($0) ?? "" }
      if footer!.count != columns.count {
        error(
          block["footer"]!, "\(path).footer",
          "has \(footer!.count) cells, the table has \(columns.count) columns")
      }
    }
    return .table(ReportTable(columns: columns, rows: ArrayRowSource(rows), footer: footer))
  }

  /// A table column: a title alone, or an object with title, align and width.
  mutating func readColumn(_ column: JSONValue, _ columnPath: String) -> ReportColumn {
    if case .string(let title) = column.kind {
      return ReportColumn(title: title, alignment: .leading, width: .fraction(1))
    }
    warnUnknown(column, columnPath, ["title", "align", "width"])
    let title = string(column, "title", columnPath, required: true) ?? ""
    var alignment = ReportColumn.Alignment.leading
    if let align = string(column, "align", columnPath) {
      switch align {
      case "left", "leading", "start": alignment = .leading
      case "right", "trailing", "end": alignment = .trailing
      case "center", "centre": alignment = .center
      default:
        error(
          column["align"]!, "\(columnPath).align", "\(Diagnostic.quote(align)) is not left, center or right")
      }
    }
    let width = column["width"].map { readColumnWidth($0, "\(columnPath).width") } ?? .fraction(1)
    return ReportColumn(title: title, alignment: alignment, width: width)
  }

  /// A column's width: points (120), a share ("2*") or "auto"; a share of 1 when it is none of these.
  mutating func readColumnWidth(_ given: JSONValue, _ widthPath: String) -> ReportColumn.Width {
    let fallback = ReportColumn.Width.fraction(1)
    switch given.kind {
    case .number(let text): return Double(text).map { .points($0) } ?? fallback
    case .string(let text) where text == "auto" || text == "fit": return .fit
    case .string(let text) where text.hasSuffix("*"):
      if let share = Double(text.dropLast().isEmpty ? "1" : String(text.dropLast())), share > 0 {
        return .fraction(share)
      }
      error(
        given, widthPath, "\(Diagnostic.quote(text)) is not a width",
        hint: "use points (120), a share (\"2*\") or \"auto\"")
    default: error(given, widthPath, "expected points, a share such as \"2*\", or \"auto\"")
    }
    return fallback
  }

  /// The table's rows as texts; a row of the wrong length or kind is an error and left out.
  mutating func readRows(_ block: JSONValue, _ path: String, columnCount: Int) -> [[String]] {
    var rows: [[String]] = []
    for (index, row) in (array(block, "rows", path) ?? []).enumerated() {
      guard case .array(let cells) = row.kind else {
        error(row, "\(path).rows[\(index)]", "expected an array of cells, found \(row.kindName)")
        continue
      }
      if cells.count != columnCount {
        error(row, "\(path).rows[\(index)]", "has \(cells.count) cells, the table has \(columnCount) columns")
        continue
      }
      var texts: [String] = []
      for (cellIndex, cell) in cells.enumerated() {
        guard let text = cellText(cell) else {
          error(
            cell, "\(path).rows[\(index)][\(cellIndex)]",
            "expected a string or a number, found \(cell.kindName)")
          continue
        }
        texts.append(text)
      }
      rows.append(texts)
    }
    return rows
  }

  mutating func readChart(_ block: JSONValue, _ path: String) -> ReportBlock? {
    warnUnknown(block, path, ["type", "kind", "title", "labels", "series"])
    let kindText = string(block, "kind", path) ?? "bar"
    guard let kind = ReportChart.Kind(rawValue: kindText) else {
      error(
        block["kind"] ?? block, "\(path).kind", "\(Diagnostic.quote(kindText)) is not a chart kind",
        hint: "use bar or line")
      return nil
    }
    let labels = (array(block, "labels", path) ?? []).map { cellText($0) ?? "" }
    var series: [ReportChart.Series] = []
    for (index, entry) in (array(block, "series", path) ?? []).enumerated() {
      let seriesPath = "\(path).series[\(index)]"
      warnUnknown(entry, seriesPath, ["name", "values"])
      let name = string(entry, "name", seriesPath) ?? "Series \(index + 1)"
      var values: [Double?] = []
      for (valueIndex, value) in (array(entry, "values", seriesPath) ?? []).enumerated() {
        switch value.kind {
        case .number(let text): values.append(Double(text))
        case .null: values.append(nil)
        default:
          error(
            value, "\(seriesPath).values[\(valueIndex)]", "expected a number or null, found \(value.kindName)"
          )
        }
      }
      if values.count != labels.count {
        error(entry, seriesPath, "has \(values.count) values for \(labels.count) labels")
      }
      series.append(ReportChart.Series(name: name, values: values))
    }
    if series.isEmpty { error(block, path, "a chart needs at least one series") }
    return .chart(
      ReportChart(kind: kind, title: string(block, "title", path), labels: labels, series: series))
  }
}
