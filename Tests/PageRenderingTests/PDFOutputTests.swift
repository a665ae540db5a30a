import Foundation
import PageKit
import PageRendering
import Testing

/// PDF output read back with poppler-utils and qpdf.
@Suite(.serialized) struct PDFOutputTests {
  struct Page: View {
    var body: some View {
      VStack(alignment: .leading, spacing: 8) {
        Text("Invoice INV-7 for Müller & Söhne").font(.custom("DejaVu Sans", size: 16).bold())
        Text("Total\u{00A0}1,234.56 EUR")
        Text("<b>not bold</b> & <i>literal</i>")
        Text("Open the website").underline().foregroundColor(.blue).link(
          URL(string: "https://example.com/pay?id=7")!)
      }
      .padding(40)
      .frame(width: 595, height: 842, alignment: .topLeading)
    }
  }

  static let metadata = PDFMetadata(
    title: "Invoice INV-7", author: "ACME GmbH", subject: "Invoice for Müller",
    keywords: ["invoice", "INV-7"],
    creator: "invoicegen test", creationDate: Date(timeIntervalSince1970: 1_767_225_600))

  func writePage(_ folder: String, name: String = "page.pdf", metadata: PDFMetadata = PDFOutputTests.metadata)
    throws -> String
  {
    let path = folder + "/" + name
    let renderer = ImageRenderer(content: Page())
    renderer.resources = try TestSupport.resources()
    renderer.environment = TestSupport.environment
    try renderer.writePDF(to: path, metadata: metadata)
    return path
  }

  @Test func metadataReadsBackWithPdfinfo() throws {
    let path = try writePage(try TestSupport.temporaryFolder())
    let info = try TestSupport.run("pdfinfo", [path], environment: ["TZ": "UTC"]).output
    #expect(info.contains("Title:           Invoice INV-7"))
    #expect(info.contains("Author:          ACME GmbH"))
    #expect(info.contains("Subject:         Invoice for Müller"))
    #expect(info.contains("Keywords:        invoice, INV-7"))
    #expect(info.contains("Creator:         invoicegen test"))
    #expect(info.contains("CreationDate:    Thu Jan  1 00:00:00 2026 UTC"))
    #expect(info.contains("Pages:           1"))
    #expect(info.contains("Page size:       595 x 842 pts (A4)"))
  }

  @Test func textIsExtractableAndMarkupIsLiteral() throws {
    let path = try writePage(try TestSupport.temporaryFolder())
    let text = try TestSupport.run("pdftotext", ["-layout", path, "-"]).output
      .replacingOccurrences(of: "\u{00A0}", with: " ")
    #expect(text.contains("Invoice INV-7 for Müller & Söhne"))
    #expect(text.contains("Total 1,234.56 EUR"))
    #expect(text.contains("<b>not bold</b> & <i>literal</i>"))
  }

  @Test func fontsAreEmbeddedAndSubset() throws {
    let path = try writePage(try TestSupport.temporaryFolder())
    let fonts = try TestSupport.run("pdffonts", [path]).output.split(separator: "\n").dropFirst(2)
    #expect(!fonts.isEmpty)
    for line in fonts {
      let columns = line.split(separator: " ", omittingEmptySubsequences: true)
      #expect(line.contains("DejaVuSans"))
      // name type encoding emb sub uni object ID: emb and sub are "yes".
      #expect(columns.suffix(5).prefix(2) == ["yes", "yes"], "\(line)")
    }
  }

  @Test func pageWithLinksPassesQpdfCheckAndKeepsTheLink() throws {
    let path = try writePage(try TestSupport.temporaryFolder())
    let check = try TestSupport.run("qpdf", ["--check", path])
    #expect(check.status == 0, "\(check.output)")
    let raw = try String(contentsOfFile: path, encoding: .isoLatin1)
    #expect(raw.contains("https://example.com/pay?id=7"))
    #expect(raw.contains("/Subtype /Link") || raw.contains("/Subtype/Link"))
  }

