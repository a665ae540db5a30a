import Foundation

/// Rows of cells whose columns line up, as SwiftUI's `Grid`; a child that is not a `GridRow` spans every column.
public struct Grid: View, SingleNodeView {
  let alignment: Alignment
  let horizontalSpacing: CGFloat?
  let verticalSpacing: CGFloat?
  let content: ViewList

  public init(
    alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
    @ViewBuilder content: () -> ViewList
  ) {
    self.alignment = alignment
    self.horizontalSpacing = horizontalSpacing
    self.verticalSpacing = verticalSpacing
    self.content = content()
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    var inner = environment
    inner.stackAxis = nil
    inner.gridTableHeaders = nil  // a grid inside a cell is not the same table
    let rows = ViewResolver.nodes(of: content, in: inner).map { node -> [any LayoutNode] in
      (node as? GridRowNode)?.cells ?? [node]
    }
    return GridNode(
      rows: rows, alignment: alignment, horizontalSpacing: horizontalSpacing ?? StackNode.defaultSpacing,
      verticalSpacing: verticalSpacing ?? StackNode.defaultSpacing, direction: environment.layoutDirection,
      tableHeaders: environment.gridTableHeaders)
  }
}

/// One row of a `Grid`; its children are the row's cells, one per column.
public struct GridRow: View, SingleNodeView {
  let content: ViewList

  public init(@ViewBuilder content: () -> ViewList) {
    self.content = content()
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    GridRowNode(cells: ViewResolver.nodes(of: content, in: environment))
  }
}

/// The cells of a `GridRow`, read by the grid; alone it lays out as an `HStack`.
final class GridRowNode: LayoutNode {
  let cells: [any LayoutNode]
  private lazy var stack = StackNode(
    axis: .horizontal, alignment: 0.5, spacing: StackNode.defaultSpacing, children: cells,
    direction: .leftToRight)

  init(cells: [any LayoutNode]) {
    self.cells = cells
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    stack.sizeThatFits(proposal, context: context)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    stack.place(in: rect, context: context)
  }
}

/// The node of a `Grid`: each column as wide as its widest cell, shrunk evenly from the widest when space is short.
final class GridNode: LayoutNode {
  let rows: [[any LayoutNode]]
  let alignment: Alignment
  let horizontalSpacing: CGFloat
  let verticalSpacing: CGFloat
  let direction: LayoutDirection
  /// Which cells head the others when the grid is a table to readers (`accessibilityTable(headers:)`).
  let tableHeaders: AccessibilityTableHeaders?
  private let columnCount: Int

  init(
    rows: [[any LayoutNode]], alignment: Alignment, horizontalSpacing: CGFloat, verticalSpacing: CGFloat,
    direction: LayoutDirection, tableHeaders: AccessibilityTableHeaders? = nil
  ) {
    self.tableHeaders = tableHeaders
    self.rows = rows
    self.alignment = alignment
    self.horizontalSpacing = horizontalSpacing
    self.verticalSpacing = verticalSpacing
    self.direction = direction
    columnCount = rows.map(\.count).max() ?? 0
  }

  private func isSpanning(_ row: [any LayoutNode]) -> Bool { row.count == 1 && columnCount > 1 }

  /// The width of every column for a proposed grid width.
  func columnWidths(_ width: CGFloat?, context: LayoutContext) -> [CGFloat] {
    var widths = [CGFloat](repeating: 0, count: columnCount)
    for row in rows where !isSpanning(row) {
      for (column, cell) in row.enumerated() {
        widths[column] = max(widths[column], cell.sizeThatFits(.unspecified, context: context).width)
      }
    }
    guard let width, width.isFinite else { return widths }
    let available = width - horizontalSpacing * CGFloat(max(columnCount - 1, 0))
    var excess = widths.reduce(0, +) - available
    // Take the excess from the widest columns first, levelling them down together.
    while excess > LayoutTolerance.points {
      let widest = widths.max() ?? 0
      let wide = widths.indices.filter { widths[$0] == widest }
      let next = widths.filter { $0 < widest }.max() ?? 0
      let cut = min(excess / CGFloat(wide.count), widest - next)
      guard cut > 0 else { break }
      for index in wide { widths[index] -= cut }
      excess -= cut * CGFloat(wide.count)
    }
    return widths
  }

