import EInvoicing
import Foundation
import Testing

/// E-invoices (issue 12): CII XML checked by the official EN 16931 schematron, XSD and drafthorse.
@Suite struct EInvoiceTests {
  static let python = CommandRunner.packageRoot.appendingPathComponent(".build/validators/bin/python").path
  static let checker = CommandRunner.packageRoot.appendingPathComponent("Tests/Validators/einvoice_check.py")
    .path

  /// The checker's verdict on `file` (see Tests/Validators/einvoice_check.py).
  static func check(_ file: String) throws -> [String: Any] {
    #expect(
      FileManager.default.fileExists(atPath: python),
      "run `make validators` (make test does) to install the checkers")
    let run = try CommandRunner.run(python, [checker, file])
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  static func failedRules(_ verdict: [String: Any], flags: Set<String> = ["error", "fatal"]) -> [String] {
    (verdict["failed"] as? [[String: Any]] ?? []).filter { flags.contains($0["flag"] as? String ?? "error") }
      .compactMap { $0["id"] as? String }
  }

  static let numbers = ["GS-2026-007", "RE-2026-101", "RE-2026-102", "RE-2026-103", "RE-2026-104"]

  @Test func everySampleIsAValidEN16931InvoiceWhoseTotalsAreThePagesOwn() throws {
    let folder = try CommandRunner.temporaryFolder()
    let xml = try CommandRunner.invoicegen([
      "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", folder + "/xml", "--format",
      "cii",
    ])
    #expect(xml.status == 0, "\(xml.stderr)")
    let pdf = try CommandRunner.invoicegen([
      "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", folder + "/pdf",
    ])
    #expect(pdf.status == 0, "\(pdf.stderr)")
    #expect(CommandRunner.files(folder + "/xml") == EInvoiceTests.numbers.map { $0 + ".xml" })
    for number in EInvoiceTests.numbers {
      let verdict = try EInvoiceTests.check(folder + "/xml/\(number).xml")
      #expect(verdict["xsd"] as? String == "ok", "\(number): \(verdict)")
      #expect(verdict["drafthorse"] as? String == "ok", "\(number): \(verdict)")
      #expect((verdict["fired"] as? Int ?? 0) > 50, "\(number): the schematron ran")
      #expect(EInvoiceTests.failedRules(verdict).isEmpty, "\(number): \(verdict["failed"] ?? [])")
      // The XML's grand total is the page's (a credit note's is positive in the XML, negative on the page).
      let text = try String(contentsOfFile: folder + "/xml/\(number).xml", encoding: .utf8)
      let total = try #require(
        text.components(separatedBy: "<ram:GrandTotalAmount>").last?.components(separatedBy: "<").first)
      let page = try CommandRunner.text(folder + "/pdf/\(number).pdf").split(whereSeparator: \.isWhitespace)
        .joined(separator: " ")
      let printed = (number.hasPrefix("GS") ? "-" : "") + EInvoiceTests.german(total) + " €"
      #expect(page.contains("Gesamtbetrag " + printed), "\(number): \(total) → \(printed)")
      // The page shows the date of supply, and the seller's country in the document's language.
      if number == "RE-2026-101" {
        #expect(page.contains("Leistungsdatum 27. Feb. 2026"), "\(page)")
        #expect(page.contains("10117 Berlin Deutschland"), "\(page)")
      }
      #expect(text.contains("<ram:TypeCode>\(number.hasPrefix("GS") ? "381" : "380")</ram:TypeCode>"))
    }
  }

  /// "2290.30" as de-DE prints it: "2.290,30".
  static func german(_ amount: String) -> String {
    let parts = amount.split(separator: ".")
    var whole = String(parts[0])
    var grouped = ""
    while whole.count > 3 {
      grouped = "." + whole.suffix(3) + grouped
      whole.removeLast(3)
    }
    return whole + grouped + "," + (parts.count > 1 ? parts[1] : "00")
  }

  @Test(arguments: ["xrechnung", "peppol"])
  func aCIUSNeedsItsFieldsAndCarriesItsIdentifier(_ profile: String) throws {
    let folder = try CommandRunner.temporaryFolder()
    for format in ["cii", "ubl"] {
      let out = folder + "/" + format
      let run = try CommandRunner.invoicegen([
        "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", out, "--format", format,
        "--einvoice-profile", profile,
      ])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(CommandRunner.files(out) == EInvoiceTests.numbers.map { $0 + ".xml" })
      let identifier =
        profile == "xrechnung"
        ? "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
        : "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
      for file in CommandRunner.files(out) {
        let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
        #expect(text.contains(identifier), "\(file)")
        let needed =
          format == "cii"
          ? ["<ram:BuyerReference>", "<ram:PersonName>Jane Doe", "<ram:URIID schemeID=\"EM\">"]
          : ["<cbc:BuyerReference>", "<cbc:EndpointID schemeID=\"EM\">", "<cbc:Name>Jane Doe"]
        for field in needed { #expect(text.contains(field), "\(format) \(file): \(field)") }
        // The base EN 16931 rules hold (the KoSIT validator itself is not available here); UBL also Peppol's.
        let verdict = try EInvoiceTests.check(out + "/" + file)
        #expect(verdict["xsd"] as? String == "ok", "\(file): \(verdict)")
        #expect(EInvoiceTests.failedRules(verdict).isEmpty, "\(format) \(file): \(verdict["failed"] ?? [])")
        if format == "ubl" {
          let peppol = (verdict["peppol"] as? [[String: Any]] ?? []).filter {
            $0["flag"] as? String == "fatal"
          }
          #expect(peppol.isEmpty, "\(file): \(peppol)")
        }
      }
    }
    // Without the buyer reference the invoice is refused, naming the term and the column.
    var csv = try String(contentsOfFile: CommandRunner.sampleData + "/einvoice-orders.csv", encoding: .utf8)
    csv = csv.replacingOccurrences(of: "ATL-2026-0317", with: "")
    try csv.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let missing = try CommandRunner.invoicegen([
      "--input", folder + "/orders.csv", "--config", "einvoice.json", "--check", "--format", "ubl",
      "--einvoice-profile", profile,
    ])
    #expect(missing.status == 2)
    let expected =
      profile == "xrechnung"
      ? "orders.csv:5: invoice \"RE-2026-102\": XRechnung needs the buyer reference (BT-10), the Leitweg-ID of public buyers"
      : "orders.csv:5: invoice \"RE-2026-102\": Peppol needs the buyer reference (BT-10) or the purchase order reference (BT-13)"
    #expect(missing.stderr.contains(expected), "\(missing.stderr)")
  }

  @Test func everySampleIsAValidUBLInvoiceOrCreditNote() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", folder, "--format", "ubl",
      "--einvoice-profile", "en16931",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    for number in EInvoiceTests.numbers {
      let text = try String(contentsOfFile: folder + "/\(number).xml", encoding: .utf8)
      #expect(text.contains(number.hasPrefix("GS") ? "<CreditNote xmlns=" : "<Invoice xmlns="))
      let verdict = try EInvoiceTests.check(folder + "/\(number).xml")
      #expect(verdict["syntax"] as? String == "ubl" && verdict["xsd"] as? String == "ok", "\(verdict)")
      #expect((verdict["fired"] as? Int ?? 0) > 30)
      #expect(EInvoiceTests.failedRules(verdict).isEmpty, "\(number): \(verdict["failed"] ?? [])")
    }
  }

  @Test func aPartRefundsCreditNoteIsAValidXRechnung() throws {
    // RE-2026-101 partly refunded (100.00 of it): its credit note has net prices (EN 16931 refuses gross
    // ones), the buyer reference (BT-10, which XRechnung requires) and the delivery date of the invoice.
    let folder = try CommandRunner.temporaryFolder()
    let sample = try String(
      contentsOfFile: CommandRunner.sampleData + "/einvoice-orders.csv", encoding: .utf8)
    var refunded = false
    let lines = sample.split(separator: "\n").enumerated().map { index, line -> String in
      if index == 0 { return line + ",status,refunded_amount" }
      guard !refunded, line.hasPrefix("RE-2026-101,") else { return line + ",," }
      refunded = true
      return line + ",partially_refunded,100.00"
    }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    for format in ["cii", "ubl"] {
      let out = folder + "/" + format
      let run = try CommandRunner.invoicegen([
        "--input", folder + "/orders.csv", "--config", "einvoice.json", "--out", out, "--format", format,
        "--einvoice-profile", "xrechnung", "--refunds", "credit-note", "--progress", "never",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let verdict = try EInvoiceTests.check(out + "/RE-2026-101-CN.xml")
      #expect(verdict["xsd"] as? String == "ok", "\(format): \(verdict)")
      #expect(EInvoiceTests.failedRules(verdict).isEmpty, "\(format): \(verdict["failed"] ?? [])")
      let xml = try String(contentsOfFile: out + "/RE-2026-101-CN.xml", encoding: .utf8)
      #expect(xml.contains("04011000-12345-67") && xml.contains("100.00"), "\(format): \(xml)")
    }
  }

  @Test func theValidatorCatchesAWrongTotalAndAMissingIBAN() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", folder, "--format", "cii",
      "--only", "RE-2026-101",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    var text = try String(contentsOfFile: folder + "/RE-2026-101.xml", encoding: .utf8)
    let total = try #require(text.range(of: "<ram:GrandTotalAmount>"))
    let end = try #require(text.range(of: "</ram:GrandTotalAmount>"))
    text.replaceSubrange(total.upperBound..<end.lowerBound, with: "1.00")
    text = text.replacingOccurrences(
      of: "<ram:IBANID>DE89370400440532013000</ram:IBANID>", with: "<ram:IBANID></ram:IBANID>")
    try text.write(toFile: folder + "/broken.xml", atomically: true, encoding: .utf8)
    let rules = EInvoiceTests.failedRules(try EInvoiceTests.check(folder + "/broken.xml"))
    for rule in ["BR-CO-15", "BR-50"] { #expect(rules.contains(rule), "\(rules)") }
  }

  @Test func missingDataIsThatInvoicesLocatedErrorAndCheckFindsItAll() throws {
    let folder = try CommandRunner.temporaryFolder()
    try """
    invoice_number,invoice_date,due_date,customer_name,description,quantity,unit,unit_price,tax_rate
    X-1,2026-03-01,2026-03-31,Kunde ohne Land,Beratung,1,h,100,19
    X-2,2026-03-01,2026-03-31,Kunde ohne Land,Beratung,1,Stapel,100,0

    """.write(toFile: folder + "/x.csv", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/x.csv", "--config", "einvoice.json", "--format", "cii", "--check",
    ])
    #expect(run.status == 2)
    for expected in [
      "x.csv:2: invoice \"X-1\": an e-invoice needs the buyer's country (BT-55)",
      "hint: add a customer_country column (ISO 3166-1 code such as DE)",
      "x.csv:3: invoice \"X-2\": line 3: a 0 % rate needs its VAT category (BT-151)",
      "x.csv:3: invoice \"X-2\": line 3: the unit \"Stapel\" is not a UN/ECE Recommendation 20 code (BT-130)",
    ] {
      #expect(run.stderr.contains(expected), "\(expected) in \(run.stderr)")
    }
    #expect(run.stdout.contains("0 invoices valid, 2 invalid"), "\(run.stdout)")
  }

  @Test func invoiceJSONCarriesTheEInvoicingFields() throws {
    let folder = try CommandRunner.temporaryFolder()
    try """
    {"invoices": [{"invoiceNumber": "J-1", "invoiceDate": "2026-03-01", "dueDate": "2026-03-31", "currency": "EUR",
      "buyerReference": "PO-REF-9", "billingPeriodStart": "2026-02-01", "billingPeriodEnd": "2026-02-28",
      "customer": {"name": "Bloemen & Co B.V.", "street": "Keizersgracht 1", "postcode": "1015 CJ",
        "city": "Amsterdam", "country": "Netherlands", "vatId": "NL123456789B01",
        "electronicAddress": {"scheme": "0106", "value": "12345678"}},
      "items": [{"description": "Onderhoud", "quantity": 1, "unit": "MON", "unitPrice": "300.00", "taxRate": 0,
        "taxCategory": "AE"}],
      "taxExemptionReason": "Reverse charge"}]}
    """.write(toFile: folder + "/j.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/j.json", "--config", "einvoice.json", "--out", folder + "/out", "--format", "ubl",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: folder + "/out/J-1.xml", encoding: .utf8)
    for needed in [
      "<cbc:EndpointID schemeID=\"0106\">12345678</cbc:EndpointID>",
      "<cbc:IdentificationCode>NL</cbc:IdentificationCode>",
      "<cbc:StartDate>2026-02-01</cbc:StartDate>", "<cbc:ID>AE</cbc:ID>", "<cbc:BuyerReference>PO-REF-9",
    ] {
      #expect(text.contains(needed), "\(needed)")
    }
    let verdict = try EInvoiceTests.check(folder + "/out/J-1.xml")
    #expect(EInvoiceTests.failedRules(verdict).isEmpty, "\(verdict["failed"] ?? [])")
  }

  @Test func theXMLWriterEscapesEverythingAndNestsCorrectly() {
    var xml = XMLWriter(indent: false)
    xml.element("a", ["b": "1 < 2 & \"3\"\nnext"]) { xml in
      xml.element("c", "Müller & Söhne <GmbH> \u{1}bell")
    }
    #expect(xml.isComplete)
    #expect(
      xml.text
        == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><a b=\"1 &lt; 2 &amp; &quot;3&quot;&#10;next\"><c>Müller &amp; Söhne &lt;GmbH&gt; \u{FFFD}bell</c></a>"
    )
  }
}

