import Foundation
import PageKit
import Testing

@testable import PageRendering

/// Code 128 barcodes and QR codes as views (issue 26), decoded from the rendered page by zbarimg.
@Suite(.serialized) struct BarcodeTests {
  /// What zbarimg reads on page 1 of a PDF of `content`, rendered at 150 dpi (one symbol per line).
  static func decode(tagged: Bool = true, @ViewBuilder _ content: () -> some View) throws -> [String] {
    let folder = try writePDF(tagged: tagged, content)
    _ = try TestSupport.run(
      "pdftoppm", ["-r", "150", "-png", "-singlefile", folder + "/codes.pdf", folder + "/codes"])
    return try TestSupport.run("zbarimg", ["--raw", "-q", folder + "/codes.png"]).output
      .split(separator: "\n").map(String.init).sorted()
  }

  /// Writes a one-page PDF of `content`, `codes.pdf` in a new folder, and returns the folder.
  static func writePDF(tagged: Bool, @ViewBuilder _ content: () -> some View) throws -> String {
    let document = Document(title: "Codes") {
      Page(size: .a4, margins: EdgeInsets(40)) {
        VStack(alignment: .leading, spacing: 30) { content() }
      }
    }
    let folder = try TestSupport.temporaryFolder()
    let renderer = DocumentRenderer(
      document: document, environment: EnvironmentValues(), resources: RenderResources())
    renderer.tagged = tagged
    try renderer.writePDF(to: folder + "/codes.pdf")
    return folder
  }

  /// The PDF of `content` as text, its streams decoded by qpdf's QDF mode (no object streams).
  static func expandedPDF(tagged: Bool, @ViewBuilder _ content: () -> some View) throws -> String {
    let folder = try writePDF(tagged: tagged, content)
    _ = try TestSupport.run(
      "qpdf", ["--qdf", "--object-streams=disable", folder + "/codes.pdf", folder + "/plain.pdf"])
    return String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/plain.pdf")), as: UTF8.self)
  }

  @Test func code128AndQRCodesDecodeToWhatTheyHold() throws {
    let decoded = try Self.decode {
      Barcode("INV-2026001").frame(width: 220, height: 60).accessibilityLabel("Order INV-2026001")
      // zbar does not read Code 128's FNC4 (Latin-1 letters): the decoded texts are ASCII.
      Barcode("Lieferung 42/7 ab Lager").frame(width: 300, height: 60)
      QRCode("https://example.com/pay?invoice=INV-2026001&amount=18907.47").frame(width: 90, height: 90)
    }
    #expect(
      decoded
        == [
          "INV-2026001", "Lieferung 42/7 ab Lager",
          "https://example.com/pay?invoice=INV-2026001&amount=18907.47",
        ]
        .sorted(), "\(decoded)")
  }

  @Test func aQRCodeIsOneFillOfRectanglesAndDecodesTaggedOrNot() throws {
    // One line: `decode` reads zbarimg's output line by line.
    let payload =
      "https://pay.example/northwind?iban=DE89370400440532013000&amount=EUR16367.02&ref=RF18539007547034"
    let code = QRCode(payload).frame(width: 120, height: 120).accessibilityLabel("Payment code")
    #expect(try Self.decode(tagged: true) { code } == [payload])
    #expect(try Self.decode(tagged: false) { code } == [payload])
    // Tagged, the renderer writes the code's path itself (cairo would write `m l l l h` per
    // rectangle): one `re` per merged block, inside the figure's marked content, one fill.
    let text = try Self.expandedPDF(tagged: true) { code }
    let blocks = QRCode(payload).matrix?.blocks().count ?? 0
    let figure = text.components(separatedBy: "/Figure <</MCID").dropFirst().first ?? ""
    let content = figure.components(separatedBy: "EMC").first ?? ""
    #expect(blocks > 100)
    #expect(content.components(separatedBy: " re\n").count - 1 == blocks, "\(content.prefix(300))")
    #expect(content.components(separatedBy: "f\n").count - 1 == 1 && !content.contains(" l\n"))
  }

  @Test func untaggedAQRCodeIsOneStencilMaskOfAModulePerBit() throws {
    let payload =
      "BCD\n002\n1\nSCT\nCOBADEFFXXX\nNorthwind Software GmbH\nDE89370400440532013000\nEUR16367.02"
    let code = QRCode(payload).frame(width: 120, height: 120)
    let text = try Self.expandedPDF(tagged: false) { code }
    let size = QRCode(payload).matrix?.size ?? 0
    // The symbol and its quiet zone's right and bottom edges trimmed: the mask is the symbol's modules.
    #expect(text.components(separatedBy: "/ImageMask true").count - 1 == 1)
    #expect(text.contains("/Width \(size)") && text.contains("/Height \(size)"), "\(size)")
    #expect(text.contains("/Interpolate false"))
    #expect(!text.contains(" l\n") && !text.contains(" re\n"))
    // `decode` returns the lines it read, sorted.
    let lines = payload.split(separator: "\n").map(String.init).sorted()
    #expect(try Self.decode(tagged: false) { code } == lines)
  }

  @Test func onlyRectanglesOnOneSquareGridBecomeAStencil() throws {
    var grid = Path()
    for index in 0..<20 {
      grid.addRect(
        CGRect(x: 10 + Double(index % 5) * 2.5, y: 7 + Double(index / 5) * 5, width: 2.5, height: 2.5))
    }
    let stencil = try #require(PDFStencilFill(grid))
    #expect(stencil.columns == 5 && stencil.rows == 7 && stencil.module == 2.5)
    #expect(stencil.covered.filter { $0 }.count == 20 && stencil.covered[0] && !stencil.covered[5])
    var offGrid = grid
    offGrid.addRect(CGRect(x: 11, y: 7, width: 2.5, height: 2.5))
    for index in 0..<4 { offGrid.addRect(CGRect(x: 10, y: 40 + Double(index) * 5, width: 2.5, height: 2.5)) }
    #expect(PDFStencilFill(offGrid) == nil)
    var curved = grid
    curved.addEllipse(in: CGRect(x: 0, y: 0, width: 5, height: 5))
    #expect(PDFStencilFill(curved) == nil)
    var few = Path()
    few.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(PDFStencilFill(few) == nil)
  }

  @Test func whatCode128CannotHoldDrawsNothing() {
    #expect(Barcode("日本").modules == nil)
    #expect(Barcode("").modules == nil)
    let modules = Barcode("A").modules ?? []
    // Start, data, check and stop: 11 + 11 + 11 + 13 modules, bars first and last.
    #expect(modules.count == 46 && modules.first == true && modules.last == true, "\(modules.count)")
  }
}
