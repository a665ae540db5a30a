import Foundation
import Synchronization

/// An orders CSV read once for where each invoice's rows are, so each invoice can be read on its own.
///
/// The first pass (`OrdersCSVImporter.index`) keeps, per invoice number in order of first
/// appearance, only the byte ranges of its rows in the file (adjacent rows share one range), what
/// the whole file decides (decimal separator, order of slashed dates) and the problems of rows that
/// belong to no invoice. `read(_:)` then reads one invoice's rows back and builds it exactly as a
/// whole-file read would. Memory is a few bytes per row, or per invoice when its rows are adjacent;
/// an input that cannot be read twice (standard input, another encoding) is spooled to a file that
/// is unlinked as soon as it is opened, so nothing is left behind whatever ends the process.
public final class OrdersIndex {
  /// One invoice number and the chain of its row ranges.
  struct Entry {
    let number: String
    /// The line of its first row.
    let line: Int32
    var head: Int32
    var tail: Int32
    /// For a number equal to an earlier one's only after Unicode normalization: that one's first line.
    var variantOfLine: Int32 = 0
  }

  /// Consecutive rows of one invoice: bytes `start..<end` of the stream, from physical line `line`.
  ///
  /// 16 bytes, as a shuffled file has one for nearly every row: the start (40 bits, a terabyte) and
  /// the length (24 bits) share one word. A range past either is kept in `OrdersIndex.wideRanges`.
  struct Segment {
    private var bits: UInt64
    let line: Int32
    var next: Int32 = -1

    /// The length that marks a range kept in `wideRanges`.
    static let wide: UInt64 = (1 << 24) - 1

    /// A segment of `range`, or nil when the range does not fit in one word.
    init?(_ range: Range<Int64>, line: Int32) {
      guard range.lowerBound >= 0, range.lowerBound < 1 << 40, UInt64(range.count) < Self.wide else {
        return nil
      }
      bits = UInt64(range.lowerBound) << 24 | UInt64(range.count)
      self.line = line
    }

    /// A segment whose range is kept in `wideRanges`.
    init(wideAt line: Int32) {
      bits = Self.wide
      self.line = line
    }

    /// Whether the range is kept in `wideRanges`.
    var isWide: Bool { bits & Self.wide == Self.wide }

    /// The range (of a segment that is not wide).
    var range: Range<Int64> {
      let start = Int64(bits >> 24)
      return start..<(start + Int64(bits & Self.wide))
    }

    /// The segment extended to `end`, or nil when the longer range does not fit.
    func extended(to end: Int64) -> Segment? {
      guard !isWide, var longer = Segment(range.lowerBound..<end, line: line) else { return nil }
      longer.next = next
      return longer
    }
  }

  /// Where the rows are read back from.
  enum Source {
    /// A file descriptor (the input file itself, or the spool), closed with the index.
    case descriptor(Int32)
    case bytes([UInt8])
  }

  let options: ImportOptions
  /// The input's name in messages.
  public let file: String
  var source: Source = .bytes([])
  var delimiter = UInt8(ascii: ",")
  var header = OrdersCSVHeader()
  // Written by one thread in the first pass, only read after it: no runtime exclusivity check (see `CSVReader`).
  @exclusivity(unchecked) private(set) var entries = ChunkedArray<Entry>()
  @exclusivity(unchecked) private(set) var segments = ChunkedArray<Segment>()
  /// The ranges of segments too far into the stream or too long for one word, by segment.
  private(set) var wideRanges: [Int32: Range<Int64>] = [:]
  /// The entries by number (the first spelling of each).
  private var byNumber = StringSlots()
  private var variants: [[UInt8]: Int32] = [:]
  /// The problems of the header, of rows that belong to no invoice and of the file as a whole, each
  /// with the line it sorts by among the rows' problems.
  var fileDiagnostics: [(diagnostic: Diagnostic, order: Int)] = []
  /// The decimal separator the file's rows teach, and the line that teaches it (nil: configured or never shown).
  var learnedSeparator: (separator: UInt8, line: Int)?
  /// What every row's dates show about the order of day and month.
  var dates = SlashedDateEvidence()
  var rejectedRows = 0
  /// Whether the header or the file as a whole is unusable.
  var unusable = false
  /// The reading error that stopped the first pass early (every invoice is then invalid).
  var abandonedAt: CSVError?
  /// The parts of the file the first pass read at once and kept (`OrdersCSVParts`): 1 for a read on one thread.
  public internal(set) var partsRead = 1
  /// Reads the invoices back, one at a time.
  private var replay: OrdersRowReader?

