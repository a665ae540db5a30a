import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering
import Testing

/// Window-envelope letters (issue 25): the address exactly where DIN 5008's window is, with fold and punch marks.
@Suite(.serialized) struct EnvelopeWindowTests {
  static func invoice() throws -> Invoice {
    try Invoice(
      number: "RE-2026-117", issueDate: CalendarDate(year: 2026, month: 11, day: 2)!,
      currency: Currency(code: "EUR")!,
      customer: Party(
        name: "Müller Maschinenbau GmbH",
        address: PostalAddress(
          street: "Industriestraße 12", postcode: "70565", city: "Stuttgart", country: "DE"
        )
        .lines(locale: Locale(identifier: "de-DE"))),
      items: [
        LineItem(
          description: "Beratung", quantity: ExactDecimal(6), unitPrice: ExactDecimal("145.00")!,
          taxRate: ExactDecimal(19))
      ],
      locale: "de-DE")
  }

  static func settings(_ window: EnvelopeWindow) -> InvoiceSettings {
    var settings = InvoiceSettings(
      issuer: Issuer(
        seller: Party(name: "Northwind Software GmbH", address: ["Friedrichstraße 123", "10117 Berlin"])))
    settings.envelope = window
    return settings
  }

  /// The words of page 1 with their boxes in millimetres from the top-left corner.
  static func words(_ pdf: String) throws -> [(
    text: String, left: Double, top: Double, right: Double, bottom: Double
  )] {
    let html = try TestSupport.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"]).output
    let pattern = try NSRegularExpression(
      pattern: #"<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>"#)
    return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
      let part = { (index: Int) in String(html[Range(match.range(at: index), in: html)!]) }
      let mm = { (index: Int) in Double(part(index))! * 25.4 / 72 }
      return (part(5), mm(1), mm(2), mm(3), mm(4))
    }
  }

  @Test(arguments: [("b", 45.0), ("a", 27.0)])
  func theAddressSitsInTheWindow(_ form: String, _ top: Double) throws {
    let window = form == "b" ? EnvelopeWindow.din5008B : EnvelopeWindow.din5008A
    let prepared = InvoiceLayout.document(for: try Self.invoice(), settings: Self.settings(window))
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: RenderResources())
    let folder = try TestSupport.temporaryFolder()
    try renderer.writePDF(to: folder + "/letter.pdf")
    let words = try Self.words(folder + "/letter.pdf")
    // The recipient's lines in the window's lower 27.3 mm, from 25 mm (5 mm inside its left edge).
    let recipient = words.filter {
      ["Müller", "Maschinenbau", "Industriestraße", "12", "70565", "Stuttgart", "Deutschland"].contains(
        $0.text)
    }
    #expect(recipient.count == 7, "\(recipient)")
    for word in recipient {
      #expect(word.left >= 20 && word.right <= 105, "\(word)")
      #expect(word.top >= top + 17.7 - 1 && word.bottom <= top + 45 + 1, "\(word)")
    }
    #expect(abs(recipient.map(\.left).min()! - 25) < 1, "\(recipient)")
    // The return address on one line at the foot of the window's upper 17.7 mm.
    let returnLine = words.filter { $0.text == "Friedrichstraße" }.max { $0.top < $1.top }
    let line = try #require(returnLine)
    #expect(line.top >= top && line.bottom <= top + 17.7 + 0.5, "\(line)")
    #expect(line.bottom > top + 17.7 - 5, "\(line)")
    // The fold and punch marks are drawn at the left edge and are no text.
    let png = folder + "/page"
    try renderer.writePNGs(scale: 4 * 25.4 / 72) { png + "-\($0).png" }
    let marks = form == "b" ? [105.0, 210, 148.5] : [87.0, 192, 148.5]
    // Four pixels per millimetre: the red channel of the pixel at (x, y) in quarter millimetres.
    let image = try #require(PNGEncoder.decode(file: png + "-1.png"))
    let value = { (x: Int, y: Int) in Int(image.bytes[(y * image.width + x) * 4]) }
    for mark in marks {
      let dark = (Int(mark * 4) - 2...Int(mark * 4) + 2).contains { y in value(24, y) < 220 }
      #expect(dark, "mark at \(mark) mm")
    }
    #expect(value(24, 240) > 250)
  }

  @Test func aDIN5008FormBLetterMatchesItsGolden() throws {
    let prepared = InvoiceLayout.document(for: try Self.invoice(), settings: Self.settings(.din5008B))
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: RenderResources())
    let folder = try TestSupport.temporaryFolder()
    try renderer.writePNGs(scale: 0.6) { folder + "/page-\($0).png" }
    try GoldenImage.check(
      try Data(contentsOf: URL(fileURLWithPath: folder + "/page-1.png")), name: "invoice-din5008-b")
  }
}
