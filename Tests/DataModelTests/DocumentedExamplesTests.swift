import DataModel
import Foundation
import Testing

/// The complete examples in docs/formats.md import without a single diagnostic, so the docs stay true.
@Suite struct DocumentedExamplesTests {
  static let document: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/formats.md")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  /// The code blocks fenced with ```language.
  static func blocks(_ language: String) -> [String] {
    var result: [String] = []
    var current: [Substring]?
    for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```" + language {
        current = []
      } else if current != nil, line == "```" {
        result.append(current!.joined(separator: "\n") + "\n")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return result
  }

  @Test func ordersCSVExampleImports() throws {
    let csv = try #require(Self.blocks("csv").first)
    let result = OrdersCSVImporter().importBytes(Array(csv.utf8), name: "orders.csv")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.invoices.map(\.number) == ["INV-2026-001", "INV-2026-002"])
    #expect(result.invoices[0].totals.grandTotal.description == "EUR 514.54")
  }

  @Test func invoiceJSONExampleImports() throws {
    let json = try #require(Self.blocks("json").first)
    let result = InvoiceJSONImporter().importBytes(Array(json.utf8), name: "invoices.json")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.invoices.first?.customer.address == ["Bahnhofstrasse 1", "8001 Zürich"])
  }

  @Test func reportJSONExampleImports() throws {
    let json = try #require(Self.blocks("json").dropFirst().first)
    let result = ReportJSONImporter().importBytes(Array(json.utf8), name: "report.json")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.report?.sections.count == 2)
  }
}
