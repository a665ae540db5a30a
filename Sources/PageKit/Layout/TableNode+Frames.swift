import Foundation

extension TableNode {
  /// A row's frame: a `TR` of `TH` or `TD` cells, or an artifact when `repeated` (a header row
  /// repeated on a later page) or a "carried forward" row, which readers need not hear again.
  func rowFrame(
    _ row: MeasuredRow, index: Int, at origin: CGPoint, width: CGFloat, widths: [CGFloat],
    repeated: Bool = false
  ) -> Frame {
    let rect = CGRect(x: origin.x, y: origin.y, width: width, height: height(row))
    let isArtifact = repeated || row.kind == .continuation
    var children = background(row, index: index, rect: rect)
    // Cells of a row read aloud have roles; a repeated header or "carried forward" row is an artifact as a whole.
    let cellRole: AccessibilityRole? = isArtifact ? nil : row.kind == .header ? .columnHeader : .cell
    var x: CGFloat = 0
    var column = 0
    let baseline = row.firstBaseline()
    for (cellIndex, cell) in row.cells.enumerated() {
      let span = row.spans.map { $0[cellIndex] } ?? 1
      defer { column += span }
      let columnWidth = widths[column..<min(widths.count, column + span)].reduce(0, +)
      let left = direction == .rightToLeft ? origin.x + width - x - columnWidth : origin.x + x
      x += columnWidth
      if let frame = cellFrame(
        cell, of: row, column: column, left: left, top: origin.y + row.shift(cell, baseline: baseline),
        width: columnWidth, role: cellRole)
      {
        children.append(frame)
      }
    }
    children += rules(row, rect: rect)
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

  /// The row's fill: the header's color, or the zebra stripe of every other body row.
  private func background(_ row: MeasuredRow, index: Int, rect: CGRect) -> [Frame] {
    switch row.kind {
    case .header:
      if let fill = colors.header {
        return [Frame(name: "header fill", rect: rect, content: .fill(Path(rect), .color(fill)))]
      }
    case .body:
      if let zebra = colors.zebra, index % 2 == 1 {
        return [Frame(name: "zebra", rect: rect, content: .fill(Path(rect), .color(zebra)))]
      }
    case .footer, .continuation:
      break
    }
    return []
  }

  /// A cell's text aligned in its column (inside a `TH` or `TD` when it has a `role`); an empty
  /// cell is still a cell to a reader, so the columns stay in step.
  private func cellFrame(
    _ cell: MeasuredCell, of row: MeasuredRow, column: Int, left: CGFloat, top: CGFloat,
    width columnWidth: CGFloat,
    role cellRole: AccessibilityRole?
  ) -> Frame? {
    guard !cell.lines.isEmpty, let first = cell.lines.first, let last = cell.lines.last else {
      let empty = CGRect(x: left, y: top, width: columnWidth, height: 0)
      return cellRole.map { Frame(name: "EmptyCell", rect: empty, content: .accessibility($0)) }
    }
    let padding = table.style.cellPadding
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
      y: top + padding.top,
      width: textWidth, height: textHeight)
    let text = Frame(
      name:
        "Cell \"\(row.cellsText.indices.contains(column) ? String(row.cellsText[column].prefix(16)) : "")\"",
      rect: cellRect,
      content: .text(TextDrawing(shaped: cell.shaped, lines: cell.lines, color: colors.body)))
    guard let cellRole else { return text }
    return Frame(
      name: cellRole.structureType ?? "", rect: cellRect, content: .accessibility(cellRole), children: [text])
  }

  /// The row's rules: under the header (and under body rows when the style rules them), above the
  /// footer and "carried forward" rows.
  private func rules(_ row: MeasuredRow, rect: CGRect) -> [Frame] {
    let ruleThickness: CGFloat = 0.5
    var frames: [Frame] = []
    if row.kind == .header || (row.kind == .body && table.style.rowRules) {
      let rule = CGRect(x: rect.minX, y: rect.maxY - ruleThickness, width: rect.width, height: ruleThickness)
      frames.append(Frame(name: "rule", rect: rule, content: .fill(Path(rule), .color(colors.rule))))
    }
    if row.kind == .footer || row.kind == .continuation {
      let rule = CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: ruleThickness)
      frames.append(Frame(name: "rule", rect: rule, content: .fill(Path(rule), .color(colors.rule))))
    }
    return frames
  }
}
