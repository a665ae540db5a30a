import Foundation
import Testing

@testable import DataModel

/// Invoices read back a block at a time (one read for a block's rows when they lie close
/// together) are the invoices read one at a time, and a file cut short between the passes fails
/// only the invoices whose rows are gone.
@Suite struct RowWindowTests {
  /// `rows` written after the header to a new file, indexed; the path is returned for changing it.
  static func indexed(_ rows: [String]) throws -> (index: OrdersIndex, path: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("window-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("orders.csv").path
    try Data((OrdersCSVPartsTests.header + rows.joined()).utf8).write(to: URL(fileURLWithPath: path))
    return (OrdersCSVImporter(options: ImportOptions()).index(path, name: "orders.csv"), path)
  }

  /// Ten invoices of `perInvoice` rows each, grouped or with the rows of all of them interleaved.
  static func rows(grouped: Bool, perInvoice: Int = 3) -> [String] {
    var rows: [String] = []
    for item in 0..<(10 * perInvoice) {
      let invoice = grouped ? item / perInvoice : item % 10
      rows.append(
        OrdersCSVPartsTests.row("INV-\(invoice)", address: "Main St \(invoice)\nBerlin", item: item))
    }
    return rows
  }

  /// What a run shows of each invoice read.
  static func shown(_ read: [IndexedInvoice]) -> [String] {
    read.map { invoice in
      let total: String
      switch invoice.outcome {
      case .invoice(let built): total = String(describing: built.totals.grandTotal)
      case .skipped: total = "skipped"
      case .failed: total = "failed"
      }
      return "\(invoice.number) \(total) \(invoice.diagnostics.map(\.description))"
    }
  }

  @Test(arguments: [true, false]) func aBlockReadsAsItsInvoicesOneByOne(grouped: Bool) throws {
    let (index, path) = try Self.indexed(Self.rows(grouped: grouped))
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let one = Self.shown((0..<index.count).map(index.read))
    #expect(one.count == 10)
    #expect(one.allSatisfy { !$0.contains("failed") })
    #expect(Self.shown(index.read(0..<index.count, jobs: 1)) == one)
    #expect(Self.shown(index.read(3..<7, jobs: 1)) == Array(one[3..<7]))
  }

  @Test func aFileCutShortFailsOnlyTheInvoicesPastTheCut() throws {
    let rows = Self.rows(grouped: true)
    let (index, path) = try Self.indexed(rows)
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    // Keep the header and the first four invoices' rows (three rows each).
    let kept = OrdersCSVPartsTests.header + rows[0..<12].joined()
    try Data(kept.utf8).write(to: URL(fileURLWithPath: path))
    let read = index.read(0..<index.count, jobs: 1)
    let failed = read.filter { if case .failed = $0.outcome { true } else { false } }.map(\.number)
    #expect(failed == (4..<10).map { "INV-\($0)" })
    #expect(
      read[5].diagnostics.contains {
        $0.message.contains("cannot be read again: the file is shorter than before")
      })
    #expect(read[3].diagnostics.isEmpty)
  }
}
