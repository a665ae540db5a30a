import Foundation

/// The node of a `Table`: measures rows one at a time and flows them over pages.
final class TableNode: FlowingNode {
  let table: Table
  /// Names this table's structure element on every page it flows over.
  var structureID: Int { ObjectIdentifier(self).hashValue }
  let direction: LayoutDirection
  private let bodyEnvironments: [EnvironmentValues]
  private let boldEnvironments: [EnvironmentValues]
  let colors: (body: RGBAColor, rule: RGBAColor, header: RGBAColor?, zebra: RGBAColor?)
  /// What the table measured, kept for the rest of its layout.
  let measurements = TableMeasurements()
  /// Each column's paragraph settings, made once; a cell only sets the text.
  let bodyParagraphs: [Paragraph]
  let boldParagraphs: [Paragraph]
  /// How many rows `fit` columns look at to find their width.
  static let fitSampleRows = 200

  init(table: Table, environment: EnvironmentValues) {
    self.table = table
    direction = environment.layoutDirection
    bodyEnvironments = table.columns.map { column in
      var env = environment
      env.multilineTextAlignment = column.alignment
      env.lineLimit = nil
      return env
    }
    boldEnvironments = bodyEnvironments.map { env in
      var bold = env
      bold.font = env.font.weight(.bold)
      return bold
    }
    bodyParagraphs = bodyEnvironments.map { Text(verbatim: "").paragraph(in: $0) }
    boldParagraphs = boldEnvironments.map { Text(verbatim: "").paragraph(in: $0) }
    let scheme = environment.colorScheme
    let text: RGBAColor
    if case .color(let color)? = environment.foregroundStyle?.resolve(in: .zero, environment: environment) {
      text = color
    } else {
      text = Color.primary.resolve(in: scheme)
    }
    colors = (
      text, table.style.ruleColor.resolve(in: scheme), table.style.headerBackground?.resolve(in: scheme),
      table.style.zebra?.resolve(in: scheme)
    )
  }

  // MARK: Rows

  /// The paragraph of a cell of `column` holding `text`: the column's settings, and a body cell's
  /// detail (after `TableColumn.detailSeparator`) on a line of its own, smaller and grey.
  func cellParagraph(_ text: String, column: Int, bold: Bool) -> Paragraph {
    var paragraph = bold ? boldParagraphs[column] : bodyParagraphs[column]
    // A byte search: the separator is ASCII, and a Character search walks graphemes (every cell of every table).
    guard !bold, let byte = text.utf8.firstIndex(of: 0x1E) else {
      paragraph.runs[0].text = text
      return paragraph
    }
    let separator = String.Index(byte, within: text) ?? text.endIndex
    let main = paragraph.runs[0]
    paragraph.runs[0].text = String(text[..<separator])
    let detail = StyledRun(
      text: " \n" + text[text.index(after: separator)...].replacingOccurrences(of: "\u{1E}", with: " "),
      font: main.font.size(main.font.size * 0.85),
      color: RGBAColor(red: 0.42, green: 0.42, blue: 0.42, alpha: 1))
    paragraph.runs.append(detail)
    return paragraph
  }

  /// A cell shaped at its column's width, and the lines of it a row shows.
  typealias MeasuredCell = (shaped: any ShapedText, lines: Range<Int>)

  /// A row shaped at the column widths: each cell's text and the lines of it this row shows.
  struct MeasuredRow {
    enum Kind { case header, body, footer, continuation }
    var cells: [MeasuredCell]
    var kind: Kind
    var cellsText: [String]
    /// How many columns each cell covers (1 unless a label spans several).
    var spans: [Int]? = nil

    /// Whether every cell shows its last line: the row ends here (its value counts in a running total).
    var isWhole: Bool { cells.allSatisfy { $0.lines.upperBound == $0.shaped.lines.count } }

    /// The height of the lines of every cell, the tallest, each cell lowered to the row's baseline.
    func contentHeight() -> CGFloat {
      let baseline = firstBaseline()
      return cells.map { cell -> CGFloat in
        guard let first = cell.lines.first, let last = cell.lines.last else { return 0 }
        let lines = cell.shaped.lines
        return shift(cell, baseline: baseline) + lines[last].top + lines[last].height - lines[first].top
      }.max() ?? 0
    }

