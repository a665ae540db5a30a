import Foundation
import Testing

@testable import DataModel

/// A large orders CSV indexed in parts on several threads reads exactly as on one: the same
/// invoices, problems (with their lines) and invalid numbers, whatever the cuts fall on.
@Suite struct OrdersCSVPartsTests {
  static let header =
    "invoice_number,invoice_date,due_date,currency,customer_name,customer_address,description,quantity,unit_price,tax_rate\n"

  /// One row of invoice `number`; `address` may hold a line break, quoted.
  static func row(_ number: String, date: String = "2026-03-01", address: String = "Main St 1", item: Int)
    -> String
  {
    let quoted = "\"" + address.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    return
      "\(number),\(date),,EUR,Kunde \(number),\(quoted),Item \(item),\(item % 7 + 1),\(item % 13).50,19\n"
  }

  /// `text` written to a file, indexed on one thread and on `threads` in parts of `partBytes`.
  static func bothWays(
    _ text: String, threads: Int = 4, partBytes: Int = 600, options: ImportOptions = ImportOptions()
  )
    throws -> (one: OrdersIndex, parts: OrdersIndex)
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("orders.csv").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let importer = OrdersCSVImporter(options: options)
    return (
      importer.index(path, name: "orders.csv"),
      importer.index(path, name: "orders.csv", threads: threads, partBytes: partBytes)
    )
  }

  /// Expects the two indexes to read the same, everything a run shows.
  static func expectSame(
    _ one: OrdersIndex, _ parts: OrdersIndex, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let first = one.readAll()
    let second = parts.readAll()
    #expect(first.invoices == second.invoices, sourceLocation: sourceLocation)
    #expect(
      first.diagnostics.map(\.description) == second.diagnostics.map(\.description),
      sourceLocation: sourceLocation)
    #expect(first.invalidInvoiceNumbers == second.invalidInvoiceNumbers, sourceLocation: sourceLocation)
    #expect(first.rejectedRows == second.rejectedRows, sourceLocation: sourceLocation)
    #expect(first.isUnusable == second.isUnusable, sourceLocation: sourceLocation)
    #expect(
      (0..<one.count).map(one.number) == (0..<parts.count).map(parts.number), sourceLocation: sourceLocation)
  }

  @Test func shuffledRowsWithTwoLineAddressesReadAsOnOneThread() throws {
    // Every row has a line break inside quotes, so half the line feeds are no row's end.
    var rows: [String] = []
    for item in 0..<400 {
      rows.append(
        Self.row("INV-\(item * 7 % 50)", address: "Street \(item)\n1011\(item % 10) Berlin", item: item))
    }
    let (one, parts) = try Self.bothWays(Self.header + rows.joined())
    #expect(parts.partsRead == 4)
    #expect(one.count == 50)
    Self.expectSame(one, parts)
  }

  @Test func problemsInLaterPartsKeepTheirLines() throws {
    var text = Self.header
    for item in 0..<300 {
      switch item {
      case 150: text += "INV-3,2026-03-01,,EUR,Kunde,x,Broken,abc,1.00,19\n"
      case 200: text += "\n\n"
      case 230: text += ",2026-03-01,,EUR,Kunde,x,No number,1,1.00,19\n"
      case 260: text += "INV-4,2026-03-01\n"
      default: text += Self.row("INV-\(item % 9)", item: item)
      }
    }
    let (one, parts) = try Self.bothWays(text)
    #expect(parts.partsRead > 1)
    let lines = one.readAll().errors.compactMap(\.location.line)
    #expect(lines.contains(152) && lines.contains(233), "\(lines)")
    Self.expectSame(one, parts)
  }

  @Test func whatALaterPartTeachesHoldsForTheWholeFile() throws {
    // The decimal comma and the day-first dates show only in the last part.
    var text = Self.header.replacingOccurrences(of: ",", with: ";")
    for item in 0..<300 {
      let price = item == 280 ? "1234,56" : "\(item % 13)"
      let date = item == 290 ? "25/03/2026" : "03/03/2026"
      text += "INV-\(item % 11);\(date);;EUR;Kunde;Main St 1;Item;1;\(price);19\n"
    }
    let (one, parts) = try Self.bothWays(text)
    #expect(parts.partsRead > 1)
    let prices = parts.readAll().invoices.flatMap(\.items).map(\.unitPrice.description)
    #expect(prices.contains("1234.56"))
    Self.expectSame(one, parts)
  }

  @Test func numbersSpelledInBothNormalizationFormsAcrossParts() throws {
    var text = Self.header
    for item in 0..<300 {
      // "Café" composed in the first half, decomposed in the second: two invoices, the second refused.
      let number = item < 150 ? "Caf\u{E9}-\(item % 3)" : "Cafe\u{301}-\(item % 3)"
      text += Self.row(number, item: item)
    }
    let (one, parts) = try Self.bothWays(text)
    #expect(parts.partsRead > 1)
    #expect(one.count == 6)
    Self.expectSame(one, parts)
  }

  @Test func aCutInsideAQuotedFieldThatLooksLikeRowsIsCaught() throws {
    // A description that holds whole fake rows: the probe takes a line feed inside it for a row's
    // end, the part before the cut reads through it, and the rest is read again on one thread.
    let fake = (0..<40).map { "FAKE-\($0),2026-03-01,,EUR,Fake,x,Fake,1,1.00,19" }.joined(separator: "\n")
    var text = Self.header
    for item in 0..<20 { text += Self.row("INV-\(item % 4)", item: item) }
    text += "INV-1,2026-03-01,,EUR,Kunde,x,\"\(fake)\",1,1.00,19\n"
    for item in 0..<20 { text += Self.row("INV-\(item % 4)", item: item) }
    let (one, parts) = try Self.bothWays(text, threads: 2, partBytes: text.utf8.count / 2 - 100)
    #expect(parts.partsRead == 1)
    #expect(one.count == 4)
    Self.expectSame(one, parts)
  }

  @Test func aFileThatEndsInsideAQuoteFailsAsOnOneThread() throws {
    var text = Self.header
    for item in 0..<300 { text += Self.row("INV-\(item % 5)", item: item) }
    text += "INV-9,2026-03-01,,EUR,Kunde,\"never closed,Item,1,1.00,19\n"
    let (one, parts) = try Self.bothWays(text)
    #expect(parts.partsRead > 1)
    #expect(one.isAbandoned && parts.isAbandoned)
    Self.expectSame(one, parts)
  }

  @Test(arguments: [1, 17, 64, 333])
  func anyPartSizeReadsTheSame(_ partBytes: Int) throws {
    var text = Self.header
    for item in 0..<120 {
      text += Self.row("N\(item * 13 % 17)", address: item % 3 == 0 ? "a\nb" : "a", item: item)
      if item % 10 == 0 { text += "\r\n" }
    }
    let (one, parts) = try Self.bothWays(text, threads: 6, partBytes: partBytes)
    #expect(parts.partsRead > 1)
    Self.expectSame(one, parts)
  }

  @Test func lineFeedsAreCountedEightAtATimeExactly() {
    let bytes: [UInt8] = Array("\n\na\n\u{8A}\u{0B}\n0123456789\n\n\n\u{FF}x\n".utf8)
    let counted = bytes.withUnsafeBytes { OrdersCSVParts.lineFeeds(in: $0) }
    #expect(counted == bytes.filter { $0 == 0x0A }.count)
  }
}
