import DataModel
import Foundation
import Testing

/// Columns of JSON values: right in any order of asking, and linear for a file written on one line.
@Suite struct JSONColumnTests {
  /// The column of each value by counting characters back to its line's start, the slow and sure way.
  static func expectedColumn(_ text: String, offset: Int) -> Int {
    let bytes = Array(text.utf8)
    var start = offset
    while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
    return 1 + bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count
  }

  /// Every value of `value`'s tree, depth first.
  static func values(_ value: JSONValue) -> [JSONValue] {
    switch value.kind {
    case .object(let members): return [value] + members.flatMap { values($0.value) }
    case .array(let elements): return [value] + elements.flatMap(values)
    default: return [value]
    }
  }

  @Test func columnsAreRightForwardBackwardAndAcrossLines() throws {
    let text = #"{"a": ["Müller", "東京", 1], "b": {"c": "x"},"# + "\n" + #"  "d": [true, null, "ß"], "e": 2}"#
    let document = try JSONParser.parse(Array(text.utf8))
    let all = Self.values(document.root)
    for value in all + all.reversed() + all {
      #expect(
        document.column(of: value) == Self.expectedColumn(text, offset: value.offset), "\(value.offset)")
    }
  }

  @Test func aLargeOneLineFileIsReadInLinearTime() throws {
    // 20,000 invoices on one line: counting back to the line's start for each would scan 20 GB.
    let invoice =
      #"{"invoiceNumber": "N-%d", "invoiceDate": "2026-03-01", "currency": "EUR", "customer": {"name": "Café"}, "items": [{"description": "Thé", "quantity": 1, "unitPrice": "2.50", "taxRate": 7}]}"#
    let list = (0..<20_000).map { String(format: invoice, $0) }.joined(separator: ",")
    let text = "{\"invoices\": [\(list)]}"
    let result = InvoiceJSONImporter().importBytes(Array(text.utf8), name: "one-line.json")
    #expect(result.invoices.count == 20_000)
    let last = try #require(text.range(of: #"{"invoiceNumber": "N-19999""#))
    let offset = text.utf8.distance(
      from: text.utf8.startIndex, to: last.lowerBound.samePosition(in: text.utf8)!)
    #expect(result.invoices.last?.source.column == Self.expectedColumn(text, offset: offset))
  }
}
