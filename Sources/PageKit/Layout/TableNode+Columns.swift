import Foundation

extension TableNode {
  /// The width of every column for a table `width` wide.
  ///
  /// Fixed columns take their points, fitted ones their widest sampled text (shrunk when the table is
  /// too narrow), and fraction columns share what is left.
  func columnWidths(_ width: CGFloat, context: LayoutContext) -> [CGFloat] {
    if let cache = measurements.columnWidths, cache.width == width { return cache.columns }
    let columns = table.columns
    var widths = [CGFloat](repeating: 0, count: columns.count)
    let fitted = columns.indices.filter { columns[$0].width == .fit }
    if !fitted.isEmpty { measureFitted(fitted, into: &widths, context: context) }
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
      shrinkFitted(fitted, in: width - fixed, short: left, widths: &widths)
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

  /// Sets each fitted column's width to its widest text among the header, the footer, the widest
  /// running total and the first rows, plus padding.
  private func measureFitted(_ fitted: [Int], into widths: inout [CGFloat], context: LayoutContext) {
    let columns = table.columns
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
          let shaped = context.textShaper.shape(cellParagraph(text, column: index, bold: bold), width: nil)
          if !bold {
            // Kept so measuring the row at its column width can reuse this one-line shape.
            measurements.sampledShapes[SampleKey(row: sampleIndex - boldRows - 1, column: index)] = (
              text, shaped
            )
          }
          return shaped.size.width
        }.max().map { $0 + padding + 0.5 } ?? padding
      if let last = table.rows.lastRow, index < last.count {
        // Past the sample, the last row (a five-digit row number): measured, not kept as a sampled shape.
        let paragraph = cellParagraph(last[index], column: index, bold: false)
        widths[index] = max(
          widths[index], context.textShaper.shape(paragraph, width: nil).size.width + padding + 0.5)
      }
    }
  }

  /// Shrinks the fitted columns into `available` points, `short` (negative) points too few for them.
  ///
  /// Columns that do not wrap (numbers, dates, codes) keep their natural width; those that wrap
  /// share what is left in proportion to theirs, as long as each keeps a legible minimum. Only
  /// when that is not possible do all fitted columns shrink alike.
  private func shrinkFitted(_ fitted: [Int], in available: CGFloat, short: CGFloat, widths: inout [CGFloat]) {
    let fittedTotal = fitted.reduce(CGFloat(0)) { $0 + widths[$1] }
    let wrapping = fitted.filter { table.columns[$0].wraps }
    let wrappingTotal = wrapping.reduce(CGFloat(0)) { $0 + widths[$1] }
    let room = wrappingTotal + short
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
      let scale = max(0, available / fittedTotal)
      for index in fitted { widths[index] *= scale }
    }
  }
}
