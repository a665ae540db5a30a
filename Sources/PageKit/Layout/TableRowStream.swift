import Foundation

/// The rows of one layout of a table, read forward once and kept only while a page may still need them.
///
/// Rows are asked for by index, so a page that defers or ends early never loses the rows it read:
/// the next attempt asks for the same indices and gets the kept rows. `release(before:)` drops rows
/// no remainder can reach any more, so a 400,000-row table holds a page's rows at a time. A source
/// that fails while reading records the document's `LayoutError` and ends the table there.
final class TableRowStream {
  private let source: TableRows
  private var cursor: (() throws -> [String]?)?
  private var kept: [[String]] = []
  /// The index of `kept[0]`.
  private var base = 0
  private var ended = false
  private let context: LayoutContext

  init(_ rows: TableRows, context: LayoutContext) {
    source = rows
    self.context = context
    start()
  }

  /// Opens a cursor at the first row.
  private func start() {
    kept = []
    base = 0
    ended = false
    do {
      cursor = try source.makeCursor()
    } catch {
      cursor = nil
      fail(error, row: 0)
    }
  }

  /// Row `index`, or nil past the last row (or after a read error, which is recorded in the context).
  ///
  /// A row already released is read again from the start of the source: only a caller that lays an
  /// old remainder out again pays for that.
  func row(_ index: Int) -> [String]? {
    if index < base { start() }
    while base + kept.count <= index {
      guard !ended, let cursor else { return nil }
      do {
        if let row = try cursor() {
          kept.append(row)
        } else {
          ended = true
        }
      } catch {
        fail(error, row: base + kept.count)
      }
    }
    return kept[index - base]
  }

  /// Forgets the rows before `index`: no page will ask for them again.
  func release(before index: Int) {
    let drop = min(max(0, index - base), kept.count)
    guard drop > 0 else { return }
    kept.removeFirst(drop)
    base += drop
  }

  private func fail(_ error: any Error, row: Int) {
    ended = true
    context.fail(
      LayoutError(
        .rowSource, "a table's rows could not be read after \(row) row\(row == 1 ? "" : "s"): \(error)"))
  }
}
