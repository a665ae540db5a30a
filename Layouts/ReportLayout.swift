import DataModel
import Foundation
import PageKit

/// The built-in `report` layout: a title block, sections with headings (bookmarks), paragraphs,
/// metric cards, paginated tables and vector charts, with "Page N of M" in the footer.
public enum ReportLayout {
  /// The most columns a report table holds before it is printed in groups of columns, on landscape paper.
  public static let legibleColumns = 24

  /// What a person should know about how `report` will look (tables printed in groups of columns).
  public static func warnings(for report: Report) -> [String] {
    report.sections.flatMap(\.blocks).compactMap { block -> String? in
      guard case .table(let table) = block, table.columns.count > legibleColumns else { return nil }
      let size = ReportTableView.columnsPerGroup - 1
      let groups = (table.columns.count - 1 + size - 1) / size
      return
        "a table has \(table.columns.count) columns, more than a landscape page shows legibly (about \(legibleColumns)): it is printed in \(groups) groups of columns, each with the first column (export only the columns the report needs for fewer pages)"
    }
  }

  public static func document(
    for report: Report, brand: Brand, defaultLocale: String = Issuer.fallbackLocale, creator: String,
    customization: ReportCustomization = ReportCustomization()
  )
    -> PreparedDocument
  {
    let locale = Locale(identifier: report.locale ?? defaultLocale)
    let strings = StringTable(locale: locale, custom: customization.labels)
    let report = customization.applied(to: report, defaultLocale: defaultLocale)
    let footer = customization.footer?.text(for: report.locale ?? defaultLocale, defaultLocale: defaultLocale)
    let digits = DocumentFormatter.forCurrentThread(locale: locale)
    // Wide tables get the paper turned, so that their columns stay readable.
    let widest =
      report.sections.flatMap(\.blocks).map { block -> Int in
        if case .table(let table) = block { return table.columns.count }
        return 0
      }.max() ?? 0
    let portrait = brand.paper(locale: locale)
    let paper = widest > ReportTableView.portraitColumns ? portrait.landscape : portrait
    let document = Document(
      title: report.title, author: report.author, subject: report.subtitle, keywords: [strings(.report)],
      creator: creator
    ) {
      Page(size: paper, margins: EdgeInsets(top: 36, leading: 44, bottom: 32, trailing: 44)) {
        titleBlock(report, brand: brand, logo: customization.logoPosition)
        ForEach(Array(report.sections.enumerated()), id: \.offset) { _, section in
          Section(title: section.heading) {
            // A section named like the report (a CSV's one table) does not repeat the title under it.
            if section.heading != report.title {
              Text(section.heading).font(brand.font(14, weight: .bold)).foregroundColor(brand.accentColor)
                .accessibilityHeading(.h2).padding(.top, 8).keepWithNext()
            }
            ForEach(Array(section.blocks.enumerated()), id: \.offset) { _, block in
              ReportBlockView(block: block, brand: brand, strings: strings)
            }
          }
        }
      }
      .header { page in
        HStack {
          // Page 1 shows the title in large type below; the running header repeats it from page 2.
          Text(page.pageNumber == 1 ? " " : report.title).bold()
          Spacer()
          Text(page.sectionTitle == report.title ? "" : page.sectionTitle ?? "")
        }
        .font(brand.font(7.5))
        .foregroundColor(Color(white: 0.45))
      }
      .footer { page in
        footerView(footer, report, customization, page: page, strings: strings, digits: digits).font(
          brand.font(7.5)
        )
        .foregroundColor(Color(white: 0.45))
      }
    }
    return PreparedDocument(
      document: document, environment: documentEnvironment(locale: locale, brand: brand))
  }
}

extension ReportLayout {
  /// The logo (when `layout.report.logo` places it), the title, the subtitle and the byline.
  @ViewBuilder
  static func titleBlock(_ report: Report, brand: Brand, logo position: LogoPosition) -> some View {
    if let logo = brand.logo, position != .none {
      let alignment: Alignment = position == .trailing ? .trailing : .leading
      Image(file: logo).resizable().scaledToFit()
        .frame(width: 140, height: 40, alignment: alignment)
        .frame(maxWidth: .infinity, alignment: alignment)
        .accessibilityLabel(report.author ?? "Logo")
        .padding(.bottom, 6)
    }
    VStack(alignment: .leading, spacing: 4) {
      Text(report.title).font(brand.font(22, weight: .bold)).foregroundColor(brand.accentColor)
        .accessibilityHeading(.h1)
      if let subtitle = report.subtitle { Text(subtitle).font(brand.font(12)) }
      let byline = [report.author, report.date].compactMap { $0 }.joined(separator: " · ")
      if !byline.isEmpty { Text(byline).foregroundColor(Color(white: 0.45)) }
    }
    .padding(.bottom, 8)
  }

