import Foundation
import Testing

/// France's four new invoice mentions of September 2026 (issue 60, part 3): printed where the law
/// asks, carried in Factur-X where EN 16931 has a field, warned about when missing.
@Suite(.serialized) struct FrenchMentionsTests {
  static let config = CommandRunner.sampleData + "/france.json"
  static let orders = CommandRunner.sampleData + "/france-orders.csv"

  @Test func theSamplePrintsTheMentionsAndDrawsNoWarning() throws {
    let out = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", Self.orders, "--config", Self.config, "--out", out, "--progress", "never", "--strict",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("warning"), "\(run.stderr)")
    let services = try CommandRunner.text(out + "/F-2026-0901.pdf")
    #expect(services.contains("SIREN 552 100 554"))
    #expect(services.contains("Nature des opérations : prestations de services."))
    #expect(services.contains("Option pour le paiement de la taxe d’après les débits."))
    #expect(!services.contains("Adresse de livraison"))
    let both = try CommandRunner.text(out + "/F-2026-0902.pdf")
    #expect(both.contains("Nature des opérations : livraisons de biens et prestations de services."))
    #expect(both.contains("Adresse de livraison"))
    #expect(both.contains("92100 BOULOGNE-BILLANCOURT"))
  }

  @Test func facturXCarriesTheSIRENTheDeliveryAddressAndTheOptionAndStaysValid() throws {
    let out = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", Self.orders, "--config", Self.config, "--out", out, "--progress", "never", "--einvoice",
      "facturx",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let xml = try CommandRunner.invoicegen([
      "--input", Self.orders, "--config", Self.config, "--out", out + "/xml", "--progress", "never",
      "--format",
      "cii",
    ])
    #expect(xml.status == 0, "\(xml.stderr)")
    for number in ["F-2026-0901", "F-2026-0902"] {
      let verdict = try EInvoiceTests.check(out + "/\(number).pdf")
      #expect(EInvoiceTests.failedRules(verdict) == [], "\(verdict)")
      #expect(verdict["xsd"] as? String == "ok", "\(verdict)")
    }
    let text = try String(contentsOfFile: out + "/xml/F-2026-0902.xml", encoding: .utf8)
    for element in [
      #"<ram:ID schemeID="0002">542107651</ram:ID>"#, #"<ram:ID schemeID="0002">732829320</ram:ID>"#,
      "<ram:LineOne>25 rue du Chantier</ram:LineOne>", "<ram:CityName>Boulogne-Billancourt</ram:CityName>",
      "<ram:DueDateTypeCode>5</ram:DueDateTypeCode>",
    ] {
      #expect(text.contains(element), "\(element)")
    }
    // The billing frame of the French CIUS (BT-23): M1 goods and services, S1 services only.
    #expect(
      text.contains("<ram:BusinessProcessSpecifiedDocumentContextParameter>\n      <ram:ID>M1</ram:ID>"))
    let services = try String(contentsOfFile: out + "/xml/F-2026-0901.xml", encoding: .utf8)
    #expect(services.contains("<ram:ID>S1</ram:ID>"))
  }

  @Test func aMissingMentionIsWarnedNamingItsRule() throws {
    let folder = try CommandRunner.temporaryFolder()
    let orders = try String(contentsOfFile: Self.orders, encoding: .utf8)
      .replacingOccurrences(of: ",552 100 554,", with: ",,")
    try orders.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let config = try String(contentsOfFile: Self.config, encoding: .utf8)
      .replacingOccurrences(of: #""operations": "services","#, with: "")
    try config.write(toFile: folder + "/france.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/orders.csv", "--config", folder + "/france.json", "--out", folder + "/out",
      "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("invoice \"F-2026-0901\": FR-242NA-SIREN-B"), "\(run.stderr)")
    #expect(run.stderr.contains("invoice \"F-2026-0901\": FR-242NA-NATURE"), "\(run.stderr)")
    // The second invoice states its own nature and its buyer's SIREN: nothing to say.
    #expect(!run.stderr.contains("invoice \"F-2026-0902\""), "\(run.stderr)")
    let strict = try CommandRunner.invoicegen([
      "--input", folder + "/orders.csv", "--config", folder + "/france.json", "--out", folder + "/strict",
      "--progress", "never", "--strict",
    ])
    #expect(strict.status != 0)
  }

  @Test func anUnknownNatureIsAnErrorWithItsLine() throws {
    let folder = try CommandRunner.temporaryFolder()
    let orders = try String(contentsOfFile: Self.orders, encoding: .utf8)
      .replacingOccurrences(of: ",both,", with: ",furniture,")
    try orders.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/orders.csv", "--config", Self.config, "--out", folder + "/out", "--progress",
      "never",
    ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("orders.csv:4"), "\(run.stderr)")
    #expect(run.stderr.contains("\"furniture\" is not a nature of operations"), "\(run.stderr)")
    #expect(CommandRunner.files(folder + "/out") == ["F-2026-0901.pdf"])
  }
}
