import Foundation
import Testing

/// Payment QR codes on invoices (issue 26), decoded from the rendered page with zbarimg, not trusted.
@Suite(.serialized) struct PaymentCodeCommandTests {
  /// The payloads of the QR codes on page `page` of `pdf`, read from a 150 dpi rendering with `zbarimg --raw`.
  static func decode(_ pdf: String, page: Int = 1) throws -> String? {
    let stem = pdf + "-\(page)"
    _ = try CommandRunner.run(
      "pdftoppm", ["-r", "150", "-png", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf, stem])
    let result = try CommandRunner.run("zbarimg", ["--raw", "-q", stem + ".png"])
    guard result.status == 0 else { return nil }
    // zbarimg ends each symbol with a line feed.
    return String(result.stdout.dropLast())
  }

  @Test func euroInvoicesCarryAnEPCCodeThatDecodesToTheirPayment() throws {
    let out = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", "orders.csv", "--out", out, "--progress", "never", "--only", "INV-2026001", "--only",
      "INV-2026003", "--only", "CN-2026012",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    // Hand-checked against EPC069-12 v002: BIC given, beneficiary, IBAN without spaces, EUR and the
    // grand total with two decimals, no purpose, no reference, the remittance text last.
    let expected =
      "BCD\n002\n1\nSCT\nCOBADEFFXXX\nNorthwind Software GmbH\nDE89370400440532013000\nEUR18907.47\n\n\nInvoice INV-2026001"
    #expect(try Self.decode(out + "/INV-2026001.pdf") == expected)
    let text = try CommandRunner.text(out + "/INV-2026001.pdf")
    #expect(text.contains("Scannen und bezahlen"), "\(text)")
    // A pound invoice (auto: euros only) and a credit note carry none.
    #expect(try Self.decode(out + "/INV-2026003.pdf") == nil)
    #expect(try Self.decode(out + "/CN-2026012.pdf") == nil)
  }

  @Test func aCreditorReferenceReplacesTheText() throws {
    let folder = try CommandRunner.temporaryFolder()
    var config = try String(contentsOfFile: CommandRunner.sampleData + "/invoicegen.json", encoding: .utf8)
    config = config.replacingOccurrences(
      of: "\"qr\": \"auto\"", with: "\"qr\": \"auto\", \"reference\": \"rf\"")
    config = config.replacingOccurrences(of: "\"logo.svg\"", with: "\"\(CommandRunner.sampleData)/logo.svg\"")
    try config.write(toFile: folder + "/invoicegen.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", CommandRunner.sampleData + "/orders.csv", "--config", folder + "/invoicegen.json", "--out",
      folder + "/out", "--progress", "never", "--only", "INV-2026001",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try Self.decode(folder + "/out/INV-2026001.pdf")
        == "BCD\n002\n1\nSCT\nCOBADEFFXXX\nNorthwind Software GmbH\nDE89370400440532013000\nEUR18907.47\n\nRF10INV2026001"
    )
  }

  @Test func wrongPaymentDataIsAClearError() throws {
    let folder = try CommandRunner.temporaryFolder()
    let sample = try String(contentsOfFile: CommandRunner.sampleData + "/invoicegen.json", encoding: .utf8)
      .replacingOccurrences(of: "\"logo.svg\"", with: "\"\(CommandRunner.sampleData)/logo.svg\"")
    // epc on every invoice: the pound invoice fails, the euro one is written.
    try sample.replacingOccurrences(of: "\"qr\": \"auto\"", with: "\"qr\": \"epc\"").write(
      toFile: folder + "/epc.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", CommandRunner.sampleData + "/orders.csv", "--config", folder + "/epc.json", "--out",
      folder + "/out", "--progress", "never", "--only", "INV-2026001", "--only", "INV-2026003",
    ])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains("invoice \"INV-2026003\": payment.qr: an EPC QR code pays euros only, not GBP"),
      "\(run.stderr)")
    #expect(CommandRunner.files(folder + "/out") == ["INV-2026001.pdf"])
    // A mistyped IBAN stops the run before anything is written.
    try sample.replacingOccurrences(of: "DE89 3704 0044 0532 0130 00", with: "DE89 3704 0044 0532 0130 01")
      .write(
        toFile: folder + "/iban.json", atomically: true, encoding: .utf8)
    let bad = try CommandRunner.invoicegen([
      "--input", CommandRunner.sampleData + "/orders.csv", "--config", folder + "/iban.json", "--out",
      folder + "/bad",
    ])
    #expect(bad.status == 1, "\(bad.stderr)")
    #expect(
      bad.stderr.contains("$.bank.iban: \"DE89 3704 0044 0532 0130 01\" is not a valid IBAN"), "\(bad.stderr)"
    )
    #expect(CommandRunner.files(folder + "/bad").isEmpty)
  }

  @Test func theEInvoiceCarriesTheReferenceThePaymentCodeCarries() throws {
    let folder = try CommandRunner.temporaryFolder()
    let config = try String(contentsOfFile: CommandRunner.sampleData + "/einvoice.json", encoding: .utf8)
    guard let brace = config.firstIndex(of: "{") else { return }
    try config.replacingCharacters(
      in: brace...brace, with: #"{"payment": {"qr": "auto", "reference": "rf"},"#
    )
    .write(toFile: folder + "/rf.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", CommandRunner.sampleData + "/einvoice-orders.csv", "--config", folder + "/rf.json", "--out",
      folder + "/xml", "--format", "cii", "--only", "RE-2026-101",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let xml = try String(contentsOfFile: folder + "/xml/RE-2026-101.xml", encoding: .utf8)
    // BT-83: the RF reference of the invoice number, the one its EPC code carries.
    #expect(xml.contains("<ram:PaymentReference>RF09RE2026101</ram:PaymentReference>"), "\(xml.prefix(3000))")
    #expect(EInvoiceTests.failedRules(try EInvoiceTests.check(folder + "/xml/RE-2026-101.xml")).isEmpty)
  }
}
