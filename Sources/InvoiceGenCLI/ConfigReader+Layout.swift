import DataModel
import Foundation
import Layouts
import PageKit

/// The config's `layout` section: what the built-in invoice and report layouts print, without Swift.
extension ConfigReader {
  /// The keys of `layout`, with what each does (the README's config reference is checked against them).
  static let layoutKeys: [(key: String, summary: String)] = [
    ("fields", "extra rows of the details block: `{\"label\": {…}, \"field\": NAME, \"format\": …}`"),
    ("itemColumns", "`hide` built-in item columns, `add` columns from item fields, `hideEmpty`"),
    ("blocks", "the body's blocks in order; blocks not listed are left out"),
    ("footer", "one to three footer columns, each a text per language with `{placeholders}`"),
    ("title", "the title per document kind (`invoice`, `credit-note`) and language"),
    ("labels", "labels per language (an object of label keys, or the path of such a JSON file)"),
    ("logo", "where the logo sits: `leading` (default), `trailing` or `none`"),
    ("report", "`title`, `subtitle`, `footer` and `logo` of reports"),
  ]

  /// Reads `layout` into the invoice settings, and the fields it prints into the import options.
  mutating func readLayout(_ layout: JSONValue, into config: inout Config) {
    let fields = members(layout, "$.layout", known: Self.layoutKeys.map(\.key))
    var result = LayoutConfiguration()
    result.inputDateFormat = config.importOptions.dateFormat
    if let list = fields["fields"] { result.fields = readFields(list, into: &config) }
    if let columns = fields["itemColumns"] { readItemColumns(columns, into: &result, &config) }
    if let blocks = fields["blocks"] { result.blocks = readBlocks(blocks) }
    if let footer = fields["footer"] { result.footer = readFooter(footer, "$.layout.footer", into: &config) }
    if let title = fields["title"] { readTitles(title, into: &result) }
    if let labels = fields["labels"] { result.labels = readLabels(labels) }
    if let logo = fields["logo"] { result.logoPosition = readLogoPosition(logo, "$.layout.logo") ?? .leading }
    if let report = fields["report"] { config.reportCustomization = readReport(report, into: &config) }
    result.labels.byLanguage.merge(config.reportCustomization.labels.byLanguage) { own, _ in own }
    config.reportCustomization.labels = result.labels
    config.invoiceSettings.layout = result
  }

  /// Notes that the layout prints `name` at `value`: the importers read it, and an input without it is an error.
  mutating func requireField(
    _ name: String, _ value: JSONValue, _ path: String, item: Bool, _ config: inout Config
  ) {
    let location = location(value)
    if item {
      if !config.importOptions.customItemFields.contains(name) {
        config.importOptions.customItemFields.append(name)
      }
    } else if !config.importOptions.customFields.contains(name) {
      config.importOptions.customFields.append(name)
    }
    config.importOptions.customFieldOrigins[name] = "\(location), \(path)"
  }

  /// The elements of an array at `path`, or an error.
  mutating func elements(_ value: JSONValue, _ path: String) -> [JSONValue] {
    guard case .array(let items) = value.kind else {
      error(value, path, "expected an array, found \(value.kindName)")
      return []
    }
    return items
  }

  /// `layout.fields`: rows of the details block.
  mutating func readFields(_ value: JSONValue, into config: inout Config) -> [CustomField] {
    var result: [CustomField] = []
    for (index, element) in elements(value, "$.layout.fields").enumerated() {
      let path = "$.layout.fields[\(index)]"
      let parts = members(element, path, known: ["label", "field", "format"])
      guard let name = requiredName(parts["field"], element, "\(path).field") else { continue }
      let label = localizedText(parts["label"], "\(path).label") ?? LocalizedText(name)
      let format = readFormat(parts["format"], "\(path).format") ?? .text
      requireField(name, parts["field"]!, "\(path).field", item: false, &config)
      result.append(CustomField(label: label, field: name, format: format))
    }
    return result
  }

