/// The first pass over a stretch of an orders CSV's rows: the reader's state, what it found, and where it ended.
///
/// `OrdersCSVImporter` runs one over the whole file, or one per part of a large file at once
/// (`OrdersCSVParts`), each into an index of its own, and then takes each part into the first in
/// file order (`append`), as if one pass had read them all.
struct OrdersRowPass {
  var state: OrdersRowReader
  /// The problems found, each with the line it sorts by among the rows' problems.
  var found: [(diagnostic: Diagnostic, order: Int)] = []
  /// Whether a row was read.
  var sawRow = false
  /// The end of the last row read in the stream, and the physical line after it.
  var lastEnd: Int64
  var lastLine: Int
  /// The reading error that stopped the pass.
  var error: CSVError?

  /// A pass with `state`, whose reader is at `offset` of the stream, on `line`.
  init(_ state: OrdersRowReader, at offset: Int64, line: Int) {
    self.state = state
    lastEnd = offset
    lastLine = line
  }

  /// Moves the reader's new diagnostics to `found`, sorting among the rows' problems at `order`.
  mutating func collect(_ order: Int) {
    found += state.diagnostics.map { ($0, order) }
    state.diagnostics.removeAll(keepingCapacity: true)
  }

  /// Reads the rows of `reader` into the state's index, up to the first row that starts at `stop` or
  /// later (left to whoever reads from there) or the input's end; a reading error ends the pass.
  mutating func read(_ reader: CSVReader, until stop: Int64 = .max) {
    var record = CSVRecord()
    do throws(CSVError) {
      while reader.offset < stop, try reader.next(into: &record) {
        // Blank lines before `stop` can bring the next row past it.
        guard record.start < stop else { break }
        sawRow = true
        state.indexRow(record)
        if !state.diagnostics.isEmpty { collect(record.line) }
        lastEnd = record.end
        lastLine = reader.line
      }
    } catch {
      self.error = error
    }
  }

  /// Takes `part`, the pass over the rows that follow this one's, with what it learned; `index`
  /// is this pass's index.
  mutating func append(_ part: OrdersRowPass, into index: OrdersIndex) {
    found += part.found
    sawRow = sawRow || part.sawRow
    state.rejectedRows += part.state.rejectedRows
    state.unusable = state.unusable || part.state.unusable
    if !state.decimalSeparatorIsKnown, part.state.decimalSeparatorIsKnown {
      state.adoptDecimalSeparator(part.state.decimalSeparator, line: part.state.decimalSeparatorLine)
    }
    state.dateEvidence.add(part.state.dateEvidence)
    // The number of the last row read names an entry of the part's index, not of this one.
    state.lastNumber = []
    state.lastIndex = -1
    if let rows = part.state.index { index.append(rows) }
    lastEnd = part.lastEnd
    lastLine = part.lastLine
    error = part.error
  }
}
