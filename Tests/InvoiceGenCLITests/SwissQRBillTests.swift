import Foundation
import Testing

/// Swiss QR-bills (issue 26): the payload decoded from the page equals PyPI qrbill's for the same
/// data, and the strip, receipt, payment part and code sit where the guidelines put them.
@Suite(.serialized) struct SwissQRBillTests {
  static let python = CommandRunner.packageRoot.appendingPathComponent(".build/validators/bin/python").path

  /// A CHF invoice to a Swiss customer with its address in parts, and the Swiss sample seller's config with `iban` and `reference`.
  static func run(iban: String, reference: String?, number: String = "RE-2026-0042", lines: Int = 1) throws
    -> (
      folder: String, result: CommandRunner.Result
    )
  {
    let folder = try CommandRunner.temporaryFolder()
    let rows = (1...lines).map {
      "\(number),2026-03-01,CHF,Huber Holz AG,Dorfstrasse 7,3012,Bern,CH,Beratung \($0 == 1 ? "" : "Teil \($0)"),"
        + "\(lines == 1 ? 8 : 1),145.00,8.1,de-CH\n"
    }
    try
      ("invoice_number,invoice_date,currency,customer_name,customer_street,customer_postcode,customer_city,"
      + "customer_country,description,quantity,unit_price,tax_rate,locale\n" + rows.joined())
      .write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    var config = try String(contentsOfFile: CommandRunner.sampleData + "/swiss.json", encoding: .utf8)
    config = config.replacingOccurrences(of: "CH44 3199 9123 0008 8901 2", with: iban)
    if let reference {
      config = config.replacingOccurrences(
        of: "\"qr\": \"auto\"", with: "\"qr\": \"auto\", \"reference\": \"\(reference)\"")
    }
    try config.write(toFile: folder + "/swiss.json", atomically: true, encoding: .utf8)
    let result = try CommandRunner.invoicegen([
      "--input", folder + "/orders.csv", "--config", folder + "/swiss.json", "--out", folder + "/out",
      "--progress",
      "never",
    ])
    return (folder, result)
  }

