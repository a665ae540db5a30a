import Foundation
import PageKit
import PageRendering
import Testing

/// Code 128 barcodes and QR codes as views (issue 26), decoded from the rendered page by zbarimg.
@Suite(.serialized) struct BarcodeTests {
  /// What zbarimg reads on page 1 of a PDF of `content`, rendered at 150 dpi (one symbol per line).
  static func decode(@ViewBuilder _ content: () -> some View) throws -> [String] {
    let document = Document(title: "Codes") {
      Page(size: .a4, margins: EdgeInsets(40)) {
        VStack(alignment: .leading, spacing: 30) { content() }
      }
    }
    let folder = try TestSupport.temporaryFolder()
    let renderer = DocumentRenderer(
      document: document, environment: EnvironmentValues(), resources: RenderResources())
    try renderer.writePDF(to: folder + "/codes.pdf")
    _ = try TestSupport.run(
      "pdftoppm", ["-r", "150", "-png", "-singlefile", folder + "/codes.pdf", folder + "/codes"])
    return try TestSupport.run("zbarimg", ["--raw", "-q", folder + "/codes.png"]).output
      .split(separator: "\n").map(String.init).sorted()
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

  @Test func whatCode128CannotHoldDrawsNothing() {
    #expect(Barcode("日本").modules == nil)
    #expect(Barcode("").modules == nil)
    let modules = Barcode("A").modules ?? []
    // Start, data, check and stop: 11 + 11 + 11 + 13 modules, bars first and last.
    #expect(modules.count == 46 && modules.first == true && modules.last == true, "\(modules.count)")
  }
}
