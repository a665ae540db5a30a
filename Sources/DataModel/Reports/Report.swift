/// A report document: a title block and sections of paragraphs, metric cards, tables and charts.
public struct Report: Sendable {
  public var title: String
  public var subtitle: String?
  public var author: String?
  /// The report's date as written ("2026-11-29"), shown in the title block.
  public var date: String?
  /// The BCP 47 locale of the report, when the data names one.
  public var locale: String?
  public var sections: [ReportSection]

  public init(
    title: String, subtitle: String? = nil, author: String? = nil, date: String? = nil, locale: String? = nil,
    sections: [ReportSection]
  ) {
    self.title = title
    self.subtitle = subtitle
    self.author = author
    self.date = date
    self.locale = locale
    self.sections = sections
  }
}

/// A section of a report: a heading (a bookmark in the PDF) and its blocks.
public struct ReportSection: Sendable {
  public var heading: String
  public var blocks: [ReportBlock]

  public init(heading: String, blocks: [ReportBlock]) {
    self.heading = heading
    self.blocks = blocks
  }
}

/// One block of a report section.
public enum ReportBlock: Sendable {
  case paragraph(String)
  /// A paragraph of runs, some bold (a failing test's name before where it failed).
  case runs([ReportTextRun])
  case metrics([ReportMetric])
  case table(ReportTable)
  case chart(ReportChart)
  case pageBreak
  /// Text in a monospaced font, wrapped, its line breaks kept (a stack trace).
  case preformatted(String)
  /// Blocks kept together on one page where they fit (a failure with its output).
  case keptTogether([ReportBlock])
}

/// A piece of a paragraph in one weight.
public struct ReportTextRun: Sendable, Hashable {
  public var text: String
  public var bold: Bool

  public init(_ text: String, bold: Bool = false) {
    self.text = text
    self.bold = bold
  }
}

/// A metric card: a label, a value as shown, and an optional change ("+4.2%") coloured by its sign.
public struct ReportMetric: Hashable, Sendable {
  public var label: String
  public var value: String
  public var change: String?
  /// Whether a rise is bad news (failures, duration): the change is then coloured red when it goes up.
  public var lowerIsBetter: Bool

  public init(label: String, value: String, change: String? = nil, lowerIsBetter: Bool = false) {
    self.label = label
    self.value = value
    self.change = change
    self.lowerIsBetter = lowerIsBetter
  }

  /// Whether the change goes up (+1), down (−1) or neither (0), read from its sign.
  public var trend: Int {
    guard let first = change?.trimmingSpaces.first else { return 0 }
    if first == "-" || first == "−" { return -1 }
    if first == "+" { return 1 }
    return first.isNumber && change?.trimmingSpaces != "0" ? 1 : 0
  }
}

/// A column of a report table: its title, whether it holds numbers, and the alignment and width its input asked for.
///
/// A column whose input gives no alignment or width (any CSV) leaves them to the report layout,
/// which aligns numbers to the trailing edge and sizes columns to their content.
public struct ReportColumn: Hashable, Sendable {
  /// How a column's cells are aligned.
  public enum Alignment: String, Hashable, Sendable {
    case leading, center, trailing
  }

  /// How wide a column is: fixed points, a share of the rest (`2*`), or as wide as its content.
  public enum Width: Hashable, Sendable {
    case points(Double)
    case fraction(Double)
    case fit
  }

  public var title: String
  /// The alignment the input asked for, or nil to let the layout choose.
  public var alignment: Alignment?
  /// The width the input asked for, or nil to let the layout choose.
  public var width: Width?
  /// Whether every value in the column is a number (summable).
  public var isNumeric: Bool
  /// Whether the column is a measure whose total the footer shows (not an identifier such as a customer number).
  public var isTotalled: Bool
  /// Whether every value is short and has no space (a number, date, amount or code): it must not wrap.
  public var keepsValuesWhole: Bool
  /// For a number column: the most digits its values have after the decimal separator, so the layout
  /// can align them on the separator; nil when unknown.
  public var fractionDigits: Int?
  /// The decimal separator of a number column's values.
  public var decimalSeparator: Character = "."

  public init(
    title: String, alignment: Alignment? = nil, width: Width? = nil, isNumeric: Bool = false,
    isTotalled: Bool = false, keepsValuesWhole: Bool = false
  ) {
    self.isTotalled = isTotalled
    self.keepsValuesWhole = keepsValuesWhole
    self.title = title
    self.alignment = alignment
    self.width = width
    self.isNumeric = isNumeric
  }
}

/// A report table; its rows come from a source that can be read more than once, never all held for large files.
public struct ReportTable: Sendable {
  public var columns: [ReportColumn]
  public var rows: any TableRowSource
  /// Footer cells shown after the last row, if any.
  public var footer: [String]?
  /// Whether the footer holds the columns' totals, so the layout labels it ("Total" in the report's language).
  public var footerIsTotal: Bool
  /// The columns repeated in every group when the table is too wide for one page (positions in `columns`).
  public var keyColumns: [Int]

  public init(
    columns: [ReportColumn], rows: any TableRowSource, footer: [String]? = nil, footerIsTotal: Bool = false,
    keyColumns: [Int] = [0]
  ) {
    self.columns = columns
    self.rows = rows
    self.footer = footer
    self.footerIsTotal = footerIsTotal
    self.keyColumns = keyColumns
  }
}

/// Rows of table cells that can be read from the start as often as needed (pagination reads them twice).
public protocol TableRowSource: Sendable {
  /// The number of rows.
  var count: Int { get }
  /// A cursor at the first row.
  func makeCursor() throws -> any TableRowCursor
}

/// Reads the rows of a `TableRowSource` one at a time, forward only.
public protocol TableRowCursor: AnyObject {
  /// The next row's cells, or `nil` after the last row.
  func next() throws -> [String]?
}

extension TableRowSource {
  /// Calls `body` with each row in order; stops early when `body` returns false.
  public func forEachRow(_ body: (_ index: Int, _ cells: [String]) throws -> Bool) throws {
    let cursor = try makeCursor()
    var index = 0
    while let row = try cursor.next() {
      guard try body(index, row) else { return }
      index += 1
    }
  }
}

/// Rows held in memory, for report JSON and small tables.
public struct ArrayRowSource: TableRowSource {
  public let rows: [[String]]

  public init(_ rows: [[String]]) {
    self.rows = rows
  }

  public var count: Int { rows.count }

  public func makeCursor() throws -> any TableRowCursor { Cursor(rows: rows) }

  final class Cursor: TableRowCursor {
    let rows: [[String]]
    var index = 0

    init(rows: [[String]]) {
      self.rows = rows
    }

    func next() throws -> [String]? {
      guard index < rows.count else { return nil }
      defer { index += 1 }
      return rows[index]
    }
  }
}

/// A bar or line chart: labels along the x axis and one or more series of values.
public struct ReportChart: Sendable {
  public enum Kind: String, Sendable {
    case bar, line
  }

  /// One named series of values, one per label (`nil` where a value is missing).
  public struct Series: Sendable {
    public var name: String
    public var values: [Double?]

    public init(name: String, values: [Double?]) {
      self.name = name
      self.values = values
    }
  }

  public var kind: Kind
  public var title: String?
  public var labels: [String]
  public var series: [Series]

  public init(kind: Kind, title: String? = nil, labels: [String], series: [Series]) {
    self.kind = kind
    self.title = title
    self.labels = labels
    self.series = series
  }
}
