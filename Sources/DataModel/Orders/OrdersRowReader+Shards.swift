import Foundation

/// What a shard learns from the rows it skips: the whole file decides how numbers and dates read.
extension OrdersRowReader {
  /// The item and charge columns read as numbers, in the order a row reads them.
  static let numberFields: [OrderField] = [
    .quantity, .unitPrice, .lineAmount, .taxRate, .discount, .discountAmount, .chargeAmount, .allowanceAmount,
    .chargeTaxRate,
  ]

  /// Skips another shard's row: it does not count among this shard's rows, and teaches only what the whole file decides.
  mutating func skipOtherShardRow(_ record: CSVRecord) {
    rowCount -= 1
    learnFromOtherShard(record)
  }

  /// Learns from another shard's row what the unsharded run would have: the decimal separator its
  /// numbers show (while the file's is unknown) and the order of day and month its dates show.
  ///
  /// So every shard reads its own rows exactly as the whole run reads them.
  mutating func learnFromOtherShard(_ record: CSVRecord) {
    guard record.count == headers.count, record.clippedLengths.isEmpty else { return }
    if !decimalSeparatorIsKnown {
      for field in Self.numberFields {
        guard let column = columnOf[field], !isBlank(record, column) else { continue }
        var range = record.range(column)
        while range.upperBound > range.lowerBound,
          record.bytes[range.upperBound - 1] == 0x20
            || record.bytes[range.upperBound - 1] == UInt8(ascii: "%")
        {
          range = range.lowerBound..<(range.upperBound - 1)
        }
        let evidence =
          CurrencyMark(record.bytes[range]).map {
            GroupedNumber.separatorEvidence($0.amount[...], maxFractionDigits: 6)
          } ?? GroupedNumber.separatorEvidence(record.bytes[range], maxFractionDigits: 6)
        if case .shows(let separator) = evidence {
          adoptDecimalSeparator(separator, line: record.line)
          break
        }
      }
    }
    guard !otherShardDates.isSettled else { return }
    for field in [OrderField.invoiceDate, .dueDate] {
      guard let column = columnOf[field] else { continue }
      otherShardDates.note(record.bytes[record.range(column)])
    }
  }
}