  /// The payload PyPI qrbill makes of the same data (`reference` as our bill prints it, or none).
  static func oracle(iban: String, reference: String?, number: String = "RE-2026-0042") throws -> String {
    let script = """
      import sys
      from qrbill import QRBill
      bill = QRBill(
          account="\(iban)",
          creditor={"name": "Alpenblick Software AG", "street": "Seestrasse 5", "pcode": "8002", "city": "Zürich", "country": "CH"},
          amount="1254.00", currency="CHF",
          debtor={"name": "Huber Holz AG", "street": "Dorfstrasse 7", "pcode": "3012", "city": "Bern", "country": "CH"},
          reference_number=\(reference.map { "\"\($0)\"" } ?? "None"),
          additional_information="Invoice \(number)")
      sys.stdout.write(bill.qr_data())
      """
    let result = try CommandRunner.run(python, ["-c", script])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  /// The payload of the Swiss QR Code on `page`, decoded by zbarimg from a 150 dpi rendering.
  ///
  /// zbar 0.23 does not read through the Swiss cross at the guidelines' proportions (arms 1.17 ×
  /// 3.89 mm; phones' readers do): the cross's 7 mm square, which the guidelines lay over the
  /// symbol's centre and which error correction level M is chosen to survive, is painted dark first.
  static func decode(_ pdf: String, page: Int = 1) throws -> String? {
    let stem = pdf + "-bill"
    var image = try PageMeasurements.pixmap(pdf, page: page, dpi: 150, gray: true, stem: stem)
    let perMM = 150 / 25.4
    let (centreX, centreY) = ((67 + 23) * perMM, (192 + 17 + 23) * perMM)
    for y in Int(centreY - 3.6 * perMM)...Int(centreY + 3.6 * perMM) {
      for x in Int(centreX - 3.6 * perMM)...Int(centreX + 3.6 * perMM) { image.set(x, y, to: 0) }
    }
    try PageMeasurements.writePGM(image, to: stem + "-masked.pgm")
    // -Sbinary: the bytes as encoded (UTF-8), not re-read in a character set zbar guesses.
    let result = try CommandRunner.run("zbarimg", ["--raw", "-q", "-Sbinary", stem + "-masked.pgm"])
    return result.status == 0 ? result.stdout : nil
  }

  @Test(arguments: [
    ("CH44 3199 9123 0008 8901 2", nil as String?, "QRR"), ("CH93 0076 2011 6238 5295 7", "rf", "SCOR"),
    ("CH93 0076 2011 6238 5295 7", nil, "NON"),
  ])
  func thePayloadDecodedFromThePageIsQrbills(_ iban: String, _ reference: String?, _ type: String) throws {
    let (folder, result) = try Self.run(iban: iban, reference: reference)
    #expect(result.status == 0, "\(result.stderr)")
    let pdf = folder + "/out/RE-2026-0042.pdf"
    // 8 × 145.00 = 1160.00, + 8.1 % = 93.96 → 1253.96; … the bill pays the invoice's exact total.
    // A one-line invoice leaves room for the strip at the bottom of its page: one page.
    #expect(try Self.pageCount(pdf) == 1)
    let decoded = try #require(try Self.decode(pdf))
    let lines = decoded.components(separatedBy: "\r\n")
    #expect(lines.count == 31, "\(lines)")
    #expect(lines[27] == type, "\(lines)")
    let amount = lines[18]
    let referenceText = lines[28].isEmpty ? nil : lines[28]
    let expected = try Self.oracle(
      iban: iban.replacingOccurrences(of: " ", with: ""), reference: referenceText
    )
    .replacingOccurrences(of: "1254.00", with: amount)
    #expect(decoded == expected)
    if type == "QRR" { #expect(referenceText == "000000000000000000202600427") }
    if type == "SCOR" { #expect(referenceText == "RF97RE20260042") }
  }

  @Test func theStripAndTheCodeSitWhereTheGuidelinesPutThem() throws {
    let (folder, result) = try Self.run(iban: "CH44 3199 9123 0008 8901 2", reference: nil)
    #expect(result.status == 0, "\(result.stderr)")
    let pdf = folder + "/out/RE-2026-0042.pdf"
    let words = try PageMeasurements.words(pdf, page: 1)
    func box(_ word: String) -> (x: Double, y: Double)? {
      words.first { $0.text == word }.map { ($0.xMin * 25.4 / 72, $0.yMin * 25.4 / 72) }
    }
    // Receipt title 5 mm in, payment part title 5 mm into the payment part (62 mm), both 5 mm below the strip's top (192 mm).
    let receipt = try #require(box("Empfangsschein"))
    let payment = try #require(box("Zahlteil"))
    #expect(abs(receipt.x - 5) < 0.5 && abs(payment.x - 67) < 0.5, "\(receipt) \(payment)")
    #expect(abs(receipt.y - 197) < 1 && abs(payment.y - 197) < 1, "\(receipt) \(payment)")
    // "Konto / Zahlbar an" heads the receipt's and the payment part's information column.
    let headings = words.filter { $0.text == "Konto" }.map { $0.xMin * 25.4 / 72 }
    #expect(
      headings.contains { abs($0 - 5) < 0.5 } && headings.contains { abs($0 - 118) < 0.5 }, "\(headings)")
    // The code: dark pixels of the payment part's left column at 150 dpi span 46 × 46 mm from (67, 209) mm.
    let image = try PageMeasurements.pixmap(pdf, page: 1, dpi: 150, gray: true)
    let perMM = 150 / 25.4
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, 0, 0)
    for y in Int(204 * perMM)..<Int(257 * perMM) {
      for x in Int(64 * perMM)..<Int(116 * perMM) where image.value(x, y) < 128 {
        (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
      }
    }
    let mm = { (pixels: Int) in Double(pixels) / perMM }
    #expect(abs(mm(minX) - 67) < 0.5 && abs(mm(minY) - 209) < 0.5, "\(mm(minX)), \(mm(minY))")
    #expect(abs(mm(maxX + 1) - mm(minX) - 46) < 0.5 && abs(mm(maxY + 1) - mm(minY) - 46) < 0.5)
  }

  static func pageCount(_ pdf: String) throws -> Int? {
    let info = try CommandRunner.run("pdfinfo", [pdf]).stdout
    return info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
      Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces))
    }
  }

  @Test func theStripIsOnTheLastPageOrOnOneOfItsOwn() throws {
    // 14 lines fill page 1 to where the strip would start: the strip gets page 2, with the
    // running head and, above the strip, the footer; 30 lines end on page 2 with room for it.
    for (lines, pages, stripPage) in [(14, 2, 2), (30, 2, 2)] {
      let (folder, result) = try Self.run(iban: "CH44 3199 9123 0008 8901 2", reference: nil, lines: lines)
      #expect(result.status == 0, "\(result.stderr)")
      let pdf = folder + "/out/RE-2026-0042.pdf"
      #expect(try Self.pageCount(pdf) == pages, "\(lines) lines")
      let words = try PageMeasurements.words(pdf, page: stripPage)
      let receipt = try #require(words.first { $0.text == "Empfangsschein" })
      #expect(abs(receipt.yMin * 25.4 / 72 - 197) < 1)
      // The footer ("Seite 2 von 2") sits above the strip's top edge at 192 mm.
      let footer = try #require(words.last { $0.text == "Seite" })
      #expect(footer.yMax * 25.4 / 72 < 192, "\(footer)")
      let lastItem = words.filter { $0.text == "Teil" }.count
      #expect(
        lines == 14 ? lastItem == 0 : lastItem > 0, "\(lines) lines: \(lastItem) items on the strip's page")
      #expect(try Self.decode(pdf, page: stripPage)?.contains("Invoice RE-2026-0042") == true)
    }
  }

  @Test func wrongPaymentDataFailsItsInvoice() throws {
    // A QR-IBAN with no digits in the invoice number to make a QRR reference from.
    let (_, noDigits) = try Self.run(iban: "CH44 3199 9123 0008 8901 2", reference: nil, number: "ABC")
    #expect(noDigits.status == 2, "\(noDigits.stderr)")
    #expect(noDigits.stderr.contains("a QR-IBAN needs a QRR reference"), "\(noDigits.stderr)")
  }
}
