import Foundation

/// A table in the middle of being laid out over pages: where its rows have got to, and the running total.
///
/// Each page reads rows forward from the cursor; the remainder of a page is this same object, so a
/// table's rows are read once per pass, one at a time.
final class TableFlow: FlowingNode {
  let table: TableNode
  private let cursor: () -> [String]?
  /// A row read (and maybe partly placed) that goes on the next page.
  private var pending: TableNode.MeasuredRow?
  private var pendingWidth: CGFloat = -1
  /// The index of the next row to place, for zebra stripes.
  private var rowIndex = 0
  /// How many rows the cursor has given.
  private var readCount = 0
  private var total: String?
  private var started = false

  init(table: TableNode) {
    self.table = table
    cursor = table.table.rows.makeCursor()
    total = table.table.continuation?.initial
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    // The remaining rows can only be read once: their size is known when they are laid out.
    CGSize(width: proposal.width ?? 0, height: 0)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(name: "Table (continued)", rect: rect)
  }

  private func nextRow(widths: [CGFloat], width: CGFloat, context: LayoutContext) -> TableNode.MeasuredRow? {
    if let pending, pendingWidth == width {
      self.pending = nil
      return pending
    }
    if let pending {
      // The page width changed: measure the row again at the new widths.
      self.pending = nil
      return table.measure(pending.cellsText, kind: .body, widths: widths, context: context)
    }
    guard let cells = cursor() else { return nil }
    defer { readCount += 1 }
    return table.measuredRow(readCount, cells: cells, widths: widths, width: width, context: context)
  }

  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    let widths = table.columnWidths(space.width, context: context)
    let width = space.width
    let header = table.headerRow(widths: widths, width: width, context: context)
    let continuation = table.table.continuation
    var rows: [(row: TableNode.MeasuredRow, index: Int, y: CGFloat)] = []
    var y = table.height(header)
    if started, let continuation, let total {
      let brought = table.continuationRow(
        label: continuation.broughtLabel, total: total, widths: widths, context: context)
      rows.append((brought, -1, y))
      y += table.height(brought)
    }
    let reserve =
      continuation == nil ? 0 : table.continuationHeight(widths: widths, width: width, context: context)
    var totalsBefore: [String?] = []
    var placedBody = 0
    while true {
      guard let row = nextRow(widths: widths, width: width, context: context) else {
        // The last row is placed: the footer closes the table.
        var footer: [TableNode.MeasuredRow] = table.table.footer.map {
          table.measure($0, kind: .footer, widths: widths, context: context)
        }
        let footerHeight = footer.reduce(CGFloat(0)) { $0 + table.height($1) }
        if y + footerHeight > space.available + 0.01, placedBody >= 2, !footer.isEmpty {
          // Keep the footer with at least the last row: both go to the next page.
          let last = rows.removeLast()
          pending = last.row
          pendingWidth = width
          rowIndex = last.index
          y = last.y
          placedBody -= 1
          // The moved row's value is carried on the next page, not this one.
          total = totalsBefore.removeLast()
          return endPage(header: header, rows: rows, y: y, width: width, widths: widths, context: context)
        }
        if placedBody == 0, !space.isTopOfPage, y + footerHeight > space.available + 0.01 {
          return .deferred
        }
        for row in footer {
          rows.append((row, -2, y))
          y += table.height(row)
        }
        footer.removeAll()
        started = true
        return .complete(piece(header: header, rows: rows, height: y, width: width, widths: widths))
      }
      let rowHeight = table.height(row)
      if y + rowHeight + reserve <= space.available + 0.01 {
        totalsBefore.append(total)
        rows.append((row, rowIndex, y))
        y += rowHeight
        placedBody += 1
        rowIndex += 1
        if let continuation, let running = total, row.cellsText.indices.contains(continuation.column),
          row.cells.allSatisfy({ $0.lines.upperBound == $0.shaped.lines.count })
        {
          total = continuation.accumulate(running, rowIndex - 1, row.cellsText)
        }
        continue
      }
      if placedBody == 0 {
        if !space.isTopOfPage && !started {
          return .deferred  // the header would be alone at the bottom of this page
        }
        // A row taller than the page: split it between its text lines.
        let (part, rest) = table.split(row, height: max(1, space.available - y - reserve))
        totalsBefore.append(total)
        rows.append((part, rowIndex, y))
        y += table.height(part)
        placedBody += 1
        if let rest {
          pending = rest
          pendingWidth = width
        } else {
          rowIndex += 1
        }
        if rest == nil { continue }
      } else {
        pending = row
        pendingWidth = width
      }
      return endPage(header: header, rows: rows, y: y, width: width, widths: widths, context: context)
    }
  }

  /// The page's piece with a "carried forward" row when the table has a running total.
  private func endPage(
    header: TableNode.MeasuredRow, rows: [(row: TableNode.MeasuredRow, index: Int, y: CGFloat)], y: CGFloat,
    width: CGFloat, widths: [CGFloat], context: LayoutContext
  ) -> FlowResult {
    var rows = rows
    var height = y
    if let continuation = table.table.continuation, let total {
      let carried = table.continuationRow(
        label: continuation.carriedLabel, total: total, widths: widths, context: context)
      rows.append((carried, -1, height))
      height += table.height(carried)
    }
    started = true
    return .partial(
      piece(header: header, rows: rows, height: height, width: width, widths: widths), remainder: self)
  }

  private func piece(
    header: TableNode.MeasuredRow, rows: [(row: TableNode.MeasuredRow, index: Int, y: CGFloat)],
    height: CGFloat,
    width: CGFloat, widths: [CGFloat]
  ) -> FlowPiece {
    let table = self.table
    return FlowPiece(size: CGSize(width: width, height: height)) { origin, _ in
      var frames = [table.rowFrame(header, index: 0, at: origin, width: width, widths: widths)]
      for entry in rows {
        frames.append(
          table.rowFrame(
            entry.row, index: max(entry.index, 0), at: CGPoint(x: origin.x, y: origin.y + entry.y),
            width: width,
            widths: widths))
      }
      return Frame(
        name: "Table", rect: CGRect(origin: origin, size: CGSize(width: width, height: height)),
        children: frames)
    }
  }
}