  init(options: ImportOptions, file: String) {
    self.options = options
    self.file = file
  }

  deinit {
    if case .descriptor(let descriptor) = source { close(descriptor) }
  }

  /// The number of invoices (valid or not) in the file.
  public var count: Int { entries.count }

  /// The number of invoice `index`.
  public func number(_ index: Int) -> String { entries[index].number }

  /// Whether the file could not be read as orders at all (then no invoice is read).
  public var isUnusable: Bool { unusable || abandonedAt != nil }

  /// Whether a reading error stopped the first pass before the end (every invoice is then invalid).
  public var isAbandoned: Bool { abandonedAt != nil }

  /// Rows that belong to no invoice (no number, too few fields), each with an error.
  public var rejectedRowCount: Int { rejectedRows }

  /// The problems of the header, of rows that belong to no invoice and of the file as a whole.
  public var fileProblems: [Diagnostic] { fileDiagnostics.map(\.diagnostic) }

  // MARK: First pass

  /// The entry of `number` (a new one at `line` for a new number); the refused spelling of an
  /// earlier number gets an entry of its own, failed when it is read.
  func entry(for number: String, line: Int) -> Int {
    let hash = StringSlots.hash(number)
    if let known = byNumber.position(of: number, hash: hash, { entries[$0].number }) {
      if entries[known].number.utf8.elementsEqual(number.utf8) { return known }
      let key = Array(number.utf8)
      if let variant = variants[key] { return Int(variant) }
      let index = Int32(entries.count)
      entries.append(
        Entry(
          number: number, line: Int32(clamping: line), head: -1, tail: -1,
          variantOfLine: entries[known].line))
      variants[key] = index
      return Int(index)
    }
    let index = entries.count
    entries.append(Entry(number: number, line: Int32(clamping: line), head: -1, tail: -1))
    byNumber.insert(index, hash: hash) { entries[$0].number }
    return index
  }

  /// Adds `record`'s bytes to entry `index`, joining them to its last range when they follow it.
  func add(_ record: CSVRecord, to index: Int) {
    add(record.start..<record.end, line: Int32(clamping: record.line), to: index)
  }

  /// Adds the rows at `rows`, from physical line `line`, to entry `index`, joining them to its last
  /// range when they follow it.
  private func add(_ rows: Range<Int64>, line: Int32, to index: Int) {
    let tail = entries[index].tail
    if tail >= 0, range(of: Int(tail)).upperBound == rows.lowerBound,
      let longer = segments[Int(tail)].extended(to: rows.upperBound)
    {
      segments[Int(tail)] = longer
      return
    }
    let segment = Int32(segments.count)
    if let compact = Segment(rows, line: line) {
      segments.append(compact)
    } else {
      segments.append(Segment(wideAt: line))
      wideRanges[segment] = rows
    }
    if tail >= 0 { segments[Int(tail)].next = segment } else { entries[index].head = segment }
    entries[index].tail = segment
  }

  /// Drops the table that finds entries by number, once no row is added (a part whose entries are
  /// about to be taken by the index of the rows before it, `append`): a few bytes per invoice less
  /// while both are held.
  func stopAdding() {
    byNumber = StringSlots()
    variants = [:]
  }

  /// Takes the entries and rows of `part`, the index of the rows that follow this one's in the
  /// stream, as if this index had read them itself: numbers new here are added in the order they
  /// first appear there, and each invoice's rows keep their order.
  ///
  /// The part's segments are not copied: their chunks join this index's (after a gap that fills
  /// the last chunk), and only their links are renumbered. So a shuffled file's ten million
  /// segments are never held twice, whatever memory the part's thread allocated them from.
  func append(_ part: OrdersIndex) {
    segments.fillLastChunk(with: Segment(wideAt: 0))
    let base = Int32(segments.count)
    for (segment, range) in part.wideRanges { wideRanges[segment + base] = range }
    part.wideRanges = [:]
    var theirs = part.segments
    part.segments = ChunkedArray()
    theirs.update { segment in
      if segment.next >= 0 { segment.next += base }
    }
    segments.append(chunksOf: &theirs)
    for local in 0..<part.entries.count {
      let entry = part.entries[local]
      let taker = self.entry(for: entry.number, line: Int(entry.line))
      guard entry.head >= 0 else { continue }
      let tail = entries[taker].tail
      if tail >= 0 {
        segments[Int(tail)].next = entry.head + base
      } else {
        entries[taker].head = entry.head + base
      }
      entries[taker].tail = entry.tail + base
    }
  }

