import Foundation

/// A table from a given row on: the immutable remainder a page leaves, laid out on the next one.
///
/// `nextRow` is the first row not yet shown whole; `pending` is the rest of that row when a row
/// taller than the page was split; `carried` is the running total so far. Laying a remainder out
/// never changes it: the next page's remainder is a new value.
final class TableRemainder: FlowingNode {
  let table: TableNode
  let rows: TableRowStream
  let nextRow: Int
  let pending: (row: TableNode.MeasuredRow, width: CGFloat)?
  let carried: String?
  /// Whether a page of this table was placed before (it then opens with "Brought forward").
  let started: Bool

  init(
    table: TableNode, rows: TableRowStream, nextRow: Int,
    pending: (row: TableNode.MeasuredRow, width: CGFloat)?,
    carried: String?, started: Bool
  ) {
    self.table = table
    self.rows = rows
    self.nextRow = nextRow
    self.pending = pending
    self.carried = carried
    self.started = started
  }

  /// The whole table, from its first row.
  convenience init(table: TableNode, context: LayoutContext) {
    self.init(
      table: table, rows: TableRowStream(table.table.rows, context: context), nextRow: 0, pending: nil,
      carried: table.table.continuation?.initial, started: false)
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    // The remaining rows are read as they are laid out: their size is known only then.
    CGSize(width: proposal.width ?? 0, height: 0)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(name: "Table (continued)", rect: rect)
  }

  /// A placed row, its index among all rows (for zebra stripes), and its top.
  typealias PlacedRow = (row: TableNode.MeasuredRow, index: Int, y: CGFloat)

  /// The next page's remainder, from row `next` with the total `carried`.
  private func remainder(next: Int, pending: TableNode.MeasuredRow?, width: CGFloat, carried: String?)
    -> TableRemainder
  {
    TableRemainder(
      table: table, rows: rows, nextRow: next, pending: pending.map { ($0, width) }, carried: carried,
      started: true)
  }