  private func rowHeights(_ widths: [CGFloat], totalWidth: CGFloat, context: LayoutContext) -> [CGFloat] {
    rows.map { row in
      if isSpanning(row) {
        return row[0].sizeThatFits(ProposedViewSize(width: totalWidth, height: nil), context: context).height
      }
      return row.enumerated().map { column, cell in
        cell.sizeThatFits(ProposedViewSize(width: widths[column], height: nil), context: context).height
      }.max() ?? 0
    }
  }

  private func totalWidth(_ widths: [CGFloat]) -> CGFloat {
    widths.reduce(0, +) + horizontalSpacing * CGFloat(max(columnCount - 1, 0))
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    let widths = columnWidths(proposal.width, context: context)
    let width = totalWidth(widths)
    let heights = rowHeights(widths, totalWidth: width, context: context)
    return CGSize(
      width: width, height: heights.reduce(0, +) + verticalSpacing * CGFloat(max(rows.count - 1, 0)))
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let widths = columnWidths(rect.width, context: context)
    let width = totalWidth(widths)
    let heights = rowHeights(widths, totalWidth: width, context: context)
    var frames: [Frame] = []
    var y = rect.minY
    for (index, (row, height)) in zip(rows, heights).enumerated() {
      var cells: [Frame] = []
      if isSpanning(row) {
        let cellRect = CGRect(x: rect.minX, y: y, width: width, height: height)
        cells.append(tableCell(place(row[0], in: cellRect, context: context), row: index, column: 0))
      } else {
        var offset: CGFloat = 0
        for (column, cell) in row.enumerated() {
          let x = direction == .rightToLeft ? rect.minX + width - offset - widths[column] : rect.minX + offset
          let frame = place(
            cell, in: CGRect(x: x, y: y, width: widths[column], height: height), context: context)
          cells.append(tableCell(frame, row: index, column: column))
          offset += widths[column] + horizontalSpacing
        }
      }
      if tableHeaders != nil, !cells.allSatisfy(GridNode.isArtifact) {
        let rowRect = CGRect(x: rect.minX, y: y, width: width, height: height)
        frames.append(Frame(name: "TR", rect: rowRect, content: .accessibility(.tableRow), children: cells))
      } else {
        frames += cells
      }
      y += height + verticalSpacing
    }
    return Frame(name: "Grid", rect: rect, children: frames)
  }

  /// Whether `frame` is decoration only (a rule between rows): such a row is no row to readers.
  static func isArtifact(_ frame: Frame) -> Bool {
    var current = frame
    while true {
      if case .accessibility(.artifact, _) = current.content { return true }
      guard current.children.count == 1 else { return false }
      current = current.children[0]
    }
  }

  /// A cell's frame as a table cell to readers when the grid is a table; else the frame itself.
  private func tableCell(_ frame: Frame, row: Int, column: Int) -> Frame {
    guard let tableHeaders, !GridNode.isArtifact(frame) else { return frame }
    let role: AccessibilityRole
    switch tableHeaders {
    case .firstRow: role = row == 0 ? .columnHeader : .cell
    case .firstColumn: role = column == 0 ? .rowHeader : .cell
    }
    return Frame(
      name: role.structureType ?? "", rect: frame.rect, content: .accessibility(role), children: [frame])
  }

  private func place(_ cell: any LayoutNode, in rect: CGRect, context: LayoutContext) -> Frame {
    let size = cell.sizeThatFits(ProposedViewSize(width: rect.width, height: nil), context: context)
    let fitted = CGSize(width: min(size.width, rect.width), height: min(size.height, rect.height))
    return cell.place(
      in: CGRect(origin: alignment.origin(of: fitted, in: rect, direction: direction), size: fitted),
      context: context)
  }
}