  /// "Page N of M", after the config's footer text when it gives one (and it does not print the page itself).
  @ViewBuilder
  static func footerView(
    _ footer: String?, _ report: Report, _ customization: ReportCustomization, page: PageContext,
    strings: StringTable, digits: DocumentFormatter
  ) -> some View {
    let pageOfCount = strings(.pageOfCount, digits.integer(page.pageNumber), digits.integer(page.pageCount))
    if let footer {
      HStack(alignment: .top) {
        Text(
          customization.fill(
            footer, report: report, page: page.pageNumber, pages: page.pageCount, digits: digits)
        )
        .lineLimit(2)
        if !FooterTemplate.showsPage(footer) {
          Spacer()
          Text(pageOfCount).fixedSize()
        }
      }
    } else {
      Text(pageOfCount).frame(maxWidth: .infinity)
    }
  }
}

/// One block of a report section.
struct ReportBlockView: View {
  let block: ReportBlock
  let brand: Brand
  let strings: StringTable

  var body: some View {
    switch block {
    case .paragraph(let text):
      Text(text).lineSpacing(1.5)
    case .runs(let runs):
      runs.reduce(Text("")) { paragraph, run in
        paragraph + (run.bold ? Text(run.text).bold() : Text(run.text))
      }
      .lineSpacing(1.5)
    case .pageBreak:
      PageBreak()
    case .metrics(let metrics):
      MetricCards(metrics: metrics, brand: brand)
    case .table(let table):
      ReportTableView(table: table, brand: brand, strings: strings)
    case .chart(let chart):
      ChartView(chart: chart, brand: brand).keepTogether()
    case .preformatted(let text):
      Text(text).font(.custom("DejaVu Sans Mono", size: 7)).lineSpacing(0.5)
        .padding(6).frame(maxWidth: .infinity, alignment: .leading)
        .background(Color(white: 0.95))
    case .keptTogether(let blocks):
      VStack(alignment: .leading, spacing: 4) {
        ForEach(Array(blocks.enumerated()), id: \.offset) { _, block in
          ReportBlockView(block: block, brand: brand, strings: strings)
        }
      }
      .keepTogether()
    }
  }
}

/// Metric cards, four to a row: label, value, and the change coloured by direction.
struct MetricCards: View {
  let metrics: [ReportMetric]
  let brand: Brand

  var body: some View {
    let rows = stride(from: 0, to: metrics.count, by: 4).map {
      Array(metrics[$0..<min($0 + 4, metrics.count)])
    }
    VStack(alignment: .leading, spacing: 8) {
      ForEach(Array(rows.enumerated()), id: \.offset) { _, row in
        HStack(alignment: .top, spacing: 8) {
          ForEach(Array(row.enumerated()), id: \.offset) { _, metric in card(metric) }
        }
      }
    }
    .keepTogether()
  }

  func card(_ metric: ReportMetric) -> some View {
    VStack(alignment: .leading, spacing: 3) {
      Text(metric.label).font(brand.font(8)).foregroundColor(Color(white: 0.4))
      Text(metric.value).font(brand.font(17, weight: .bold))
      if let change = metric.change {
        let good = metric.lowerIsBetter ? -metric.trend : metric.trend
        let color: Color =
          good > 0
          ? Color(red: 0.1, green: 0.55, blue: 0.25)
          : good < 0 ? Color(red: 0.8, green: 0.15, blue: 0.15) : Color(white: 0.4)
        let arrow = metric.trend > 0 ? "▲ " : metric.trend < 0 ? "▼ " : ""
        Text(arrow + change).font(brand.font(8, weight: .semibold)).foregroundColor(color)
      }
    }
    .padding(10)
    .frame(maxWidth: .infinity, alignment: .leading)
    .background { RoundedRectangle(cornerRadius: 6).fill(brand.accentColor.opacity(0.07)) }
  }
}