    /// The lowest first baseline of the cells, from the top of their first lines.
    ///
    /// Cells of one row share a baseline: a cell in a font with a taller ascent (Arabic, Thai,
    /// Devanagari next to Latin) would otherwise sit lower than its neighbours.
    func firstBaseline() -> CGFloat {
      cells.compactMap { cell -> CGFloat? in
        guard let first = cell.lines.first else { return nil }
        return cell.shaped.lines[first].baseline - cell.shaped.lines[first].top
      }.max() ?? 0
    }

    /// How far `cell` moves down so that its first baseline is the row's `baseline`.
    func shift(_ cell: MeasuredCell, baseline: CGFloat) -> CGFloat {
      guard let first = cell.lines.first else { return 0 }
      return baseline - (cell.shaped.lines[first].baseline - cell.shaped.lines[first].top)
    }
  }

  /// A body cell of the rows `fit` columns were measured from.
  struct SampleKey: Hashable {
    var row: Int
    var column: Int
  }

  func measure(
    _ cells: [String], kind: MeasuredRow.Kind, widths: [CGFloat], spans: [Int]? = nil, row: Int? = nil,
    context: LayoutContext
  ) -> MeasuredRow {
    let padding = table.style.cellPadding
    var shapedCells: [(shaped: any ShapedText, lines: Range<Int>)] = []
    shapedCells.reserveCapacity(widths.count)
    var column = 0
    var cellIndex = 0
    while column < widths.count {
      let span = spans.map { $0[cellIndex] } ?? 1
      let width = widths[column..<min(widths.count, column + span)].reduce(0, +)
      let text = column < cells.count ? cells[column] : ""
      let shaped: any ShapedText
      if let row, span == 1, let sampled = measurements.sampledShapes[SampleKey(row: row, column: column)],
        sampled.text == text,
        sampled.shaped.size.width <= width - padding.horizontal + LayoutTolerance.points
      {
        shaped = sampled.shaped  // one line that fits: the same as shaping again at the column width
      } else {
        let paragraph = cellParagraph(text, column: column, bold: kind != .body)
        shaped = context.textShaper.shape(paragraph, width: max(1, width - padding.horizontal))
      }
      // A cell is text like any other: characters no font can show are warned about (and are errors with --strict).
      context.warnOfMissingGlyphs(in: shaped, text: text)
      shapedCells.append((shaped, 0..<shaped.lines.count))
      column += span
      cellIndex += 1
    }
    return MeasuredRow(cells: shapedCells, kind: kind, cellsText: cells, spans: spans)
  }

  /// Row `index` with `cells`, measured at `widths`, from the first pass when it was kept.
  func measuredRow(_ index: Int, cells: [String], widths: [CGFloat], width: CGFloat, context: LayoutContext)
    -> MeasuredRow
  {
    let kept = measurements
    if kept.rowsWidth == width, index < kept.rows.count, kept.rows[index].cellsText == cells {
      return kept.rows[index]
    }
    let row = measure(cells, kind: .body, widths: widths, row: index, context: context)
    if kept.keepsRows {
      let cells = max(1, widths.count)
      if kept.rowsWidth != width {
        context.returnKeptCells(kept.rows.count * cells)
        kept.rows.removeAll()
        kept.rowsWidth = width
      }
      if index == kept.rows.count {
        if context.keepCells(cells) {
          kept.rows.append(row)
        } else {
          // Over the document's budget: this table streams and is shaped again in the second pass.
          context.returnKeptCells(kept.rows.count * cells)
          kept.keepsRows = false
          kept.rows = []
        }
      }
    }
    return row
  }

  /// The header row measured at `widths`, once per width.
  func headerRow(widths: [CGFloat], width: CGFloat, context: LayoutContext) -> MeasuredRow {
    if let header = measurements.header, header.width == width { return header.row }
    let row = measure(table.columns.map(\.title), kind: .header, widths: widths, context: context)
    measurements.header = (width, row)
    return row
  }