  /// The bytes of segment `index` in the stream.
  private func range(of index: Int) -> Range<Int64> {
    range(of: index, segments[index])
  }

  /// The bytes of `segment`, segment `index`, in the stream.
  private func range(of index: Int, _ segment: Segment) -> Range<Int64> {
    return segment.isWide ? wideRanges[Int32(index)]! : segment.range
  }

  // MARK: Second pass

  /// Invoice `index` read from its rows: the invoice, or why it is skipped or invalid, with every
  /// problem its rows and its assembly showed (row problems first, in line order).
  public func read(_ index: Int) -> IndexedInvoice {
    if replay == nil { replay = OrdersRowReader(replaying: self) }
    return read(index, with: &replay!)
  }

  /// Invoices `range` read on up to `jobs` threads at once, each with a reader of its own, in order.
  ///
  /// After the first pass the index is only read (rows come back through `pread`), so the threads
  /// share it, and calls for other ranges may run at the same time; each invoice is built exactly
  /// as `read(_:)` builds it.
  public func read(_ range: Range<Int>, jobs: Int) -> [IndexedInvoice] {
    let parts = max(1, min(jobs, range.count / 16))
    guard parts > 1 else {
      var reader = OrdersRowReader(replaying: self)
      let window = window(for: range)
      return range.map { read($0, with: &reader, window: window) }
    }
    let results = Mutex<[[IndexedInvoice]]>(Array(repeating: [], count: parts))
    let shared = SharedIndex(index: self)
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let lower = range.lowerBound + range.count * part / parts
      let upper = range.lowerBound + range.count * (part + 1) / parts
      var reader = OrdersRowReader(replaying: shared.index)
      let window = shared.index.window(for: lower..<upper)
      let read = (lower..<upper).map { shared.index.read($0, with: &reader, window: window) }
      results.withLock { $0[part] = read }
    }
    return results.withLock { $0.flatMap { $0 } }
  }

  /// One read of the rows of invoices `range` when they lie close together (see `RowWindow`), else nil.
  private func window(for range: Range<Int>) -> RowWindow? {
    guard case .descriptor = source, range.count > 1 else { return nil }
    var lower = Int64.max
    var upper = Int64.min
    var needed: Int64 = 0
    for index in range {
      var segment = entries[index].head
      while segment >= 0 {
        let rows = self.range(of: Int(segment))
        lower = min(lower, rows.lowerBound)
        upper = max(upper, rows.upperBound)
        needed += Int64(rows.count)
        segment = segments[Int(segment)].next
      }
    }
    guard lower < upper, RowWindow.isWorthReading(span: lower..<upper, needed: needed),
      case .success(let bytes) = bytes(lower..<upper)
    else { return nil }
    return RowWindow(start: lower, bytes: bytes)
  }

  /// Invoice `index` read with `replay`, a reader made for this index, from `window` where it holds the rows.
  private func read(_ index: Int, with replay: inout OrdersRowReader, window: RowWindow? = nil)
    -> IndexedInvoice
  {
    let entry = entries[index]
    var rows: [(bytes: [UInt8], line: Int)] = []
    var segment = entry.head
    var unreadable: String?
    while segment >= 0 {
      let part = segments[Int(segment)]
      let range = range(of: Int(segment))
      switch window?.bytes(range).map(Result.success) ?? bytes(range) {
      case .success(let bytes): rows.append((bytes, Int(part.line)))
      case .failure(let error): unreadable = error.reason
      }
      segment = part.next
    }
    // The common case returns the replay's result as it is: a `var` changed on one path only made
    // Swift copy the whole 1,152-byte result (and retain everything in it) on every path.
    guard let unreadable else {
      return replay.replay(entry, rows: rows, delimiter: delimiter, failed: abandonedAt != nil)
    }
    var result = replay.replay(entry, rows: rows, delimiter: delimiter, failed: abandonedAt != nil)
    result.rowDiagnostics.append(
      Diagnostic(
        .error, SourceLocation(file: file, line: Int(entry.line)),
        "the rows of invoice \(Diagnostic.quote(entry.number)) cannot be read again: \(unreadable)"))
    result.outcome = .failed
    return result
  }

  /// Why rows could not be read again.
  private struct RereadError: Error {
    let reason: String
  }

  /// The bytes `range` of the stream.
  private func bytes(_ range: Range<Int64>) -> Result<[UInt8], RereadError> {
    switch source {
    case .bytes(let all):
      return .success(Array(all[Int(range.lowerBound)..<Int(range.upperBound)]))
    case .descriptor(let descriptor):
      var failure: RereadError?
      // Read straight into the array's storage: no zero-filling first.
      let buffer = [UInt8](unsafeUninitializedCapacity: Int(range.count)) { raw, count in
        var done = 0
        while done < raw.count {
          let got = pread(
            descriptor, raw.baseAddress! + done, raw.count - done, off_t(range.lowerBound) + off_t(done))
          if got < 0, errno == EINTR { continue }
          guard got > 0 else {
            failure = RereadError(
              reason: got == 0 ? "the file is shorter than before" : String(cString: strerror(errno)))
            break
          }
          done += got
        }
        count = done
      }
      if let failure { return .failure(failure) }
      return .success(buffer)
    }
  }

  /// Every invoice read, as one import: the whole file at once (for callers that want all of it).
  public func readAll() -> InvoiceImport {
    var invoices: [Invoice] = []
    var invalid: [String] = []
    var skipped: [SkippedInvoice] = []
    var rowDiagnostics = fileDiagnostics
    var assembly: [Diagnostic] = []
    if abandonedAt != nil || header.headers.isEmpty {
      // The input could not be read to the end: no invoice from it is complete enough to trust.
      invalid = (0..<entries.count).map { entries[$0].number }
    }
    for index in 0..<entries.count {
      let read = read(index)
      switch read.outcome {
      case .invoice(let built):
        invoices.append(built)
        if let note = read.refundNote { invoices.append(note) }
      case .skipped(let skip): skipped.append(skip)
      case .failed: invalid.append(entries[index].number)
      }
      rowDiagnostics += read.rowDiagnostics.map { ($0, $0.location.line ?? 0) }
      assembly += read.assemblyDiagnostics
    }
    var seen = Set<String>()
    invalid = invalid.filter { seen.insert($0).inserted }
    // Row problems in line order, as the rows came; then what assembling the invoices found.
    let ordered = rowDiagnostics.enumerated().sorted {
      ($0.element.order, $0.offset) < ($1.element.order, $1.offset)
    }.map(\.element.diagnostic)
    return InvoiceImport(
      invoices: invoices, diagnostics: ordered + assembly, invalidInvoiceNumbers: invalid,
      rejectedRows: rejectedRows, isUnusable: isUnusable, skipped: skipped)
  }
}