/// A report table: its rows are read from the source's cursor once per pagination pass.
struct ReportTableView: View {
  let table: ReportTable
  let brand: Brand
  let strings: StringTable

  /// The most columns a table has before the report's pages turn to landscape.
  static let portraitColumns = 7

  /// The text size for a table of `count` columns: smaller as columns narrow, never below 6 pt.
  static func fontSize(columns count: Int) -> CGFloat {
    switch count {
    case ...portraitColumns: return 9.5
    case ...12: return 8
    case ...18: return 7
    default: return 6
    }
  }

  /// The most columns one printed table holds; wider tables print in groups, like a spreadsheet's pages.
  static let columnsPerGroup = 10

  var body: some View {
    let count = table.columns.count
    if count <= ReportTableView.columnsPerGroup {
      return AnyView(part(columns: Array(0..<count)))
    }
    // Column groups one after another, each repeating the key columns (the first unless chosen) so
    // its rows can be told apart.
    let keys = table.keyColumns.filter { $0 >= 0 && $0 < count }
    let others = (0..<count).filter { !keys.contains($0) }
    let size = max(1, ReportTableView.columnsPerGroup - keys.count)
    let groups = stride(from: 0, to: others.count, by: size).map {
      Array(others[$0..<min($0 + size, others.count)])
    }
    return AnyView(
      VStack(alignment: .leading, spacing: 10) {
        ForEach(Array(groups.enumerated()), id: \.offset) { _, group in
          Text(strings(.columnsOfCount, String(group.first! + 1), String(group.last! + 1), String(count)))
            .font(brand.font(8, weight: .bold)).foregroundColor(Color(white: 0.45)).keepWithNext()
          part(columns: keys + group)
        }
      })
  }

  /// The table of the columns at `indexes` (all of them, or one group).
  private func part(columns indexes: [Int]) -> some View {
    // Columns whose input said nothing: numbers align to the trailing edge, every column fits its content.
    let columns = indexes.map { index -> TableColumn in
      let column = table.columns[index]
      let width: TableColumn.Width
      switch column.width ?? .fit {
      case .points(let points): width = .fixed(CGFloat(points))
      case .fraction(let share): width = .fraction(CGFloat(share))
      case .fit: width = .fit
      }
      let alignment: TextAlignment
      switch column.alignment ?? (column.isNumeric ? .trailing : .leading) {
      case .leading: alignment = .leading
      case .center: alignment = .center
      case .trailing: alignment = .trailing
      }
      return TableColumn(column.title, width: width, alignment: alignment, wraps: !column.keepsValuesWhole)
    }
    var footer = table.footer.map { cells in indexes.map { $0 < cells.count ? cells[$0] : "" } }
    if table.footerIsTotal, footer?.first?.isEmpty == true, table.columns.first?.isTotalled == false {
      footer?[0] = strings(.total)
    }
    if footer?.allSatisfy({ $0.isEmpty || $0 == strings(.total) }) == true { footer = nil }
    let source = table.rows
    let all = indexes.count == table.columns.count
    // Number columns aligned on the trailing edge line up on their decimal separators.
    let aligned: [(position: Int, digits: Int, separator: Character)] = indexes.enumerated().compactMap {
      position, index in
      let column = table.columns[index]
      guard column.isNumeric, columns[position].alignment == .trailing, let digits = column.fractionDigits,
        digits > 0
      else { return nil }
      return (position, digits, column.decimalSeparator)
    }
    if var cells = footer {
      for (position, digits, separator) in aligned where position < cells.count {
        cells[position] = DecimalAlignment.pad(cells[position], to: digits, separator: separator)
      }
      footer = cells
    }
    var style = TableStyle()
    style.headerBackground = brand.accentColor.opacity(0.12)
    return Table(
      columns: columns,
      rows: TableRows {
        let cursor = try source.makeCursor()
        return {
          guard let row = try cursor.next() else { return nil }
          var cells = all ? row : indexes.map { $0 < row.count ? row[$0] : "" }
          for (position, digits, separator) in aligned where position < cells.count {
            cells[position] = DecimalAlignment.pad(cells[position], to: digits, separator: separator)
          }
          return cells
        }
      },
      footer: footer.map { [$0] } ?? []
    )
    .tableStyle(style)
    // Tabular digits: numbers of a column line up digit under digit.
    .font(brand.font(ReportTableView.fontSize(columns: indexes.count)).monospacedDigit())
  }
}
