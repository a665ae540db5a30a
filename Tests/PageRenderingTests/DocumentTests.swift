import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering
import Testing

/// Multi-page documents end to end: a table over three pages, read back with poppler-utils and qpdf.
@Suite(.serialized) struct DocumentTests {
  static func document(rows: Int) -> Document {
    let data = (1...rows).map { index in
      [
        "R-\(1000 + index)",
        index % 9 == 0 ? "A longer description that wraps onto a second line of its cell" : "Item \(index)",
        "\(index % 7 + 1)", "\(index * 13 % 500).\(index % 10)0",
      ]
    }
    return Document(
      title: "Table report", author: "ACME GmbH", subject: "Pagination test", keywords: ["table", "test"],
      creator: "invoicegen tests"
    ) {
      Page(size: .a4, margins: EdgeInsets(top: 40, leading: 50, bottom: 40, trailing: 50)) {
        Section(title: "Overview") {
          Text("Overview").font(.custom("DejaVu Sans", size: 16).bold()).keepWithNext()
          Text("The table below runs over three pages; its header repeats on each.")
          Text("Go to the details").underline().foregroundColor(.blue).link(to: "details")
          Text("Visit example.com").underline().foregroundColor(.blue).link(
            URL(string: "https://example.com/report")!)
        }
        Section(title: "Details") {
          Text("Details").font(.custom("DejaVu Sans", size: 16).bold()).keepWithNext().anchor("details")
          Table(
            columns: [
              TableColumn("Reference", width: .fit), TableColumn("Description", width: .fraction(1)),
              TableColumn("Qty", width: .fixed(40), alignment: .trailing),
              TableColumn("Amount", width: .fixed(70), alignment: .trailing),
            ], rows: TableRows(data), footer: [["", "Total", "", "—"]])
        }
      }
      .header { page in
        HStack {
          Text("Table report").bold()
          Spacer()
          Text(page.sectionTitle ?? "")
        }.font(.custom("DejaVu Sans", size: 8))
      }
      .footer { page in
        Text("Page \(page.pageNumber) of \(page.pageCount)").font(.custom("DejaVu Sans", size: 8))
          .frame(maxWidth: .infinity)
      }
    }
  }

  static let rows = 95

  func render(_ folder: String) throws -> String {
    let path = folder + "/report.pdf"
    let renderer = DocumentRenderer(document: DocumentTests.document(rows: DocumentTests.rows))
    renderer.resources = try TestSupport.resources()
    renderer.environment = TestSupport.environment
    let pages = try renderer.writePDF(to: path, creationDate: Date(timeIntervalSince1970: 1_767_225_600))
    #expect(pages == 3)
    return path
  }

