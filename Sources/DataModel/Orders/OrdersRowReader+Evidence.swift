import Foundation

/// What the whole file decides, learned from every row in the first pass: how numbers and dates read.
extension OrdersRowReader {
  /// The item and charge columns read as numbers, in the order a row reads them.
  static let numberFields: [OrderField] = [
    .quantity, .unitPrice, .lineAmount, .taxRate, .discount, .discountAmount, .chargeAmount, .allowanceAmount,
    .chargeTaxRate,
  ]

  /// Learns from a row (of any shard) what a whole-file read would: the decimal separator its numbers
  /// show (while the file's is unknown) and the order of day and month its dates show.
  ///
  /// So each invoice, read on its own in the second pass, and each shard read their rows exactly as
  /// the whole file teaches.
  mutating func learnFromRow(_ record: CSVRecord) {
    guard record.count == headers.count, record.clippedLengths.isEmpty else { return }
    if !decimalSeparatorIsKnown, readsNumbers(record) {
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
    guard !dateEvidence.isSettled else { return }
    for field in [OrderField.invoiceDate, .dueDate] {
      guard let column = columnOf[field] else { continue }
      dateEvidence.note(record.bytes[record.range(column)])
    }
  }

  /// Whether reading the row gets as far as its numbers: a charge row that also gives an item, or
  /// both a charge and an allowance, is refused first.
  private func readsNumbers(_ record: CSVRecord) -> Bool {
    guard Self.isChargeRow(record, columnOf: columnOf) else { return true }
    let given = [OrderField.chargeAmount, .allowanceAmount].filter {
      columnOf[$0].map { !isBlank(record, $0) } ?? false
    }
    let itemColumns = [OrderField.description, .quantity, .unitPrice, .lineAmount].compactMap { columnOf[$0] }
    return given.count == 1 && !itemColumns.contains { !isBlank(record, $0) }
  }
}
