import Foundation
import Testing

/// Every run checks its invoices against the legal particulars of the seller's country (issue 35).
@Suite(.serialized) struct LegalCheckTests {
  /// A folder with a German seller's config (`legal` as given) and five invoices of 1,190 EUR without a delivery date.
  static func germanRun(legal: String = "") throws -> String {
    let folder = try CommandRunner.temporaryFolder()
    let config = """
      {"seller": {"name": "Nordwind GmbH", "street": "Friedrichstraße 1", "postcode": "10117", "city": "Berlin",
        "country": "DE", "vatId": "DE298765432"}\(legal.isEmpty ? "" : ", \"legal\": \(legal)")}
      """
    try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let rows = (1...5).map { "L-\($0),2026-03-01,EUR,Kunde AG,Weg 1 80331 München,Beratung,1,1000,19" }
    try
      ([
        "invoice_number,invoice_date,currency,customer_name,customer_address,description,quantity,unit_price,tax_rate"
      ]
      + rows).joined(separator: "\n").appending("\n").write(
        toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    return folder
  }

  static func run(_ folder: String, _ extra: [String] = []) throws -> CommandRunner.Result {
    try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--config", "config.json", "--out", "out", "--progress", "never"] + extra,
      directory: folder)
  }

  @Test func aMissingParticularIsAWarningShownOnTheFirstInvoicesThenCounted() throws {
    let folder = try Self.germanRun()
    let run = try Self.run(folder, ["--summary", "summary.json"])
    #expect(run.status == 0, "\(run.stderr)")
    let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
    #expect(warnings.count == 4, "\(run.stderr)")
    #expect(
      warnings.first
        == #"warning: orders.csv:2: invoice "L-1": DE-14-4-6: the invoice lacks the date of delivery or the service period (over 250 EUR; §33 UStDV exempts small-amount invoices), as DE §14 Abs. 4 Nr. 6 UStG requires"#
    )
    #expect(run.stderr.contains("hint: add a delivery_date column"))
    #expect(
      run.stderr.contains(
        #"warning: the same on 2 more invoices ("L-4", "L-5"; every one in --summary): DE-14-4-6"#))
    #expect(CommandRunner.files(folder + "/out").count == 5)
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/summary.json")))
        as? [String: Any])
    let legal = try #require(summary["legal"] as? [[String: Any]])
    #expect(legal.map { $0["invoice"] as? String } == ["L-1", "L-2", "L-3", "L-4", "L-5"])
    let rules = try #require(legal.last?["rules"] as? [[String: Any]])
    #expect(rules.map { $0["rule"] as? String } == ["DE-14-4-6"])
    #expect(rules.first?["law"] as? String == "DE §14 Abs. 4 Nr. 6 UStG")
  }

  @Test func strictMakesItAnErrorBeforeAnythingIsWritten() throws {
    let folder = try Self.germanRun()
    let run = try Self.run(folder, ["--strict"])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains(#"error: orders.csv:2: invoice "L-1": DE-14-4-6"#), "\(run.stderr)")
    #expect(run.stderr.contains("--strict: 5 invalid invoices; nothing written"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    let check = try Self.run(folder, ["--check"])
    #expect(check.status == 0)
    #expect(check.stderr.contains("DE-14-4-6"))
    #expect(check.stdout.contains("5 invoices valid, 0 invalid"))
  }

  @Test func theConfigStatesDeliveryOnTheIssueDateAndTheInvoiceSaysSo() throws {
    let folder = try Self.germanRun(legal: #"{"deliveryDate": "issue-date"}"#)
    let run = try Self.run(folder, ["--strict", "--locale", "de-DE"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("DE-14-4-6"))
    // The date of issue is printed as the date of supply.
    let text = try CommandRunner.text(folder + "/out/L-1.pdf")
    #expect(text.contains(try Regex(#"Leistungsdatum\s+1\. März 2026"#)), "\(text)")
    // Checks can be turned off; a wrong value of a legal key is the config's error, with its path.
    let off = try Self.germanRun(legal: #"{"check": false}"#)
    #expect(try Self.run(off, ["--strict"]).status == 0)
    let wrong = try Self.germanRun(legal: #"{"deliveryDate": "sometimes", "verifactu": "yes"}"#)
    let refused = try Self.run(wrong)
    #expect(refused.status != 0)
    #expect(
      refused.stderr.contains(#"$.legal.deliveryDate: "sometimes" is not a delivery date policy"#),
      "\(refused.stderr)")
    #expect(
      refused.stderr.contains("$.legal.verifactu: expected true or false, found a string"),
      "\(refused.stderr)")
  }

  @Test func japaneseAndAustralianSamplesPrintWhatTheirLawAsks() throws {
    let folder = try CommandRunner.temporaryFolder()
    for country in ["japan", "australia"] {
      let run = try CommandRunner.invoicegen([
        "--input", "\(country)-orders.csv", "--config", "\(country).json", "--out", folder + "/" + country,
        "--progress", "never", "--strict",
      ])
      #expect(run.status == 0, "\(run.stderr)")
    }
    let japanese = try CommandRunner.text(folder + "/japan/JP-2026-0031.pdf")
    for text in ["適格請求書", "登録番号 T7123456789012", "会議用弁当 ※", "※は軽減税率（8%）対象品目です。", "8%", "¥1,808", "¥15,500"] {
      #expect(japanese.contains(text), "\(text) in \(japanese)")
    }
    let australian = try CommandRunner.text(folder + "/australia/AU-1042.pdf")
    for text in ["Tax invoice", "ABN 63 781 234 567", "ABN 53 004 085 616", "GST 10%", "GST summary"] {
      #expect(australian.contains(text), "\(text) in \(australian)")
    }
    #expect(!australian.contains("VAT"))
  }

  @Test func aTitleOfTheConfigThatIsNotATaxInvoiceIsFound() throws {
    let folder = try CommandRunner.temporaryFolder()
    let config = try String(contentsOfFile: CommandRunner.sampleData + "/australia.json", encoding: .utf8)
      .replacingOccurrences(
        of: #""payment": {"#, with: #""layout": {"title": {"invoice": "Invoice"}}, "payment": {"#)
    try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", CommandRunner.sampleData + "/australia-orders.csv", "--config", folder + "/config.json",
      "--out",
      folder + "/out", "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        #"invoice "AU-1042": AU-29-70-T: the invoice lacks the words "Tax invoice" as its title"#),
      "\(run.stderr)")
  }
}