/// Factur-X hybrids (issue 12): PDF/A-3b with factur-x.xml, checked by factur-x, the schematron and PDFBox Preflight.
@Suite struct FacturXTests {
  /// Preflight's codes that only PDF/A-1 forbids (Preflight checks PDF/A-1b only; no PDF/A-3 validator is available here):
  /// 1.2.9/1.4.7 embedded files (PDF/A-3 allows them), 2.2.1/4.1.2 transparency groups and alpha (allowed since
  /// PDF/A-2), 3.1.11 a missing CIDSet (optional since PDF/A-2), 7.11.2 `pdfaid:part` other than 1.
  static let pdfA1OnlyCodes: Set<String> = ["1.2.9", "1.4.7", "2.2.1", "4.1.2", "3.1.11", "7.11.2"]

  /// Preflight's error codes for `pdf`.
  static func preflight(_ pdf: String) throws -> [String] {
    let java = "/usr/share/java/"
    let classpath = [
      "preflight", "pdfbox2", "fontbox2", "xmpbox", "commons-logging", "javax.activation", "jaxb-api",
    ]
    .map { java + $0 + ".jar" }.joined(separator: ":")
    let run = try CommandRunner.run(
      "java", ["-cp", classpath, "org.apache.pdfbox.preflight.Validator_A1b", pdf])
    #expect(run.stdout.contains(".pdf"), "Preflight ran: \(run.stdout) \(run.stderr)")
    return run.stdout.split(separator: "\n").compactMap { line in
      let code = line.split(separator: " ").first.map(String.init) ?? ""
      return code.first?.isNumber == true && line.contains(" : ") ? code : nil
    }
  }

