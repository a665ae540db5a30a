import DataModel
import Foundation
import PageKit

/// The built-in `report` layout: a title block, sections with headings (bookmarks), paragraphs,
/// metric cards, paginated tables and vector charts, with "Page N of M" in the footer.
public enum ReportLayout {
  /// The most columns a report table holds before its cells become too narrow to read, on landscape paper.
  public static let legibleColumns = 24

  /// What a person should know about how `report` will look (tables too wide to read well).
  public static func warnings(for report: Report) -> [String] {
    report.sections.flatMap(\.blocks).compactMap { block -> String? in
      guard case .table(let table) = block, table.columns.count > legibleColumns else { return nil }
      return
        "a table has \(table.columns.count) columns; a landscape page shows about \(legibleColumns) legibly, so they will be cramped (export only the columns the report needs)"
    }
  }

  public static func document(for report: Report, brand: Brand, defaultLocale: String = "en", creator: String)
    -> PreparedDocument
  {
    let locale = Locale(identifier: report.locale ?? defaultLocale)
    let strings = StringTable(locale: locale)
    // Wide tables get the paper turned, so that their columns stay readable.
    let widest =
      report.sections.flatMap(\.blocks).map { block -> Int in
        if case .table(let table) = block { return table.columns.count }
        return 0
      }.max() ?? 0
    let paper = widest > ReportTableView.portraitColumns ? brand.paper.landscape : brand.paper
    let document = Document(
      title: report.title, author: report.author, subject: report.subtitle, keywords: [strings(.report)],
      creator: creator
    ) {
      Page(size: paper, margins: EdgeInsets(top: 36, leading: 44, bottom: 32, trailing: 44)) {
        VStack(alignment: .leading, spacing: 4) {
          Text(report.title).font(brand.font(22, weight: .bold)).foregroundColor(brand.accentColor)
          if let subtitle = report.subtitle { Text(subtitle).font(brand.font(12)) }
          let byline = [report.author, report.date].compactMap { $0 }.joined(separator: " · ")
          if !byline.isEmpty { Text(byline).foregroundColor(Color(white: 0.45)) }
        }
        .padding(.bottom, 8)
        ForEach(Array(report.sections.enumerated()), id: \.offset) { _, section in
          Section(title: section.heading) {
            // A section named like the report (a CSV's one table) does not repeat the title under it.
            if section.heading != report.title {
              Text(section.heading).font(brand.font(14, weight: .bold)).foregroundColor(brand.accentColor)
                .padding(.top, 8).keepWithNext()
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
        Text(strings(.pageOfCount, String(page.pageNumber), String(page.pageCount)))
          .font(brand.font(7.5)).foregroundColor(Color(white: 0.45)).frame(maxWidth: .infinity)
      }
    }
    return PreparedDocument(
      document: document, environment: documentEnvironment(locale: locale, brand: brand))
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
    case .pageBreak:
      PageBreak()
    case .metrics(let metrics):
      MetricCards(metrics: metrics, brand: brand)
    case .table(let table):
      ReportTableView(table: table, brand: brand, strings: strings)
    case .chart(let chart):
      ChartView(chart: chart, brand: brand).keepTogether()
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
        let color: Color =
          metric.trend > 0
          ? Color(red: 0.1, green: 0.55, blue: 0.25)
          : metric.trend < 0 ? Color(red: 0.8, green: 0.15, blue: 0.15) : Color(white: 0.4)
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

  var body: some View {
    // Columns whose input said nothing: numbers align to the trailing edge, every column fits its content.
    let columns = table.columns.map { column -> TableColumn in
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
    var footer = table.footer
    if table.footerIsTotal, footer?.first?.isEmpty == true, table.columns.first?.isTotalled == false {
      footer?[0] = strings(.total)
    }
    let source = table.rows
    var style = TableStyle()
    style.headerBackground = brand.accentColor.opacity(0.12)
    return Table(
      columns: columns,
      rows: TableRows {
        let cursor = try source.makeCursor()
        return { try cursor.next() }
      },
      footer: footer.map { [$0] } ?? []
    )
    .tableStyle(style)
    .font(brand.font(ReportTableView.fontSize(columns: table.columns.count)))
  }
}