/// An index handed to the threads of `OrdersIndex.read(_:jobs:)`, which only read it.
private struct SharedIndex: @unchecked Sendable {
  let index: OrdersIndex
}

/// One invoice of an `OrdersIndex`, read: what became of it and the problems found on the way.
public struct IndexedInvoice: Sendable {
  /// What an invoice's rows became.
  public enum Outcome: Sendable {
    /// The invoice, in a box of its own: a read invoice is handed on several times before it is
    /// checked, and each hand-over copied all 1,152 bytes of it, retaining every field.
    indirect case invoice(Invoice)
    /// Left out for its status (refunded, voided, cancelled).
    case skipped(SkippedInvoice)
    case failed
  }

  /// The invoice's number.
  public var number: String
  /// The invoice, or why there is none.
  public var outcome: Outcome
  /// The credit note for the refunded part of a partly refunded order (`--refunds credit-note`).
  public var refundNote: Invoice?
  /// The problems of its rows, in line order.
  public var rowDiagnostics: [Diagnostic]
  /// The problems found assembling it from its rows.
  public var assemblyDiagnostics: [Diagnostic]

  /// Every problem, rows first.
  public var diagnostics: [Diagnostic] { rowDiagnostics + assemblyDiagnostics }

  public init(
    number: String, outcome: Outcome, refundNote: Invoice? = nil, rowDiagnostics: [Diagnostic],
    assemblyDiagnostics: [Diagnostic]
  ) {
    self.number = number
    self.outcome = outcome
    self.refundNote = refundNote
    self.rowDiagnostics = rowDiagnostics
    self.assemblyDiagnostics = assemblyDiagnostics
  }
}
