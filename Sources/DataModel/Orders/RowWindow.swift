/// The rows of a run of invoices read back from the stream in one read, when they lie close together.
///
/// In a grouped file the invoices of a block follow one another, so one `pread` for all their rows
/// replaces one per invoice (100,000 system calls for a million rows of ten-row invoices). A
/// shuffled file's rows are spread out: then there is no window and each range is read on its own.
struct RowWindow {
  /// Where `bytes` start in the stream.
  let start: Int64
  let bytes: [UInt8]

  /// The most bytes a window reads at once.
  static let maxBytes: Int64 = 8 << 20

  /// Whether a window over `span` is worth reading for `needed` bytes of rows in it: at most twice them, and bounded.
  static func isWorthReading(span: Range<Int64>, needed: Int64) -> Bool {
    !span.isEmpty && span.count <= min(maxBytes, 2 * needed)
  }

  /// The bytes of `range`, or nil when the window does not hold all of it.
  func bytes(_ range: Range<Int64>) -> [UInt8]? {
    guard range.lowerBound >= start, range.upperBound <= start + Int64(bytes.count) else { return nil }
    return Array(bytes[Int(range.lowerBound - start)..<Int(range.upperBound - start)])
  }
}
