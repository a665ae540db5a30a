import Foundation

/// The node of a `Table`: measures rows one at a time and flows them over pages.
final class TableNode: FlowingNode {
  let table: Table
  /// Names this table's structure element on every page it flows over.
  var structureID: Int { ObjectIdentifier(self).hashValue }
  let direction: LayoutDirection
  private let bodyEnvironments: [EnvironmentValues]
  private let boldEnvironments: [EnvironmentValues]
  private let colors: (body: RGBAColor, rule: RGBAColor, header: RGBAColor?, zebra: RGBAColor?)
  /// What the table measured, kept for the rest of its layout.
  private let measurements = TableMeasurements()
  /// Each column's paragraph settings, made once; a cell only sets the text.
  private let bodyParagraphs: [Paragraph]
  private let boldParagraphs: [Paragraph]
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

  /// A row shaped at the column widths: each cell's text and the lines of it this row shows.
  struct MeasuredRow {
    enum Kind { case header, body, footer, continuation }
    var cells: [(shaped: any ShapedText, lines: Range<Int>)]
    var kind: Kind
    var cellsText: [String]
    /// How many columns each cell covers (1 unless a label spans several).
    var spans: [Int]? = nil

    /// Whether every cell shows its last line: the row ends here (its value counts in a running total).
    var isWhole: Bool { cells.allSatisfy { $0.lines.upperBound == $0.shaped.lines.count } }

    /// The height of the lines of every cell, the tallest.
    func contentHeight() -> CGFloat {
      cells.map { cell -> CGFloat in
        guard let first = cell.lines.first, let last = cell.lines.last else { return 0 }
        let lines = cell.shaped.lines
        return lines[last].top + lines[last].height - lines[first].top
      }.max() ?? 0
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
        var paragraph = kind == .body ? bodyParagraphs[column] : boldParagraphs[column]
        paragraph.runs[0].text = text
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
    var first = row
    var rest = row
    var anyLeft = false
    for (index, cell) in row.cells.enumerated() {
      let lines = cell.shaped.lines
      guard let start = cell.lines.first else { continue }
      var end = start
      while end < cell.lines.upperBound,
        lines[end].top + lines[end].height - lines[start].top <= room + LayoutTolerance.points
      { end += 1 }
      if end == start { end = start + 1 }  // at least one line, or nothing moves forward
      first.cells[index].lines = start..<end
      rest.cells[index].lines = end..<cell.lines.upperBound
      if end < cell.lines.upperBound { anyLeft = true }
    }
    return (first, anyLeft ? rest : nil)
  }

  // MARK: Columns

  /// The width of every column for a table `width` wide.
  func columnWidths(_ width: CGFloat, context: LayoutContext) -> [CGFloat] {
    if let cache = measurements.columnWidths, cache.width == width { return cache.columns }
    let columns = table.columns
    var widths = [CGFloat](repeating: 0, count: columns.count)
    let fitted = columns.indices.filter { columns[$0].width == .fit }
    if !fitted.isEmpty {
      var samples: [[String]] = [columns.map(\.title)] + table.footer
      if let continuation = table.continuation, let widest = continuation.widestTotal {
        var row = [String](repeating: "", count: columns.count)
        if row.indices.contains(continuation.column) { row[continuation.column] = widest }
        samples.insert(row, at: 1)  // measured bold, like the header and footer rows
      }
      let sample = TableRowStream(table.rows, context: context)
      for index in 0..<TableNode.fitSampleRows {
        guard let row = sample.row(index) else { break }
        samples.append(row)
      }
      let padding = table.style.cellPadding.horizontal
      let boldRows = table.footer.count + (table.continuation?.widestTotal == nil ? 0 : 1)
      for index in fitted {
        widths[index] =
          samples.enumerated().map { sampleIndex, row -> CGFloat in
            let text = index < row.count ? row[index] : ""
            let bold = sampleIndex <= boldRows
            var paragraph = bold ? boldParagraphs[index] : bodyParagraphs[index]
            paragraph.runs[0].text = text
            let shaped = context.textShaper.shape(paragraph, width: nil)
            if !bold {
              // Kept so measuring the row at its column width can reuse this one-line shape.
              measurements.sampledShapes[SampleKey(row: sampleIndex - boldRows - 1, column: index)] = (
                text, shaped
              )
            }
            return shaped.size.width
          }.max().map { $0 + padding + 0.5 } ?? padding
      }
    }
    var fixed: CGFloat = 0
    for (index, column) in columns.enumerated() {
      if case .fixed(let points) = column.width {
        widths[index] = points
        fixed += points
      }
    }
    let fittedTotal = fitted.reduce(CGFloat(0)) { $0 + widths[$1] }
    var left = width - fixed - fittedTotal
    if left < 0, fittedTotal > 0 {
      // Columns that do not wrap (numbers, dates, codes) keep their natural width; those that wrap
      // share what is left in proportion to theirs, as long as each keeps a legible minimum. Only
      // when that is not possible do all fitted columns shrink alike.
      let wrapping = fitted.filter { columns[$0].wraps }
      let wrappingTotal = wrapping.reduce(CGFloat(0)) { $0 + widths[$1] }
      let room = wrappingTotal + left
      if wrappingTotal > 0, room >= TableNode.minimumWrappingWidth * CGFloat(wrapping.count) {
        // Water-filling: narrow text columns keep their width, the wide ones share the rest equally.
        var left = room
        var open = wrapping.sorted { widths[$0] < widths[$1] }
        while let narrowest = open.first, widths[narrowest] <= left / CGFloat(open.count) {
          left -= widths[narrowest]
          open.removeFirst()
        }
        for index in open { widths[index] = left / CGFloat(open.count) }
      } else {
        let scale = max(0, (width - fixed) / fittedTotal)
        for index in fitted { widths[index] *= scale }
      }
      left = 0
    }
    let shares = columns.reduce(CGFloat(0)) { total, column in
      if case .fraction(let share) = column.width { return total + share }
      return total
    }
    for (index, column) in columns.enumerated() {
      if case .fraction(let share) = column.width {
        widths[index] = shares > 0 ? max(0, left) * share / shares : 0
      }
    }
    if shares == 0, left > 0, left.isFinite, fittedTotal > 0 {
      // No column takes the rest: fitted columns share it in proportion, so the table spans the width.
      for index in fitted { widths[index] += left * widths[index] / fittedTotal }
    }
    measurements.columnWidths = (width, widths)
    return widths
  }

