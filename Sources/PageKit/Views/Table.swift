import Foundation

/// A column of a `Table`: its title, width and alignment.
public struct TableColumn: Sendable {
  /// How wide a column is.
  public enum Width: Hashable, Sendable {
    /// A fixed width in points.
    case fixed(CGFloat)
    /// A share of the width left after fixed and fitted columns (`2*` is `.fraction(2)`).
    case fraction(CGFloat)
    /// As wide as the widest of the header, the footer and the first rows (sampled), within the width left.
    case fit
  }

  /// In a body cell's text, what follows this character is the cell's detail: a line of its own
  /// under the text, smaller and grey (a billing period under a line's description).
  public static let detailSeparator: Character = "\u{1E}"

  public var title: String
  public var width: Width
  public var alignment: TextAlignment
  /// Whether the column's text may wrap when the table is short of width; numbers, dates, amounts and
  /// identifiers should not (`144.` and `00 $` on two lines are unreadable), so text columns give way first.
  public var wraps: Bool

  public init(
    _ title: String, width: Width = .fraction(1), alignment: TextAlignment = .leading, wraps: Bool = true
  ) {
    self.title = title
    self.width = width
    self.alignment = alignment
    self.wraps = wraps
  }
}

/// The rows of a `Table`, read forward from the first each time the table is laid out.
///
/// Pagination reads the rows twice (once to find the page breaks, once to draw), one row at a time:
/// a source backed by a file never has to hold its rows. Making a cursor and reading a row may
/// throw (a file that fails halfway): the error becomes the document's `LayoutError`, so a table
/// is never silently cut short.
public struct TableRows {
  /// Makes a cursor at the first row; the cursor returns one row per call and `nil` at the end.
  public let makeCursor: () throws -> () throws -> [String]?
  /// The last row when it is known without reading them all (rows in memory): fitted columns
  /// measure it too, since row numbers and running amounts are widest at the end.
  public let lastRow: [String]?

  public init(makeCursor: @escaping () throws -> () throws -> [String]?) {
    self.makeCursor = makeCursor
    lastRow = nil
  }

  /// Rows held in memory.
  public init(_ rows: [[String]]) {
    lastRow = rows.last
    makeCursor = {
      var index = 0
      return {
        guard index < rows.count else { return nil }
        defer { index += 1 }
        return rows[index]
      }
    }
  }
}

/// A running total carried from page to page: "Carried forward" at the bottom of a page the table
/// continues from, "Brought forward" at the top of the next.
public struct TableContinuation {
  /// The label at the bottom of a page ("Carried forward").
  public var carriedLabel: String
  /// The label at the top of the next page ("Brought forward").
  public var broughtLabel: String
  /// The column whose values are totalled.
  public var column: Int
  /// The column the labels go in.
  public var labelColumn: Int
  /// The total before the first row, as shown.
  public var initial: String
  /// The total after adding row `row` (its index among all rows, and its cells) to the running
  /// total; the caller owns the arithmetic, so exact money stays exact.
  public var accumulate: (_ total: String, _ row: Int, _ cells: [String]) -> String
  /// The widest total the table may show, so a `fit` column is wide enough for it.
  public var widestTotal: String?

  public init(
    carriedLabel: String = "Carried forward", broughtLabel: String = "Brought forward", column: Int,
    labelColumn: Int = 0, initial: String, widestTotal: String? = nil,
    accumulate: @escaping (_ total: String, _ row: Int, _ cells: [String]) -> String
  ) {
    self.widestTotal = widestTotal
    self.carriedLabel = carriedLabel
    self.broughtLabel = broughtLabel
    self.column = column
    self.labelColumn = labelColumn
    self.initial = initial
    self.accumulate = accumulate
  }
}

/// How a table looks: cell padding, header background, zebra stripes and rules.
public struct TableStyle: Sendable {
  public var cellPadding: EdgeInsets = EdgeInsets(top: 3, leading: 4, bottom: 3, trailing: 4)
  public var headerBackground: Color? = Color(white: 0.92)
  /// The fill of every other row, or `nil` for none.
  public var zebra: Color? = Color(white: 0.96)
  /// Whether a hairline separates rows.
  public var rowRules = false
  /// The colour of the rule under the header and above the footer.
  public var ruleColor: Color = Color(white: 0.6)

  public init() {}
}

/// A table whose rows flow over pages: the header repeats on every page, footer rows close the last
/// page, and rows never split unless one is taller than a whole page.
public struct Table: View, SingleNodeView {
  let columns: [TableColumn]
  let rows: TableRows
  let footer: [[String]]
  let continuation: TableContinuation?
  var style = TableStyle()

  public init(
    columns: [TableColumn], rows: TableRows, footer: [[String]] = [], continuation: TableContinuation? = nil
  ) {
    self.columns = columns
    self.rows = rows
    self.footer = footer
    self.continuation = continuation
  }

  /// This table drawn in `style`.
  public func tableStyle(_ style: TableStyle) -> Table {
    var copy = self
    copy.style = style
    return copy
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    TableNode(table: self, environment: environment)
  }
}
