import DataModel
import Foundation
import Testing

/// Every file in Malformed/ with the exact diagnostics it must produce (NAME.expected beside it).
///
/// Set RECORD_DIAGNOSTICS=1 to write the .expected files from the current output (then review them).
@Suite struct MalformedCorpusTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Malformed")

  static var inputs: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".csv") || $0.hasSuffix(".json") }.sorted()
  }

  static func diagnostics(for name: String) -> InvoiceImport {
    let path = folder.appendingPathComponent(name).path
    if name.hasSuffix(".json") { return InvoiceJSONImporter().importFile(path, name: name) }
    return OrdersCSVImporter().importFile(path, name: name)
  }

  static func render(_ result: InvoiceImport) -> String {
    var lines = result.diagnostics.map(\.description)
    lines.append("valid: " + result.invoices.map(\.number).joined(separator: ", "))
    lines.append("invalid: " + result.invalidInvoiceNumbers.joined(separator: ", "))
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func corpusHasAtLeastFortyInputs() {
    #expect(MalformedCorpusTests.inputs.count >= 40)
  }

  @Test(arguments: inputs)
  func producesTheExpectedDiagnostics(_ name: String) throws {
    let actual = MalformedCorpusTests.render(MalformedCorpusTests.diagnostics(for: name))
    let expectedURL = MalformedCorpusTests.folder.appendingPathComponent(name + ".expected")
    if ProcessInfo.processInfo.environment["RECORD_DIAGNOSTICS"] == "1" {
      try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: expectedURL, encoding: .utf8)
    #expect(actual == expected)
    // Every malformed input produces at least one error or warning.
    #expect(!MalformedCorpusTests.diagnostics(for: name).diagnostics.isEmpty)
  }

  @Test func aOneMegabyteFieldIsAnErrorForItsInvoiceOnly() {
    let header =
      "invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate\n"
    let huge = "B,2026-03-01,Bob,\"" + String(repeating: "x", count: 1 << 20) + "\",1,10,EUR,19\n"
    let ok = "A,2026-03-01,Alice,Consulting,1,10,EUR,19\n"
    let result = OrdersCSVImporter().importBytes(Array((header + huge + ok).utf8), name: "huge.csv")
    #expect(result.invoices.map(\.number) == ["A"])
    #expect(
      result.errors.map(\.description) == [
        "error: huge.csv:2: column \"description\": is 1048576 bytes long; a field may have at most 65536\nhint: a quoted field may be missing its closing quote"
      ])
  }
}