  /// The rows placed on one page so far, and what the page needs to close.
  private struct PageRows {
    let width: CGFloat
    let widths: [CGFloat]
    let header: TableNode.MeasuredRow
    /// The height kept free for the "carried forward" row.
    let reserve: CGFloat
    var placed: [PlacedRow] = []
    var y: CGFloat
    /// The running total after the rows placed.
    var total: String?
    /// The running total before each placed body row.
    var totalsBefore: [String?] = []
    var placedBody = 0
  }

  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    // Rows before this one are behind every page still to come.
    rows.release(before: nextRow)
    let tolerance = LayoutTolerance.points
    var page = openPage(width: space.width, context: context)
    var index = nextRow
    // The split rest of a row, when the page is as wide as the one that split it.
    var split = pending.flatMap { $0.width == page.width ? $0.row : nil }
    while true {
      let row: TableNode.MeasuredRow
      if let rest = split {
        row = rest
        split = nil
      } else if let cells = rows.row(index) {
        row = table.measuredRow(index, cells: cells, widths: page.widths, width: page.width, context: context)
      } else {
        // The last row is placed: the footer closes the table.
        return close(page, in: space, context: context)
      }
      if page.y + table.height(row) + page.reserve <= space.available + tolerance {
        place(row, index: index, on: &page)
        index += 1
        continue
      }
      if page.placedBody > 0 {
        return endPage(
          page, next: remainder(next: index, pending: nil, width: page.width, carried: page.total),
          context: context)
      }
      if !space.isTopOfPage && !started {
        return .deferred(reason: .headerAlone)
      }
      // A row taller than the page: split it between its text lines.
      let (part, rest) = table.split(row, height: max(1, space.available - page.y - page.reserve))
      place(part, index: index, on: &page, accumulates: false)
      guard let rest else {
        index += 1
        continue
      }
      return endPage(
        page, next: remainder(next: index, pending: rest, width: page.width, carried: page.total),
        context: context)
    }
  }

  /// A page's header, and its "brought forward" row when a page of the table came before.
  private func openPage(width: CGFloat, context: LayoutContext) -> PageRows {
    let widths = table.columnWidths(width, context: context)
    let header = table.headerRow(widths: widths, width: width, context: context)
    let continuation = table.table.continuation
    let reserve =
      continuation == nil ? 0 : table.continuationHeight(widths: widths, width: width, context: context)
    var page = PageRows(
      width: width, widths: widths, header: header, reserve: reserve, y: table.height(header), total: carried)
    if started, let continuation, let carried {
      let brought = table.continuationRow(
        label: continuation.broughtLabel, total: carried, widths: widths, context: context)
      page.placed.append((brought, -1, page.y))
      page.y += table.height(brought)
    }
    return page
  }

  /// Places a body row and adds a whole row's value to the running total.
  private func place(
    _ row: TableNode.MeasuredRow, index: Int, on page: inout PageRows, accumulates: Bool = true
  ) {
    page.totalsBefore.append(page.total)
    page.placed.append((row, index, page.y))
    page.y += table.height(row)
    page.placedBody += 1
    if accumulates, let continuation = table.table.continuation, let running = page.total,
      row.cellsText.indices.contains(continuation.column), row.isWhole
    {
      page.total = continuation.accumulate(running, index, row.cellsText)
    }
  }

  /// The table's last page: its footer placed with at least the last row, or the page deferred.
  private func close(_ page: PageRows, in space: FlowSpace, context: LayoutContext) -> FlowResult {
    var page = page
    let tolerance = LayoutTolerance.points
    let footer = table.table.footer.map {
      table.measure($0, kind: .footer, widths: page.widths, context: context)
    }
    let footerHeight = footer.reduce(CGFloat(0)) { $0 + table.height($1) }
    if page.y + footerHeight > space.available + tolerance, page.placedBody >= 2, !footer.isEmpty {
      // Keep the footer with at least the last row: both go to the next page, and the moved
      // row's value is carried there, not here.
      let last = page.placed.removeLast()
      page.y = last.y
      return endPage(
        page,
        next: remainder(
          next: last.index, pending: last.row, width: page.width, carried: page.totalsBefore.last ?? nil),
        context: context)
    }
    if page.placedBody == 0, !space.isTopOfPage, page.y + footerHeight > space.available + tolerance {
      return .deferred(reason: .doesNotFit(height: page.y + footerHeight, available: space.available))
    }
    for row in footer {
      page.placed.append((row, -2, page.y))
      page.y += table.height(row)
    }
    return .complete(
      piece(header: page.header, rows: page.placed, height: page.y, width: page.width, widths: page.widths))
  }

  /// The page's piece with a "carried forward" row when the table has a running total.
  private func endPage(_ page: PageRows, next: TableRemainder, context: LayoutContext) -> FlowResult {
    endPage(
      header: page.header, rows: page.placed, y: page.y, width: page.width, widths: page.widths, next: next,
      context: context)
  }

  /// The page's piece with a "carried forward" row when the table has a running total.
  private func endPage(
    header: TableNode.MeasuredRow, rows: [PlacedRow], y: CGFloat, width: CGFloat, widths: [CGFloat],
    next: TableRemainder, context: LayoutContext
  ) -> FlowResult {
    var rows = rows
    var height = y
    if let continuation = table.table.continuation, let total = next.carried {
      let carried = table.continuationRow(
        label: continuation.carriedLabel, total: total, widths: widths, context: context)
      rows.append((carried, -1, height))
      height += table.height(carried)
    }
    return .partial(
      piece(header: header, rows: rows, height: height, width: width, widths: widths), remainder: next)
  }

  private func piece(
    header: TableNode.MeasuredRow, rows: [PlacedRow], height: CGFloat, width: CGFloat, widths: [CGFloat]
  ) -> FlowPiece {
    let table = self.table
    let started = self.started
    return FlowPiece(size: CGSize(width: width, height: height)) { origin, _ in
      let headerRow = table.rowFrame(
        header, index: 0, at: origin, width: width, widths: widths, repeated: started)
      var body: [Frame] = []
      var foot: [Frame] = []
      for entry in rows {
        let frame = table.rowFrame(
          entry.row, index: max(entry.index, 0), at: CGPoint(x: origin.x, y: origin.y + entry.y),
          width: width, widths: widths)
        if entry.row.kind == .footer { foot.append(frame) } else { body.append(frame) }
      }
      let rect = CGRect(origin: origin, size: CGSize(width: width, height: height))
      var parts = [
        started
          ? headerRow
          : Frame(
            name: "THead", rect: headerRow.rect, content: .accessibility(.tableHead), children: [headerRow])
      ]
      if !body.isEmpty {
        parts.append(
          Frame(
            name: "TBody", rect: rect, content: .accessibility(.tableBody, id: table.structureID),
            children: body))
      }
      if !foot.isEmpty {
        parts.append(Frame(name: "TFoot", rect: rect, content: .accessibility(.tableFoot), children: foot))
      }
      return Frame(
        name: "Table", rect: rect, content: .accessibility(.table, id: table.structureID), children: parts)
    }
  }
}
