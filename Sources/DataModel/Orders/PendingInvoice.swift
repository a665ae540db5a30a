import Foundation

/// An invoice being collected from its rows.
///
/// One thread collects it, so the properties its rows change skip the runtime's exclusivity check
/// (`@exclusivity(unchecked)`, see `CSVReader`).
final class PendingInvoice {
  let number: String
  let line: Int
  /// The first non-blank value of each invoice-level column, one after the other.
  @exclusivity(unchecked) private var levelBytes: [UInt8] = []
  /// Where each column's value is in `levelBytes`, and the line it came from (0: none yet).
  @exclusivity(unchecked) private var levelRanges: [(start: Int32, end: Int32, line: Int32)]
  @exclusivity(unchecked) var items: [LineItem] = []
  /// Charges and allowances from rows that give no item.
  @exclusivity(unchecked) var allowancesCharges: [AllowanceCharge] = []
  /// The first line whose item gave no tax rate (none configured either), 0 when none: an error unless the invoice's tax is given.
  var missingRateLine = 0
  /// The first line whose item gave a tax rate, 0 when none: an error when the invoice's tax is given.
  var explicitRateLine = 0
  @exclusivity(unchecked) var failed = false
  /// Whether the invoice was warned of a character printed as U+FFFD (once per invoice).
  var warnedUnrenderable = false

  init(number: String, line: Int, levelCount: Int) {
    self.number = number
    self.line = line
    levelRanges = Array(repeating: (0, 0, 0), count: levelCount)
  }

  /// Drops the raw invoice-level values and this object's hold on the items once the invoice is built.
  func releaseStorage() {
    levelBytes = []
    levelRanges = []
    items = []
    allowancesCharges = []
  }

  /// The value first given for `column`, if any (nil once the storage is released).
  func levelValue(_ column: Int) -> ArraySlice<UInt8>? {
    guard column < levelRanges.count else { return nil }
    let entry = levelRanges[column]
    return entry.line == 0 ? nil : levelBytes[Int(entry.start)..<Int(entry.end)]
  }

  /// Whether the value first given for `column` has the same bytes as `bytes[range]`.
  func levelValue(_ column: Int, equals bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let entry = levelRanges[column]
    let length = Int(entry.end - entry.start)
    guard length == range.count else { return false }
    return levelBytes.withUnsafeBufferPointer { stored in
      bytes.withUnsafeBufferPointer { given in
        memcmp(stored.baseAddress! + Int(entry.start), given.baseAddress! + range.lowerBound, length) == 0
      }
    }
  }

  /// The line `column`'s value came from.
  func levelLine(_ column: Int) -> Int { Int(levelRanges[column].line) }

  func setLevelValue(_ column: Int, _ bytes: ArraySlice<UInt8>, line: Int) {
    let start = levelBytes.count
    levelBytes.append(contentsOf: bytes)
    levelRanges[column] = (Int32(start), Int32(levelBytes.count), Int32(clamping: line))
  }
}