  func height(_ row: MeasuredRow) -> CGFloat {
    row.contentHeight() + table.style.cellPadding.vertical
  }

  /// The part of `row` that fits in `height`, and the rest (nil when all of it fits).
  func split(_ row: MeasuredRow, height: CGFloat) -> (MeasuredRow, MeasuredRow?) {
    let room = height - table.style.cellPadding.vertical
    let baseline = row.firstBaseline()
    var first = row
    var rest = row
    var anyLeft = false
    for (index, cell) in row.cells.enumerated() {
      let lines = cell.shaped.lines
      guard let start = cell.lines.first else { continue }
      let shift = row.shift(cell, baseline: baseline)
      var end = start
      while end < cell.lines.upperBound,
        shift + lines[end].top + lines[end].height - lines[start].top <= room + LayoutTolerance.points
      { end += 1 }
      if end == start { end = start + 1 }  // at least one line, or nothing moves forward
      first.cells[index].lines = start..<end
      rest.cells[index].lines = end..<cell.lines.upperBound
      if end < cell.lines.upperBound { anyLeft = true }
    }
    return (first, anyLeft ? rest : nil)
  }

  /// The height reserved for a "carried forward" row: measured once per width with the widest total.
  func continuationHeight(widths: [CGFloat], width: CGFloat, context: LayoutContext) -> CGFloat {
    if let cached = measurements.continuationHeight, cached.width == width { return cached.height }
    guard let continuation = table.continuation else { return 0 }
    let label = [continuation.carriedLabel, continuation.broughtLabel].max { $0.count < $1.count } ?? ""
    let total = continuation.widestTotal ?? continuation.initial
    let height = self.height(continuationRow(label: label, total: total, widths: widths, context: context))
    measurements.continuationHeight = (width, height)
    return height
  }

  /// A row with `label` spanning from the label column up to the totalled column, and `total` under its column.
  func continuationRow(label: String, total: String, widths: [CGFloat], context: LayoutContext) -> MeasuredRow
  {
    let count = table.columns.count
    var cells = [String](repeating: "", count: count)
    var spans = [Int](repeating: 1, count: count)
    if let continuation = table.continuation, cells.indices.contains(continuation.labelColumn) {
      cells[continuation.labelColumn] = label
      if cells.indices.contains(continuation.column) { cells[continuation.column] = total }
      if continuation.labelColumn < continuation.column {
        // The label spans the columns between it and the total.
        let span = continuation.column - continuation.labelColumn
        spans =
          Array(repeating: 1, count: continuation.labelColumn) + [span]
          + Array(repeating: 1, count: count - continuation.column)
      }
    }
    return measure(cells, kind: .continuation, widths: widths, spans: spans, context: context)
  }

  // MARK: LayoutNode

  /// The narrowest a wrapping column is made to leave numbers and dates their natural width.
  static let minimumWrappingWidth: CGFloat = 36

  /// The width a table is measured at when it is offered unlimited width and its columns share the rest.
  static let unboundedWidth: CGFloat = 10_000

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    let width = proposal.width ?? columnWidths(.infinity, context: context).reduce(0, +)
    let widths = columnWidths(width.isFinite ? width : TableNode.unboundedWidth, context: context)
    var total = height(measure(table.columns.map(\.title), kind: .header, widths: widths, context: context))
    let rows = TableRowStream(table.rows, context: context)
    var index = 0
    while let row = rows.row(index) {
      total += height(measure(row, kind: .body, widths: widths, context: context))
      rows.release(before: index)
      index += 1
    }
    for row in table.footer { total += height(measure(row, kind: .footer, widths: widths, context: context)) }
    return CGSize(width: widths.reduce(0, +), height: total)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let space = FlowSpace(width: rect.width, available: .infinity, pageHeight: .infinity, isTopOfPage: true)
    guard
      case .complete(let piece) = TableRemainder(table: self, context: context).flow(
        in: space, context: context)
    else {
      return Frame(name: "Table", rect: rect)
    }
    return piece.place(rect.origin, context)
  }

  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    TableRemainder(table: self, context: context).flow(in: space, context: context)
  }
}
