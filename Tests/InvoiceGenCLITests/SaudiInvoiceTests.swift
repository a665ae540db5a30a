import Foundation
import Testing

/// Saudi Arabia's invoice QR code (issue 60, part 4): decoded from the rendered page with zbarimg
/// and parsed by uttlv (PyPI), an independent TLV decoder; the amounts are the invoice's.
@Suite(.serialized) struct SaudiInvoiceTests {
  static let python = CommandRunner.packageRoot.appendingPathComponent(".build/validators/bin/python").path
  static let checker = CommandRunner.packageRoot.appendingPathComponent("Tests/Validators/zatca_check.py")
    .path

  /// The five fields of each payload, as uttlv reads them.
  static func fields(_ payloads: [String]) throws -> [[String: Any]] {
    let run = try CommandRunner.run(python, [checker] + payloads)
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
  }

  @Test func everyInvoiceCarriesTheQRCodeOfItsSellerAndAmounts() throws {
    let out = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", CommandRunner.sampleData + "/saudi-orders.csv", "--config",
      CommandRunner.sampleData + "/saudi.json",
      "--out", out, "--progress", "never", "--strict",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let numbers = ["INV-SA-0001", "INV-SA-0002", "INV-SA-0003"]
    let payloads = try numbers.map { try #require(try PaymentCodeCommandTests.decode(out + "/\($0).pdf")) }
    let decoded = try Self.fields(payloads)
    // By hand: 2 × 1,500 + 6 × 250 = 4,500 at 15 %; 899 at 15 %; 1,500 at 15 %.
    let amounts = [("5175.00", "675.00"), ("1033.85", "134.85"), ("1725.00", "225.00")]
    for (index, fields) in decoded.enumerated() {
      #expect(fields["seller"] as? String == "شركة الواحة للبرمجيات")
      #expect(fields["vat_number"] as? String == "310122393500003")
      #expect(fields["timestamp"] as? String == "2026-04-0\(index + 1)T00:00:00Z")
      #expect(fields["total"] as? String == amounts[index].0)
      #expect(fields["vat"] as? String == amounts[index].1)
      #expect((fields["extra"] as? [Int]) == [])
    }
    // A buyer with a VAT number gets a tax invoice, a consumer a simplified one; English beside Arabic.
    let taxInvoice = try CommandRunner.text(out + "/INV-SA-0001.pdf")
    #expect(taxInvoice.contains("فاتورة ضريبية") && !taxInvoice.contains("مبسطة"))
    #expect(try CommandRunner.text(out + "/INV-SA-0002.pdf").contains("فاتورة ضريبية مبسطة"))
    let english = try CommandRunner.text(out + "/INV-SA-0003.pdf")
    #expect(english.contains("Tax Invoice"))
    #expect(english.contains("SAR 1,725.00"))
  }

  @Test func aWrongVATNumberIsWarnedAndDrawsNoCode() throws {
    let folder = try CommandRunner.temporaryFolder()
    let config = try String(contentsOfFile: CommandRunner.sampleData + "/saudi.json", encoding: .utf8)
      .replacingOccurrences(of: "310122393500003", with: "310122393500004")
    try config.write(toFile: folder + "/saudi.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", CommandRunner.sampleData + "/saudi-orders.csv", "--config", folder + "/saudi.json", "--out",
      folder + "/out", "--progress", "never", "--only", "INV-SA-0003",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("SA-53-VATNO"), "\(run.stderr)")
    #expect(try PaymentCodeCommandTests.decode(folder + "/out/INV-SA-0003.pdf") == nil)
  }
}
