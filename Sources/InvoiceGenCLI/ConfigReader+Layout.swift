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
    (
      "blocks",
      "the body's blocks in order; blocks not listed are left out (`amount-due` is added only where named)"
    ),
    (
      "footerStyle",
      "`size` of the footer's type in points (default 7.5) and `widths`, one relative width per column"
    ),
    (
      "images",
      "pictures besides the logo (a seal): `{\"file\": …, \"place\": …, \"width\": MM}`, in the `letterhead`, `footer` or beside the `totals`"
    ),
    ("options", "a layout package's own settings (any JSON object; the built-in layout ignores it)"),
    ("hideZeroTax", "`true`: a tax line of zero is left out of the totals"),
    (
      "footer",
      "one to three footer columns, each a text per language with `{placeholders}`, or a link `{\"link\": URL, \"text\": …}`"
    ),
    ("title", "the title per document kind (`invoice`, `credit-note`) and language"),
    ("labels", "labels per language (an object of label keys, or the path of such a JSON file)"),
    ("logo", "where the logo sits: `leading` (default), `trailing` or `none`"),
    (
      "dateStyle",
      "how dates are written: `numeric` (12.03.2026), `abbreviated` (default, 12 Mar 2026) or `long`"
    ),
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
    if let footer = fields["footer"] { readFooter(footer, "$.layout.footer", into: &result, &config) }
    if let title = fields["title"] { readTitles(title, into: &result, &config) }
    if let labels = fields["labels"] { result.labels = readLabels(labels) }
    if let logo = fields["logo"] { result.logoPosition = readLogoPosition(logo, "$.layout.logo") ?? .leading }
    if let style = fields["footerStyle"] {
      readFooterStyle(style, columns: result.footer.count, into: &result)
    }
    if let images = fields["images"] { result.images = readImages(images) }
    if let options = fields["options"] { result.options = readOptions(options) }
    if let flag = fields["hideZeroTax"] { result.hidesZeroTax = bool(flag, "$.layout.hideZeroTax") ?? false }
    if let style = fields["dateStyle"] { result.dateStyle = readDateStyle(style) ?? .abbreviated }
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
      let parts = members(element, path, known: ["label", "field", "format", "text"])
      guard let name = requiredName(parts["field"], element, "\(path).field") else { continue }
      let label = templateText(parts["label"], "\(path).label", into: &config) ?? LocalizedText(name)
      let format = readFormat(parts["format"], "\(path).format") ?? .text
      let text = templateText(parts["text"], "\(path).text", into: &config)
      if text != nil, format != .link {
        error(
          parts["text"]!, "\(path).text", "only a field of the link format has a text",
          hint: "add \"format\": \"link\"")
      }
      requireField(name, parts["field"]!, "\(path).field", item: false, &config)
      result.append(CustomField(label: label, field: name, format: format, text: text))
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
      let parts = members(element, path, known: ["label", "field", "after", "format", "align", "under"])
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
      var under: ItemColumn?
      if let place = string(parts["under"], "\(path).under") {
        if place == ItemColumn.description.rawValue {
          under = .description
        } else {
          error(
            parts["under"]!, "\(path).under", "\(Diagnostic.quote(place)) is not a column details go under",
            hint: "use description")
        }
      }
      requireField(name, parts["field"]!, "\(path).field", item: true, &config)
      result.append(
        AddedColumn(label: label, field: name, after: after, format: format, trailing: trailing, under: under)
      )
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

  /// A footer: one to three columns, each a text per language whose placeholders are known, or a link.
  mutating func readFooter(
    _ value: JSONValue, _ path: String, into layout: inout LayoutConfiguration, _ config: inout Config
  ) {
    if case .null = value.kind {
      // As `fields: null` is: a footer is left out by leaving the key out.
      error(value, path, "expected one to three footer columns, found null")
      return
    }
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
    var links: [LocalizedText?] = []
    for (index, element) in list.prefix(3).enumerated() {
      let itemPath = !isArray ? path : "\(path)[\(index)]"
      if let link = readFooterLink(element, itemPath, into: &config) {
        result.append(link.text)
        links.append(link.address)
      } else if let text = templateText(element, itemPath, allowsPage: true, into: &config) {
        result.append(text)
        links.append(nil)
      }
    }
    layout.footer = result
    layout.footerLinks = links.contains { $0 != nil } ? links : []
  }

  /// A footer column that is a link: `{"link": "https://pay.example/{invoice.number}", "text": {…}}`
  /// (the text defaults to the address); nil for a column of text.
  mutating func readFooterLink(_ value: JSONValue, _ path: String, into config: inout Config) -> (
    text: LocalizedText, address: LocalizedText
  )? {
    guard case .object(let members) = value.kind, members.contains(where: { $0.key == "link" }) else {
      return nil
    }
    let parts = self.members(value, path, known: ["link", "text"])
    guard let address = templateText(parts["link"], "\(path).link", allowsPage: true, into: &config) else {
      return nil
    }
    let text = templateText(parts["text"], "\(path).text", allowsPage: true, into: &config) ?? address
    return (text, address)
  }

  /// `layout.title`: the title per document kind.
  mutating func readTitles(_ value: JSONValue, into layout: inout LayoutConfiguration, _ config: inout Config)
  {
    let parts = members(value, "$.layout.title", known: DocumentKind.allCases.map(\.rawValue))
    for kind in DocumentKind.allCases {
      if let text = templateText(parts[kind.rawValue], "$.layout.title.\(kind.rawValue)", into: &config) {
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

  /// `layout.footerStyle`: the type size (4 to 14 points) and one relative width per footer column.
  mutating func readFooterStyle(_ value: JSONValue, columns: Int, into layout: inout LayoutConfiguration) {
    let path = "$.layout.footerStyle"
    let parts = members(value, path, known: ["size", "widths"])
    if let size = parts["size"] {
      if case .number(let text) = size.kind, let points = Double(text), (4...14).contains(points) {
        layout.footerSize = points
      } else {
        error(size, "\(path).size", "expected a type size in points from 4 to 14, such as 8")
      }
    }
    guard let widths = parts["widths"] else { return }
    var weights: [Double] = []
    for (index, element) in elements(widths, "\(path).widths").enumerated() {
      if case .number(let text) = element.kind, let weight = Double(text), weight > 0, weight <= 100 {
        weights.append(weight)
      } else {
        error(element, "\(path).widths[\(index)]", "expected a relative width above 0, such as 1 or 1.4")
      }
    }
    guard weights.count == columns else {
      error(
        widths, "\(path).widths", "expected one width per footer column (\(columns)), found \(weights.count)")
      return
    }
    layout.footerWidths = weights
  }

  /// A flag: true or false.
  mutating func bool(_ value: JSONValue, _ path: String) -> Bool? {
    if case .bool(let on) = value.kind { return on }
    error(value, path, "expected true or false, found \(value.kindName)")
    return nil
  }

  /// `layout.dateStyle`: numeric, abbreviated or long.
  mutating func readDateStyle(_ value: JSONValue) -> DateStyle? {
    guard let name = string(value, "$.layout.dateStyle") else { return nil }
    if let style = DateStyle(rawValue: name) { return style }
    error(
      value, "$.layout.dateStyle", "\(Diagnostic.quote(name)) is not a date style",
      hint: "use " + DateStyle.allCases.map(\.rawValue).joined(separator: ", "))
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