  /// A field name that must be there and not be empty.
  mutating func requiredName(_ value: JSONValue?, _ parent: JSONValue, _ path: String) -> String? {
    guard let value else {
      let parentPath = path.split(separator: ".").dropLast().joined(separator: ".")
      error(parent, parentPath, "the key \"field\" is missing")
      return nil
    }
    guard let name = string(value, path) else { return nil }
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
      error(value, path, "is empty")
      return nil
    }
    return name
  }

  /// A field format: text, number, money or date.
  mutating func readFormat(_ value: JSONValue?, _ path: String) -> FieldFormat? {
    guard let name = string(value, path) else { return nil }
    if let format = FieldFormat(rawValue: name) { return format }
    error(
      value!, path, "\(Diagnostic.quote(name)) is not a format",
      hint: "use " + FieldFormat.allCases.map(\.rawValue).joined(separator: ", "))
    return nil
  }

  /// `layout.itemColumns`: columns hidden, added, and whether empty ones are left out.
  mutating func readItemColumns(
    _ value: JSONValue, into layout: inout LayoutConfiguration, _ config: inout Config
  ) {
    let parts = members(value, "$.layout.itemColumns", known: ["hide", "add", "hideEmpty"])
    if let hide = parts["hide"] {
      for (index, element) in elements(hide, "$.layout.itemColumns.hide").enumerated() {
        let path = "$.layout.itemColumns.hide[\(index)]"
        guard let name = string(element, path) else { continue }
        if let column = ItemColumn(rawValue: name), ItemColumn.hideable.contains(column) {
          layout.hiddenColumns.insert(column)
        } else {
          let names = ItemColumn.hideable.map(\.rawValue)
          error(
            element, path, "\(Diagnostic.quote(name)) is not a column that can be hidden",
            hint: Spelling.closest(to: name, in: names, within: 3).map { "did you mean \"\($0)\"?" }
              ?? "use " + names.joined(separator: ", "))
        }
      }
    }
    if let flag = parts["hideEmpty"] {
      if case .bool(let on) = flag.kind {
        layout.hidesEmptyColumns = on
      } else {
        error(flag, "$.layout.itemColumns.hideEmpty", "expected true or false, found \(flag.kindName)")
      }
    }
    if let add = parts["add"] { layout.addedColumns = readAddedColumns(add, &config) }
  }

  /// `layout.itemColumns.add`: columns from item fields, each after a column it names.
  mutating func readAddedColumns(_ value: JSONValue, _ config: inout Config) -> [AddedColumn] {
    var result: [AddedColumn] = []
    for (index, element) in elements(value, "$.layout.itemColumns.add").enumerated() {
      let path = "$.layout.itemColumns.add[\(index)]"
      let parts = members(element, path, known: ["label", "field", "after", "format", "align"])
      guard let name = requiredName(parts["field"], element, "\(path).field") else { continue }
      let label = localizedText(parts["label"], "\(path).label") ?? LocalizedText(name)
      let format = readFormat(parts["format"], "\(path).format") ?? .text
      var after = string(parts["after"], "\(path).after")
      let known = ItemColumn.allCases.map(\.rawValue) + result.map(\.field)
      if let named = after, !known.contains(named) {
        error(
          parts["after"]!, "\(path).after", "\(Diagnostic.quote(named)) is not a column before it",
          hint: Spelling.closest(to: named, in: known, within: 3).map { "did you mean \"\($0)\"?" }
            ?? "use " + known.joined(separator: ", "))
        after = nil
      }
      var trailing: Bool?
      if let align = string(parts["align"], "\(path).align") {
        switch align {
        case "leading", "left": trailing = false
        case "trailing", "right": trailing = true
        default:
          error(
            parts["align"]!, "\(path).align", "\(Diagnostic.quote(align)) is not an alignment",
            hint: "use leading or trailing")
        }
      }
      requireField(name, parts["field"]!, "\(path).field", item: true, &config)
      result.append(AddedColumn(label: label, field: name, after: after, format: format, trailing: trailing))
    }
    return result
  }

  /// `layout.blocks`: the body's blocks in order, each at most once.
  mutating func readBlocks(_ value: JSONValue) -> [InvoiceBlock] {
    var result: [InvoiceBlock] = []
    for (index, element) in elements(value, "$.layout.blocks").enumerated() {
      let path = "$.layout.blocks[\(index)]"
      guard let name = string(element, path) else { continue }
      guard let block = InvoiceBlock(rawValue: name) else {
        let names = InvoiceBlock.allCases.map(\.rawValue)
        error(
          element, path, "\(Diagnostic.quote(name)) is not a block",
          hint: Spelling.closest(to: name, in: names, within: 3).map { "did you mean \"\($0)\"?" }
            ?? "use " + names.joined(separator: ", "))
        continue
      }
      if result.contains(block) {
        error(element, path, "\(Diagnostic.quote(name)) is listed twice")
        continue
      }
      result.append(block)
    }
    return result
  }

  /// A footer: one to three texts per language whose placeholders are known.
  mutating func readFooter(_ value: JSONValue, _ path: String, into config: inout Config) -> [LocalizedText] {
    var list = [value]
    var isArray = false
    if case .array(let items) = value.kind {
      list = items
      isArray = true
    }
    if list.isEmpty || list.count > 3 {
      error(value, path, "expected one to three footer columns, found \(list.count)")
    }
    var result: [LocalizedText] = []
    for (index, element) in list.prefix(3).enumerated() {
      let itemPath = !isArray ? path : "\(path)[\(index)]"
      guard let text = localizedText(element, itemPath) else { continue }
      for variant in text.variants {
        for name in FooterTemplate.names(in: variant.text) {
          if let problem = FooterTemplate.problem(name) {
            error(
              element, itemPath, problem,
              hint: "use " + FooterTemplate.placeholders.map { "{\($0)}" }.joined(separator: ", ")
                + " or {field.NAME}")
          } else if name.hasPrefix("field.") {
            requireField(String(name.dropFirst(6)), element, itemPath, item: false, &config)
          }
        }
      }
      result.append(text)
    }
    return result
  }

  /// `layout.title`: the title per document kind.
  mutating func readTitles(_ value: JSONValue, into layout: inout LayoutConfiguration) {
    let parts = members(value, "$.layout.title", known: DocumentKind.allCases.map(\.rawValue))
    for kind in DocumentKind.allCases {
      if let text = localizedText(parts[kind.rawValue], "$.layout.title.\(kind.rawValue)") {
        layout.titles[kind] = text
      }
    }
  }

  /// `layout.labels`: per language tag, an object of labels or the path of a JSON file of them.
  mutating func readLabels(_ value: JSONValue) -> CustomLabels {
    guard case .object(let languages) = value.kind else {
      error(value, "$.layout.labels", "expected an object of labels by language, found \(value.kindName)")
      return CustomLabels()
    }
    var result: [String: [StringKey: String]] = [:]
    for (tag, member) in languages {
      let path = "$.layout.labels.\(tag)"
      if let problem = LocaleTag.problem(tag) {
        error(member, path, "\(Diagnostic.quote(tag)) is not a language tag: it \(problem)")
        continue
      }
      if case .string(let file) = member.kind {
        labelFiles.append(resolve(file))
        let labels = LabelFile(path: resolve(file))
        for diagnostic in labels.diagnostics { walker.add(diagnostic) }
        result[tag] = labels.labels
      } else {
        result[tag] = LabelFile.read(member, path, walker: &walker)
      }
    }
    return CustomLabels(result)
  }

  /// Where the logo sits.
  mutating func readLogoPosition(_ value: JSONValue, _ path: String) -> LogoPosition? {
    guard let name = string(value, path) else { return nil }
    if let position = LogoPosition(rawValue: name) { return position }
    error(
      value, path, "\(Diagnostic.quote(name)) is not a logo position",
      hint: "use " + LogoPosition.allCases.map(\.rawValue).joined(separator: ", "))
    return nil
  }

  /// `layout.report`: the title, subtitle, footer and logo of reports.
  mutating func readReport(_ value: JSONValue, into config: inout Config) -> ReportCustomization {
    let parts = members(value, "$.layout.report", known: ["title", "subtitle", "footer", "logo"])
    var result = ReportCustomization()
    result.title = localizedText(parts["title"], "$.layout.report.title")
    result.subtitle = localizedText(parts["subtitle"], "$.layout.report.subtitle")
    if let footer = parts["footer"], let text = localizedText(footer, "$.layout.report.footer") {
      for variant in text.variants {
        for name in FooterTemplate.names(in: variant.text)
        where !ReportCustomization.placeholders.contains(name) {
          error(
            footer, "$.layout.report.footer", "{\(name)} is not a placeholder of reports",
            hint: "use " + ReportCustomization.placeholders.map { "{\($0)}" }.joined(separator: ", "))
        }
      }
      result.footer = text
    }
    if let logo = parts["logo"] {
      result.logoPosition = readLogoPosition(logo, "$.layout.report.logo") ?? .none
    }
    return result
  }
}
