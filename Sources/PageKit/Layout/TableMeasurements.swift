import Foundation

/// What a table has measured and keeps for the rest of its layout: the one mutable part of a table node.
///
/// Every entry is a cache keyed by the width it was measured at: laying out at another width
/// measures again. Nothing here changes what is drawn, only how often text is shaped.
final class TableMeasurements {
  /// The column widths of the last table width.
  var columnWidths: (width: CGFloat, columns: [CGFloat])?
  /// The unwrapped shapes of the sampled body cells of `fit` columns, by row and column.
  var sampledShapes: [TableNode.SampleKey: (text: String, shaped: any ShapedText)] = [:]
  /// Rows measured in the first pagination pass, kept for the second while the table is small
  /// (`TableNode.measuredRowBudget` rows); long tables stream and are shaped twice.
  var rows: [TableNode.MeasuredRow] = []
  /// The width `rows` were measured at.
  var rowsWidth: CGFloat = -1
  /// Whether `rows` are still being kept (false once the budget was passed).
  var keepsRows = true
  /// The header row of the last width.
  var header: (width: CGFloat, row: TableNode.MeasuredRow)?
  /// The height reserved for a continuation row at the last width.
  var continuationHeight: (width: CGFloat, height: CGFloat)?
}