  // MARK: Frames

  /// A row's frame: a `TR` of `TH` or `TD` cells, or an artifact when `repeated` (a header row
  /// repeated on a later page) or a "carried forward" row, which readers need not hear again.
  func rowFrame(
    _ row: MeasuredRow, index: Int, at origin: CGPoint, width: CGFloat, widths: [CGFloat],
    repeated: Bool = false
  ) -> Frame {
    let padding = table.style.cellPadding
    let rowHeight = height(row)
    let rect = CGRect(x: origin.x, y: origin.y, width: width, height: rowHeight)
    let isArtifact = repeated || row.kind == .continuation
    var children: [Frame] = []
    switch row.kind {
    case .header:
      if let fill = colors.header {
        children.append(Frame(name: "header fill", rect: rect, content: .fill(Path(rect), .color(fill))))
      }
    case .body:
      if let zebra = colors.zebra, index % 2 == 1 {
        children.append(Frame(name: "zebra", rect: rect, content: .fill(Path(rect), .color(zebra))))
      }
    case .footer, .continuation:
      break
    }
    var x: CGFloat = 0
    var column = 0
    for (cellIndex, cell) in row.cells.enumerated() {
      let span = row.spans.map { $0[cellIndex] } ?? 1
      defer { column += span }
      let columnWidth = widths[column..<min(widths.count, column + span)].reduce(0, +)
      let left = direction == .rightToLeft ? origin.x + width - x - columnWidth : origin.x + x
      x += columnWidth
      // Cells of a row read aloud have roles; a repeated header or "carried forward" row is an artifact as a whole.
      let cellRole: AccessibilityRole? =
        isArtifact ? nil : row.kind == .header ? .columnHeader : .cell
      guard !cell.lines.isEmpty, let first = cell.lines.first, let last = cell.lines.last else {
        // An empty cell is still a cell to a reader, so the columns stay in step.
        let empty = CGRect(x: left, y: origin.y, width: columnWidth, height: 0)
        if let cellRole {
          children.append(Frame(name: "EmptyCell", rect: empty, content: .accessibility(cellRole)))
        }
        continue
      }
      let lines = cell.shaped.lines
      let textHeight = lines[last].top + lines[last].height - lines[first].top
      let textWidth = cell.shaped.size.width
      let inner = columnWidth - padding.horizontal
      let offset: CGFloat
      switch (table.columns[column].alignment, direction) {
      case (.center, _): offset = (inner - textWidth) / 2
      case (.trailing, .leftToRight), (.leading, .rightToLeft), (.justified, .rightToLeft):
        offset = inner - textWidth
      default: offset = 0
      }
      let cellRect = CGRect(
        x: left + (direction == .rightToLeft ? padding.trailing : padding.leading) + offset,
        y: origin.y + padding.top,
        width: textWidth, height: textHeight)
      let text = Frame(
        name:
          "Cell \"\(row.cellsText.indices.contains(column) ? String(row.cellsText[column].prefix(16)) : "")\"",
        rect: cellRect,
        content: .text(TextDrawing(shaped: cell.shaped, lines: cell.lines, color: colors.body)))
      if let cellRole {
        children.append(
          Frame(
            name: cellRole.structureType ?? "", rect: cellRect, content: .accessibility(cellRole),
            children: [text]))
      } else {
        children.append(text)
      }
    }
    let ruleThickness: CGFloat = 0.5
    if row.kind == .header || (row.kind == .body && table.style.rowRules) {
      let rule = CGRect(
        x: origin.x, y: origin.y + rowHeight - ruleThickness, width: width, height: ruleThickness)
      children.append(Frame(name: "rule", rect: rule, content: .fill(Path(rule), .color(colors.rule))))
    }
    if row.kind == .footer || row.kind == .continuation {
      let rule = CGRect(x: origin.x, y: origin.y, width: width, height: ruleThickness)
      children.append(Frame(name: "rule", rect: rule, content: .fill(Path(rule), .color(colors.rule))))
    }
    let name: String
    switch row.kind {
    case .header: name = "HeaderRow"
    case .body: name = "Row \(index + 1)"
    case .footer: name = "FooterRow"
    case .continuation: name = "ContinuationRow"
    }
    let role: AccessibilityRole = isArtifact ? .artifact : .tableRow
    return Frame(name: name, rect: rect, content: .accessibility(role), children: children)
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