  @Test func everySampleIsAFacturXPDFA3WhoseXMLPassesTheOfficialRules() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen(
      [
        "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", folder, "--einvoice",
        "facturx",
      ],
      environment: ["SOURCE_DATE_EPOCH": "1772366400"])
    #expect(run.status == 0, "\(run.stderr)")
    for number in EInvoiceTests.numbers {
      let pdf = folder + "/\(number).pdf"
      let verdict = try EInvoiceTests.check(pdf)
      #expect(verdict["attachment"] as? String == "factur-x.xml", "\(number): \(verdict)")
      #expect(verdict["xsd"] as? String == "ok" && verdict["drafthorse"] as? String == "ok", "\(verdict)")
      #expect(EInvoiceTests.failedRules(verdict).isEmpty, "\(number): \(verdict["failed"] ?? [])")
      let codes = Set(try FacturXTests.preflight(pdf))
      #expect(codes.subtracting(FacturXTests.pdfA1OnlyCodes).isEmpty, "\(number): \(codes.sorted())")
      #expect(try CommandRunner.run("qpdf", ["--check", pdf]).status == 0)
      let info = try CommandRunner.run("pdfinfo", ["-meta", pdf]).stdout
      for needed in [
        "<pdfaid:part>3</pdfaid:part>", "<pdfaid:conformance>B</pdfaid:conformance>",
        "<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>", "<fx:DocumentFileName>factur-x.xml",
        "<pdfaSchema:prefix>fx</pdfaSchema:prefix>",
      ] {
        #expect(info.contains(needed), "\(number): \(needed)")
      }
      let raw = try String(decoding: Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
      for needed in ["/AFRelationship /Alternative", "/OutputIntents", "/GTS_PDFA1", "/ID ["] {
        #expect(raw.contains(needed), "\(number): \(needed)")
      }
      #expect(!raw.contains("/Interpolate true"))
    }
    // Deterministic: the same input and SOURCE_DATE_EPOCH give the same bytes.
    let again = try CommandRunner.temporaryFolder()
    _ = try CommandRunner.invoicegen(
      [
        "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", again, "--einvoice",
        "facturx",
      ],
      environment: ["SOURCE_DATE_EPOCH": "1772366400"])
    for number in EInvoiceTests.numbers {
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: folder + "/\(number).pdf"))
          == Data(contentsOf: URL(fileURLWithPath: again + "/\(number).pdf")), "\(number)")
    }
  }

  @Test func preflightRejectsAPlainPDFAndAcceptsTheArchivalReport() throws {
    let folder = try CommandRunner.temporaryFolder()
    _ = try CommandRunner.invoicegen([
      "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", folder, "--only", "RE-2026-101",
    ])
    // The check can fail: a plain cairo PDF lacks /ID, XMP metadata and an output intent.
    let plain = Set(try FacturXTests.preflight(folder + "/RE-2026-101.pdf"))
    #expect(!plain.subtracting(FacturXTests.pdfA1OnlyCodes).isEmpty, "\(plain.sorted())")
    let report = try CommandRunner.invoicegen([
      "report", "--input", "report.json", "--out", folder + "/r.pdf", "--pdfa",
    ])
    #expect(report.status == 0, "\(report.stderr)")
    let codes = Set(try FacturXTests.preflight(folder + "/r.pdf"))
    #expect(codes.subtracting(FacturXTests.pdfA1OnlyCodes).isEmpty, "\(codes.sorted())")
  }
}