  @Test func threePagesWithHeadersAndPageNumbers() throws {
    let path = try render(try TestSupport.temporaryFolder())
    let info = try TestSupport.run("pdfinfo", [path], environment: ["TZ": "UTC"]).output
    #expect(info.contains("Pages:           3"))
    #expect(info.contains("Title:           Table report"))
    #expect(info.contains("Author:          ACME GmbH"))
    #expect(info.contains("Subject:         Pagination test"))
    #expect(info.contains("Keywords:        table, test"))
    for page in 1...3 {
      let text = try TestSupport.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-layout", path, "-"])
        .output
      #expect(
        text.contains("Reference") && text.contains("Description") && text.contains("Amount"), "page \(page)")
      #expect(text.contains("Page \(page) of 3"), "page \(page)")
    }
    let last = try TestSupport.run("pdftotext", ["-f", "3", "-l", "3", path, "-"]).output
    #expect(last.contains("R-\(1000 + DocumentTests.rows)") && last.contains("Total"))
    // Every row appears exactly once in the whole document: none lost, none repeated at a break.
    let all = try TestSupport.run("pdftotext", [path, "-"]).output
    for index in 1...DocumentTests.rows {
      #expect(all.components(separatedBy: "R-\(1000 + index)").count == 2, "row \(index)")
    }
  }

  @Test func aPDFMadeInMemoryHasTheSameBytesAsTheFile() throws {
    let path = try render(try TestSupport.temporaryFolder())
    let renderer = DocumentRenderer(document: DocumentTests.document(rows: DocumentTests.rows))
    renderer.resources = try TestSupport.resources()
    renderer.environment = TestSupport.environment
    // The document has links, so both went through the libqpdf pass: from a file and from memory.
    let data = try renderer.pdfData(creationDate: Date(timeIntervalSince1970: 1_767_225_600))
    #expect(data == (try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(data.starts(with: Array("%PDF-".utf8)))
  }

  @Test func sectionsAreBookmarksAndLinksWork() throws {
    let path = try render(try TestSupport.temporaryFolder())
    let outlines = try TestSupport.run("qpdf", ["--json", "--json-key=outlines", path]).output
    #expect(outlines.contains("\"title\": \"Overview\""))
    #expect(outlines.contains("\"title\": \"Details\""))
    let check = try TestSupport.run("qpdf", ["--check", path])
    #expect(check.status == 0, "\(check.output)")
    // Tagged PDFs keep their objects in compressed object streams: expand them to read the links.
    let expanded = path + ".qdf.pdf"
    _ = try TestSupport.run("qpdf", ["--qdf", "--object-streams=disable", path, expanded])
    let raw = try String(contentsOfFile: expanded, encoding: .isoLatin1)
    #expect(raw.contains("https://example.com/report"))
    // The internal link points at the named destination "details".
    #expect(raw.contains("(details)") || raw.contains("/details"))
    // Tagged: sections are Sect, links are Link elements around their text with /Contents.
    let tree = try TestSupport.run("pdfinfo", ["-struct-text", path]).output
    #expect(tree.contains("Sect") && tree.contains("Link"), "\(tree)")
    #expect(raw.contains("/Contents (https://example.com/report)"), "link annotations describe their target")
    #expect(try AccessibilityTests.matterhorn(path) == [])
    let report = try AccessibilityTests.pdfua(path)
    #expect(report.status == 0, "\(report.output)")
  }

  @Test(arguments: [1, 2])
  func goldenPages(_ page: Int) throws {
    let folder = try TestSupport.temporaryFolder()
    let renderer = DocumentRenderer(document: DocumentTests.document(rows: DocumentTests.rows))
    renderer.resources = try TestSupport.resources()
    renderer.environment = TestSupport.environment
    try renderer.writePNGs(scale: 0.75) { folder + "/page-\($0).png" }
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/page-\(page).png"))
    try GoldenImage.check(data, name: "document-page-\(page)")
  }
}

/// A report whose table fails while its rows are read is not written: it is the document's error.
@Suite struct FailingRowSourceTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "results.csv: read error after row 40" }
  }

  /// Rows that fail after `good` of them, as a file that breaks halfway would.
  struct FailingSource: TableRowSource {
    let good: Int
    var count: Int { good * 2 }

    final class Cursor: TableRowCursor {
      let good: Int
      var index = 0
      init(good: Int) { self.good = good }
      func next() throws -> [String]? {
        index += 1
        if index > good { throw Failure() }
        return ["row \(index)", "\(index)"]
      }
    }

    func makeCursor() throws -> any TableRowCursor { Cursor(good: good) }
  }

  @Test func theReportIsNotWrittenAndTheErrorSaysWhy() throws {
    let report = Report(
      title: "Results",
      sections: [
        ReportSection(
          heading: "Rows",
          blocks: [
            .table(
              ReportTable(
                columns: [ReportColumn(title: "Name"), ReportColumn(title: "Value")],
                rows: FailingSource(good: 40)))
          ])
      ])
    let prepared = ReportLayout.document(for: report, brand: Brand(), creator: "tests")
    let renderer = DocumentRenderer(document: prepared.document, environment: prepared.environment)
    renderer.resources = try TestSupport.resources()
    let folder = try TestSupport.temporaryFolder()
    #expect {
      try renderer.writePDF(to: folder + "/report.pdf")
    } throws: { error in
      guard case .layout(let layout) = error as? RenderError else { return false }
      return layout.kind == .rowSource && layout.message.contains("after 40 rows: results.csv: read error")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
