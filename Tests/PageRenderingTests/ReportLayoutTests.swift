import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering
import Testing

/// What the report layout decides for any CSV: numbers aligned to the trailing edge, the footer's label in the report's language, wide tables warned about.
@Suite struct ReportLayoutTests {
  static func csvReport(locale: String?, columns: Int = 3) throws -> Report {
    let folder = try TestSupport.temporaryFolder()
    let path = folder + "/results.csv"
    let header = (1...columns).map { $0 == 1 ? "Name" : "Value \($0)" }.joined(separator: ",")
    let rows = (1...3).map { row in
      (1...columns).map { $0 == 1 ? "item \(row)" : "\(row * $0)" }.joined(separator: ",")
    }
    try ([header] + rows).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    var report = try #require(ReportCSVImporter().importFile(path).report)
    report.locale = locale
    return report
  }

  @Test(arguments: [("en-GB", "Total"), ("de-DE", "Gesamtbetrag")])
  func theTotalsRowIsLabelledInTheReportsLanguage(locale: String, label: String) throws {
    let prepared = ReportLayout.document(
      for: try ReportLayoutTests.csvReport(locale: locale), brand: Brand(), creator: "tests")
    let renderer = DocumentRenderer(document: prepared.document, environment: prepared.environment)
    renderer.resources = try TestSupport.resources()
    let path = try TestSupport.temporaryFolder() + "/report.pdf"
    try renderer.writePDF(to: path)
    let text = try TestSupport.run("pdftotext", ["-layout", path, "-"]).output
    let footer = text.split(separator: "\n").first { $0.contains(label) }.map(String.init) ?? ""
    #expect(footer.contains("12") && footer.contains("18"), "\(text)")
    // Numbers end at the column's trailing edge: "9" of row 3 ends where the footer's "18" ends.
    let boxes = try TestSupport.run("pdftotext", ["-bbox", path, "-"]).output
    func right(_ word: String) -> Double? {
      guard let line = boxes.split(separator: "\n").first(where: { $0.hasSuffix(">\(word)</word>") }),
        let start = line.range(of: "xMax=\"")?.upperBound, let end = line[start...].firstIndex(of: "\"")
      else { return nil }
      return Double(line[start..<end])
    }
    let nine = try #require(right("9"))
    let eighteen = try #require(right("18"))
    #expect(abs(nine - eighteen) < 1, "9 ends at \(nine), 18 at \(eighteen)")
  }

  @Test func tablesWiderThanALandscapePageAreWarnedAbout() throws {
    #expect(ReportLayout.warnings(for: try ReportLayoutTests.csvReport(locale: nil, columns: 24)).isEmpty)
    let warnings = ReportLayout.warnings(for: try ReportLayoutTests.csvReport(locale: nil, columns: 25))
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.contains("25 columns, more than a landscape page shows legibly (about 24)") == true)
    #expect(warnings.first?.contains("printed in 3 groups of columns") == true)
  }
}