  @Test func untaggedPagesWithLinksAreRepairedAsTheyStreamWithoutARewrite() throws {
    // Cairo 1.16 gives an object it never writes another object's offset when pages have links.
    let path = try TestSupport.temporaryFolder() + "/links.pdf"
    let writer = try PDFWriter(path: path, metadata: PDFOutputTests.metadata)
    for page in 1...3 {
      try writer.addPage(
        Text("Pay page \(page)").link(URL(string: "https://example.com/\(page)")!).padding(30),
        size: CGSize(width: 595, height: 842), environment: TestSupport.environment,
        resources: try TestSupport.resources())
    }
    try writer.close()
    let check = try TestSupport.run("qpdf", ["--check", path])
    #expect(check.status == 0, "\(check.output)")
    #expect(!check.output.contains("WARNING"), "\(check.output)")
    let raw = try String(contentsOfFile: path, encoding: .isoLatin1)
    #expect(raw.contains("https://example.com/1"))
    // libqpdf's rewrite would have added a file identifier; the streamed file is cairo's own.
    #expect(!raw.contains("/ID"), "the file went through the libqpdf rewrite")
    #expect(raw.contains("65535 f \n") && raw.contains(" 00001 f \n"), "no entry was marked free")
  }

  @Test func sourceDateEpochGivesByteIdenticalFiles() throws {
    let folder = try TestSupport.temporaryFolder()
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
    defer { unsetenv("SOURCE_DATE_EPOCH") }
    var metadata = PDFOutputTests.metadata
    metadata.creationDate = nil
    let first = try writePage(folder, name: "a.pdf", metadata: metadata)
    let second = try writePage(folder, name: "b.pdf", metadata: metadata)
    let a = try Data(contentsOf: URL(fileURLWithPath: first))
    let b = try Data(contentsOf: URL(fileURLWithPath: second))
    #expect(a == b)
    let info = try TestSupport.run("pdfinfo", [first], environment: ["TZ": "UTC"]).output
    #expect(info.contains("CreationDate:    Tue Nov 14 22:13:20 2023 UTC"))
  }

  @Test func noTemporaryFileIsLeftBehind() throws {
    let folder = try TestSupport.temporaryFolder()
    _ = try writePage(folder)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["page.pdf"])
  }

  @Test func multiPageWriterStreamsPagesOfTheirOwnSize() throws {
    let folder = try TestSupport.temporaryFolder()
    let path = folder + "/pages.pdf"
    let resources = try TestSupport.resources()
    let writer = try PDFWriter(path: path, metadata: PDFOutputTests.metadata)
    let environment = TestSupport.environment
    try writer.addPage(
      Text("Page one").padding(30), size: CGSize(width: 595, height: 842), environment: environment,
      resources: resources)
    try writer.addPage(
      Text("Page two").padding(30), size: CGSize(width: 612, height: 792), environment: environment,
      resources: resources)
    #expect(!FileManager.default.fileExists(atPath: path))
    try writer.close()
    let info = try TestSupport.run("pdfinfo", ["-f", "1", "-l", "2", path]).output
    #expect(info.contains("Pages:           2"))
    #expect(info.contains("Page    1 size:  595 x 842 pts (A4)"))
    #expect(info.contains("Page    2 size:  612 x 792 pts (letter)"))
    let second = try TestSupport.run("pdftotext", ["-f", "2", "-l", "2", path, "-"]).output
    #expect(second.contains("Page two") && !second.contains("Page one"))
    #expect(try TestSupport.run("qpdf", ["--check", path]).status == 0)
  }

  @Test func jpegIsEmbeddedAsTheOriginalBytes() throws {
    let folder = try TestSupport.temporaryFolder()
    let jpeg = TestSupport.jpeg(width: 40, height: 20)
    let renderer = ImageRenderer(content: Image(data: jpeg))
    renderer.resources = try TestSupport.resources()
    try renderer.writePDF(to: folder + "/jpeg.pdf")
    let raw = try Data(contentsOf: URL(fileURLWithPath: folder + "/jpeg.pdf"))
    #expect(raw.range(of: Data("/DCTDecode".utf8)) != nil)
    #expect(raw.range(of: jpeg) != nil)
  }

  @Test func svgOutputIsVector() throws {
    let folder = try TestSupport.temporaryFolder()
    let renderer = ImageRenderer(
      content: VStack {
        Text("SVG text")
        Circle().fill(Color.red).frame(width: 20, height: 20)
      })
    renderer.resources = try TestSupport.resources()
    try renderer.writeSVG(to: folder + "/out.svg")
    let svg = try String(contentsOfFile: folder + "/out.svg", encoding: .utf8)
    #expect(svg.contains("<svg"))
    #expect(svg.contains("<path"))
    #expect(
      svg.contains("rgb(100%,23%,19%)") || svg.contains("rgb(100%,23.137255%,18.823529%)")
        || svg.contains("fill:rgb(100%"))
  }
}
