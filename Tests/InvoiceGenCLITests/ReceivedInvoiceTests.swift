import DataModel
import Foundation
import Testing

/// Received e-invoices (issue 27): KoSIT's public XRechnung test cases read and rendered, bad
/// input refused with its place, the stated amounts' arithmetic checked, our own CII, UBL and
/// Factur-X read back.
@Suite(.serialized) struct ReceivedInvoiceTests {
  /// The public test suite beside the project (read in place, never copied).
  static let examples = CommandRunner.packageRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/einvoice-examples/xrechnung-testsuite"
  ).path

  static func exampleFiles() -> [String] {
    ["standard", "extension"].flatMap { folder in
      CommandRunner.files(examples + "/" + folder).filter { $0.hasSuffix(".xml") }.map {
        examples + "/" + folder + "/" + $0
      }
    }
  }

  /// Digits only: "1.234,56 €" and "1,234.56" both become "123456".
  static func digits(_ text: String) -> String { text.filter(\.isNumber) }

  /// Words only, one space apart: a name pdftotext wraps over lines still matches.
  static func words(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  @Test func everyPublicExampleIsReadAndItsPDFShowsWhatMatters() throws {
    let files = Self.exampleFiles()
    #expect(files.count == 70, "\(files.count) examples")
    let folder = try CommandRunner.temporaryFolder()
    for (index, file) in files.enumerated() {
      let received = try ReceivedInvoiceReader.read(path: file, file: file)
      let out = folder + "/\(index)"
      let result = try CommandRunner.invoicegen(["--input", file, "--out", out, "--progress", "never"])
      #expect(result.status == 0, "\(file): \(result.stderr)")
      guard let pdf = CommandRunner.files(out).first(where: { $0.hasSuffix(".pdf") }) else {
        Issue.record("\(file): no PDF")
        continue
      }
      // Reading order, not layout: a wrapped description stays together.
      let text = Self.words(
        CommandRunner.normalize(try CommandRunner.run("pdftotext", [out + "/" + pdf, "-"]).stdout))
      let invoice = received.invoice
      for expected in [invoice.number, invoice.customer.name, received.issuer.seller?.name ?? "?"] {
        #expect(text.contains(Self.words(expected)), "\(file): \"\(expected)\" not on the page")
      }
      for item in invoice.items {
        #expect(
          text.contains(Self.words(item.description)), "\(file): item \"\(item.description)\" not on the page"
        )
      }
      // The amount due, as stated: its digits with two decimals.
      let due = received.stated.due.rounded(toScale: 2)
      #expect(
        Self.digits(text).contains(Self.digits(due.description)), "\(file): amount due \(due) not on the page"
      )
      #expect(received.disagreements.isEmpty, "\(file): \(received.disagreements)")
    }
  }

  @Test func bothSyntaxesOfACaseReadTheSame() throws {
    // KoSIT publishes most cases in both syntaxes: the same business terms must come out of each.
    for stem in ["01.02a", "01.05a", "01.14a", "02.01a", "03.01a"] {
      let ubl = Self.examples + "/standard/\(stem)-INVOICE_ubl.xml"
      let cii = Self.examples + "/standard/\(stem)-INVOICE_uncefact.xml"
      guard FileManager.default.fileExists(atPath: ubl), FileManager.default.fileExists(atPath: cii) else {
        continue
      }
      let a = try ReceivedInvoiceReader.read(path: ubl, file: "ubl")
      let b = try ReceivedInvoiceReader.read(path: cii, file: "cii")
      #expect(a.invoice.number == b.invoice.number && a.invoice.issueDate == b.invoice.issueDate, "\(stem)")
      #expect(a.invoice.totals.grandTotal == b.invoice.totals.grandTotal, "\(stem)")
      #expect(a.stated.due == b.stated.due && a.stated.taxTotal == b.stated.taxTotal, "\(stem)")
      #expect(a.invoice.items.map(\.description) == b.invoice.items.map(\.description), "\(stem)")
      #expect(a.invoice.customer.name == b.invoice.customer.name, "\(stem)")
      #expect(a.issuer.bank?.iban == b.issuer.bank?.iban, "\(stem)")
    }
  }

  /// `xml` written to a file in a new folder; returns the folder and the file.
  static func write(_ xml: String, name: String = "in.xml") throws -> (String, String) {
    let folder = try CommandRunner.temporaryFolder()
    try xml.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    return (folder, folder + "/" + name)
  }

  /// A public CII example with `replace` applied to its text.
  static func cii(replacing replace: [(String, String)]) throws -> String {
    var xml = try String(contentsOfFile: examples + "/standard/01.02a-INVOICE_uncefact.xml", encoding: .utf8)
    for (from, to) in replace {
      #expect(xml.contains(from), "the example has \(from)")
      xml = xml.replacingOccurrences(of: from, with: to)
    }
    return xml
  }

  @Test func badInputIsAClearErrorWithItsPlaceAndTheOthersAreWritten() throws {
    let ciiText = try String(
      contentsOfFile: Self.examples + "/standard/01.02a-INVOICE_uncefact.xml", encoding: .utf8)
    let currency = try #require(ciiText.range(of: "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>"))
    let cases: [(name: String, xml: String, message: String)] = [
      (
        "doctype.xml",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<Invoice>&x;</Invoice>\n",
        "DOCTYPE"
      ),
      (
        "junit.xml", "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"a\"/></testsuites>\n",
        "<testsuites>"
      ),
      (
        "currency.xml",
        ciiText.replacingCharacters(
          in: currency, with: "<ram:InvoiceCurrencyCode>EUX</ram:InvoiceCurrencyCode>"),
        "BT-5 currency \"EUX\""
      ),
    ]
    let folder = try CommandRunner.temporaryFolder()
    for item in cases {
      try item.xml.write(toFile: folder + "/" + item.name, atomically: true, encoding: .utf8)
    }
    try ciiText.write(toFile: folder + "/good.xml", atomically: true, encoding: .utf8)
    let result = try CommandRunner.invoicegen([
      "--input", folder + "/*.xml", "--out", folder + "/out", "--progress", "never",
    ])
    #expect(result.status == 2, "\(result.stderr)")
    for item in cases {
      let line = result.stderr.split(separator: "\n").first { $0.contains(item.name) } ?? ""
      #expect(line.contains(item.message), "\(item.name): \(result.stderr)")
    }
    // Nothing was fetched for the DOCTYPE; the good invoice is written.
    #expect(
      CommandRunner.files(folder + "/out").filter { $0.hasSuffix(".pdf") }.count == 1, "\(result.stdout)")
    // Located errors: a missing number and an amount that is no decimal, each with its line.
    for (replace, message) in [
      ([("<ram:ID>123456</ram:ID>", "")], "BT-1 invoice number is missing"),
      (
        [("<ram:GrandTotalAmount>", "<ram:GrandTotalAmount>about ")],
        "BT-112 total with VAT <GrandTotalAmount> is not a decimal"
      ),
    ] {
      let (_, file) = try Self.write(try Self.cii(replacing: replace))
      #expect(throws: ReceivedInvoiceError.self) {
        try ReceivedInvoiceReader.read(path: file, file: "in.xml")
      }
      do {
        _ = try ReceivedInvoiceReader.read(path: file, file: "in.xml")
      } catch {
        #expect(error.description.hasPrefix("in.xml:") && error.description.contains(message), "\(error)")
        #expect(error.line != nil, "\(error)")
      }
    }
  }

  @Test func aReceivedPDFIsWholeAndTaggedAndUntaggedOnlyOnRequest() throws {
    let file = Self.examples + "/extension/05.01a-INVOICE_ubl.xml"
    let folder = try CommandRunner.temporaryFolder()
    let checker = AccessibleSamplesTests.validators.appendingPathComponent("python").path
    for (name, flags) in [("tagged", [String]()), ("untagged", ["--untagged"])] {
      let result = try CommandRunner.invoicegen(
        ["--input", file, "--out", folder + "/" + name, "--progress", "never"] + flags)
      #expect(result.status == 0, "\(result.stderr)")
      let pdf = folder + "/\(name)/123456XX.pdf"
      let check = try CommandRunner.run("qpdf", ["--check", pdf])
      #expect(
        check.status == 0 && check.stdout.contains("No syntax or stream encoding errors"), "\(check.stdout)")
      // Our Matterhorn checks pass the tagged PDF and must fail the untagged one.
      let tagged = try CommandRunner.run(checker, [AccessibleSamplesTests.checker.path, pdf, "de-DE"])
      #expect(tagged.stdout.contains("\"problems\": []") == (name == "tagged"), "\(name): \(tagged.stdout)")
    }
  }

  @Test func anAddressGivenAsLinesSurvivesTheEInvoiceAndComesBack() throws {
    // Address lines without parts (a common export): the e-invoice keeps them as street lines.
    let folder = try CommandRunner.temporaryFolder()
    try """
    invoice_number,invoice_date,currency,customer_name,customer_address,customer_country,customer_email,description,quantity,unit_price,tax_rate
    A-1,2026-03-01,EUR,Kunde AG,"Hauptstraße 5
    80331 München",DE,einkauf@kunde.example,Beratung,1,100.00,19

    """.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    for format in ["cii", "ubl"] {
      let written = try CommandRunner.invoicegen([
        "--input", folder + "/orders.csv", "--config", "einvoice.json", "--format", format,
        "--einvoice-profile", "en16931", "--out", folder + "/" + format, "--progress", "never",
      ])
      #expect(written.status == 0, "\(written.stderr)")
      let xml = try String(contentsOfFile: folder + "/\(format)/A-1.xml", encoding: .utf8)
      let lines =
        format == "cii"
        ? ["<ram:LineOne>Hauptstraße 5</ram:LineOne>", "<ram:LineTwo>80331 München</ram:LineTwo>"]
        : [
          "<cbc:StreetName>Hauptstraße 5</cbc:StreetName>",
          "<cbc:AdditionalStreetName>80331 München</cbc:AdditionalStreetName>",
        ]
      for line in lines { #expect(xml.contains(line), "\(format): \(xml)") }
      let read = try CommandRunner.invoicegen([
        "--input", folder + "/\(format)/A-1.xml", "--out", folder + "/read-\(format)", "--progress", "never",
      ])
      #expect(read.status == 0, "\(read.stderr)")
      let text = try CommandRunner.text(folder + "/read-\(format)/A-1.pdf")
      #expect(text.contains("Hauptstraße 5") && text.contains("80331 München"), "\(text)")
    }
  }

  @Test func statedTotalsThatDoNotAddUpAreShownAndExitTwo() throws {
    // 01.02a states 12.60 with VAT: make it 600.00, and the amount due too.
    let xml = try Self.cii(replacing: [
      (
        "<ram:GrandTotalAmount>12.6</ram:GrandTotalAmount>",
        "<ram:GrandTotalAmount>600.00</ram:GrandTotalAmount>"
      ),
      (
        "<ram:DuePayableAmount>12.6</ram:DuePayableAmount>",
        "<ram:DuePayableAmount>600.00</ram:DuePayableAmount>"
      ),
    ])
    let (folder, file) = try Self.write(xml)
    let result = try CommandRunner.invoicegen([
      "--input", file, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("BR-CO-15"), "\(result.stderr)")
    let text = Self.words(try CommandRunner.text(folder + "/out/123456.pdf"))
    // The buyer is German: the notice is in German, the stated 600,00 is on the page, nothing corrected.
    #expect(text.contains("gehen nicht auf") && text.contains("BR-CO-15"), "\(text)")
    #expect(text.contains("600,00"), "\(text)")
  }

  @Test func ourOwnCIIUBLAndFacturXReadBackIntoTheSameInvoices() throws {
    let folder = try CommandRunner.temporaryFolder()
    for (format, flags) in [
      ("cii", ["--format", "cii"]), ("ubl", ["--format", "ubl"]), ("pdf", ["--einvoice", "facturx"]),
    ] {
      let result = try CommandRunner.invoicegen(
        [
          "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", folder + "/" + format,
          "--progress",
          "never",
        ]
          + flags)
      #expect(result.status == 0, "\(format): \(result.stderr)")
    }
    // The invoices as the CSV makes them, by number.
    var options = ImportOptions()
    options.defaultCurrency = Currency(code: "EUR")  // einvoice.json's defaults
    options.defaultLocale = "de-DE"
    let imported = OrdersCSVImporter(options: options).importFile(
      CommandRunner.sampleData + "/einvoice-orders.csv")
    var checked = 0
    for original in imported.invoices {
      for format in ["cii", "ubl"] {
        let path = folder + "/\(format)/\(original.number).xml"
        guard FileManager.default.fileExists(atPath: path) else { continue }
        let back = try ReceivedInvoiceReader.read(path: path, file: path)
        #expect(back.disagreements.isEmpty, "\(path): \(back.disagreements)")
        let invoice = back.invoice
        #expect(invoice.number == original.number && invoice.issueDate == original.issueDate, "\(path)")
        #expect(invoice.dueDate == original.dueDate && invoice.currency == original.currency, "\(path)")
        #expect(invoice.customer.name == original.customer.name, "\(path)")
        #expect(invoice.items.count == original.items.count, "\(path)")
        #expect(invoice.items.map(\.description) == original.items.map(\.description), "\(path)")
        #expect(invoice.items.map(\.quantity) == original.items.map(\.quantity), "\(path)")
        #expect(invoice.totals.lineAmounts == original.totals.lineAmounts, "\(path)")
        #expect(invoice.totals.taxTotal == original.totals.taxTotal, "\(path)")
        #expect(invoice.totals.grandTotal == original.totals.grandTotal, "\(path)")
        #expect(invoice.purchaseOrder == original.purchaseOrder, "\(path)")
        #expect(invoice.precedingInvoice == original.precedingInvoice, "\(path)")
        checked += 1
      }
    }
    // The five sample e-invoices, in both syntaxes.
    #expect(
      checked == 10,
      "\(checked) invoices read back of \(imported.invoices.count): \(imported.diagnostics.map(\.message).prefix(3))"
    )
    // A Factur-X PDF as input: its factur-x.xml is read, its pages are not.
    let pdfs = CommandRunner.files(folder + "/pdf").filter { $0.hasSuffix(".pdf") }
    let first = try #require(pdfs.first)
    let result = try CommandRunner.invoicegen([
      "--input", folder + "/pdf/" + first, "--out", folder + "/again", "--progress", "never",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(CommandRunner.files(folder + "/again") == [first], "\(CommandRunner.files(folder + "/again"))")
  }

  /// XML nested tens of thousands deep is refused with its line, never a crash (issue 58, point 1):
  /// freeing such a tree recursed past the stack's end.
  @Test(arguments: [
    (
      "fatturapa",
      #"<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" versione="FPR12"><FatturaElettronicaBody><DatiBeniServizi><DettaglioLinee><Descrizione>"#
    ),
    (
      "cii",
      #"<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument>"#
    ),
    (
      "ubl",
      #"<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:Note xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">"#
    ),
  ])
  func deeplyNestedXMLIsRefusedNotACrash(format: String, head: String) throws {
    let folder = try CommandRunner.temporaryFolder()
    let path = folder + "/deep.xml"
    let body = String(repeating: "<a>", count: 50_000) + "x" + String(repeating: "</a>", count: 50_000)
    try (#"<?xml version="1.0"?>"# + head + body).write(toFile: path, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", path, "--input-format", format, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(run.status == 2 || run.status == 1, "\(run.status) \(run.stderr)")
    #expect(run.stderr.contains("nested more than 200 deep"), "\(run.stderr)")
  }

  /// A FatturaPA lotto is read body by body: each invoice is its own document, and a body that
  /// cannot be read fails alone (issue 58, point 3).
  @Test func everyInvoiceOfALottoIsWritten() throws {
    let folder = try CommandRunner.temporaryFolder()
    let xml = try italianInvoice(in: folder)
    let start = try #require(xml.range(of: "<FatturaElettronicaBody>"))
    let end = try #require(xml.range(of: "</FatturaElettronicaBody>"))
    let body = String(xml[start.lowerBound..<end.upperBound])
    let number = try #require(body.firstMatch(of: /<Numero>([^<]*)<\/Numero>/)).1
    let bodies = (1...4).map { index in
      let numbered = body.replacingOccurrences(
        of: "<Numero>\(number)</Numero>", with: "<Numero>L-\(index)</Numero>")
      // The third body lacks its date: it alone fails.
      return index == 3 ? numbered.replacing(/<Data>[^<]*<\/Data>/, with: "", maxReplacements: 1) : numbered
    }
    try xml.replacingOccurrences(of: body, with: bodies.joined()).write(
      toFile: folder + "/lotto.xml", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/lotto.xml", "--out", folder + "/out", "--progress", "never",
    ])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("a lotto of 4 invoices"), "\(run.stderr)")
    #expect(run.stderr.contains("BT-2"), "\(run.stderr)")
    #expect(CommandRunner.files(folder + "/out") == ["L-1.pdf", "L-2.pdf", "L-4.pdf"])
    let text = try CommandRunner.text(folder + "/out/L-4.pdf")
    #expect(text.contains("L-4"), "\(text)")
  }

  /// A received text longer than a field may be is an error naming its element, never cut without
  /// a word (issue 58, point 5); a CII or UBL attachment's bytes are not held to that limit.
  @Test func anOverlongTextIsRefusedNotCut() throws {
    let folder = try CommandRunner.temporaryFolder()
    let xml = try italianInvoice(in: folder)
    let long = xml.replacingOccurrences(
      of: "<Descrizione>", with: "<Descrizione>" + String(repeating: "lungo ", count: 12_000))
    try long.write(toFile: folder + "/long.xml", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/long.xml", "--out", folder + "/out", "--progress", "never",
    ])
    #expect(run.status != 0)
    #expect(run.stderr.contains("the text of <Descrizione> is longer than 64 KiB"), "\(run.stderr)")
    #expect(CommandRunner.files(folder + "/out").isEmpty)
  }

  /// A signed FatturaPA (`.xml.p7m`, DER or base64) is opened and read with its signature's
  /// verdict on the page; a changed byte, a detached signature or junk is an error naming the file
  /// (issue 58, point 20).
  @Test func aSignedFatturaPAIsOpenedAndItsSignatureChecked() throws {
    let folder = try CommandRunner.temporaryFolder()
    try italianInvoice(in: folder).write(toFile: folder + "/invoice.xml", atomically: true, encoding: .utf8)
    let openssl = "/usr/bin/openssl"
    let key = try CommandRunner.run(
      openssl,
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder + "/key.pem", "-out",
        folder + "/cert.pem", "-days", "2", "-subj", "/CN=Mario Rossi/O=Rossi Srl/C=IT",
      ])
    #expect(key.status == 0, "\(key.stderr)")
    let sign = ["cms", "-sign", "-binary", "-in", folder + "/invoice.xml", "-signer", folder + "/cert.pem"]
    let signed = try CommandRunner.run(
      openssl,
      sign + ["-inkey", folder + "/key.pem", "-nodetach", "-outform", "DER", "-out", folder + "/a.xml.p7m"])
    #expect(signed.status == 0, "\(signed.stderr)")
    let detached = try CommandRunner.run(
      openssl, sign + ["-inkey", folder + "/key.pem", "-outform", "DER", "-out", folder + "/detached.p7m"])
    #expect(detached.status == 0, "\(detached.stderr)")
    let der = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.xml.p7m"))
    try Data(der.base64EncodedString(options: .lineLength64Characters).utf8).write(
      to: URL(fileURLWithPath: folder + "/b.xml.p7m"))
    var changed = der
    let at = try #require(der.firstRange(of: Data("<Descrizione>".utf8))).upperBound
    changed[at] ^= 0x01
    try changed.write(to: URL(fileURLWithPath: folder + "/changed.xml.p7m"))
    try Data("not an envelope".utf8).write(to: URL(fileURLWithPath: folder + "/junk.xml.p7m"))
    for file in ["a.xml.p7m", "b.xml.p7m"] {
      let run = try CommandRunner.invoicegen([
        "--input", folder + "/" + file, "--input-format", "fatturapa", "--out", folder + "/out-" + file,
        "--progress", "never",
      ])
      #expect(run.status == 0, "\(file): \(run.stderr)")
      #expect(
        run.stderr.contains("signature intact, signed by C=IT,O=Rossi Srl,CN=Mario Rossi"), "\(run.stderr)")
      let pdf = try #require(CommandRunner.files(folder + "/out-" + file).first)
      let text = CommandRunner.normalize(try CommandRunner.text(folder + "/out-" + file + "/" + pdf))
      #expect(text.contains("the certificate was not checked"), "\(text)")
    }
    for (file, expected) in [
      ("changed.xml.p7m", "the signature does not match the signed content"),
      ("detached.p7m", "holds a detached signature"),
      ("junk.xml.p7m", "is not a CMS (PKCS #7) envelope"),
    ] {
      let run = try CommandRunner.invoicegen([
        "--input", folder + "/" + file, "--out", folder + "/out-" + file, "--progress", "never",
      ])
      #expect(run.status == 2, "\(file): \(run.stderr)")
      #expect(run.stderr.contains(file + ": " + expected), "\(file): \(run.stderr)")
      #expect(CommandRunner.files(folder + "/out-" + file).isEmpty)
    }
  }

  /// A root element of an e-invoice's name in another namespace, or a FatturaPA of another
  /// `versione`, is refused as not that document, never read as if it were (issue 58, point 20).
  @Test(arguments: [
    ("http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2", "FPX99", #"versione "FPX99" is not"#),
    ("http://example.com/other", "FPR12", #"is in namespace "http://example.com/other", not"#),
  ])
  func aFatturaPAOfAnotherVersionOrNamespaceIsRefused(namespace: String, version: String, expected: String)
    throws
  {
    let folder = try CommandRunner.temporaryFolder()
    let xml = try italianInvoice(in: folder)
      .replacing(/versione="FP[AR]12"/, with: "versione=\"\(version)\"")
      .replacingOccurrences(
        of: "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2", with: namespace)
    try xml.write(toFile: folder + "/other.xml", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/other.xml", "--input-format", "fatturapa", "--out", folder + "/out", "--progress",
      "never",
    ])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains(expected), "\(run.stderr)")
    #expect(CommandRunner.files(folder + "/out").isEmpty)
  }

  /// The FatturaPA of the Italian sample's first invoice, made in `folder`.
  private func italianInvoice(in folder: String) throws -> String {
    let made = try CommandRunner.invoicegen([
      "--input", CommandRunner.sampleData + "/italy-orders.csv", "--config",
      CommandRunner.sampleData + "/italy.json",
      "--format", "fatturapa", "--out", folder + "/xml", "--progress", "never",
    ])
    #expect(made.status == 0, "\(made.stderr)")
    let first = try #require(CommandRunner.files(folder + "/xml").first { $0.hasSuffix(".xml") })
    return try String(contentsOfFile: folder + "/xml/" + first, encoding: .utf8)
  }

  /// Received inputs honour --check, --summary, --only and --shard as orders do, and refuse
  /// --skip-unchanged instead of ignoring it (issue 58, point 4).
  @Test func theBatchOptionsApplyToReceivedInvoices() throws {
    let folder = try CommandRunner.temporaryFolder()
    let standard = CommandRunner.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/einvoice-examples/xrechnung-testsuite/standard").path
    let inputs = [
      "--input", standard + "/01.02a-INVOICE_ubl.xml", "--input", standard + "/01.03a-INVOICE_ubl.xml",
    ]
    let check = try CommandRunner.invoicegen(
      inputs + ["--out", folder + "/check", "--check", "--progress", "never"])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/check"))
    let summary = try CommandRunner.invoicegen(
      inputs + ["--out", folder + "/all", "--summary", folder + "/summary.json", "--progress", "never"])
    #expect(summary.status == 0, "\(summary.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/summary.json")))
        as? [String: Any])
    #expect(json["written"] as? Int == 2)
    let only = try CommandRunner.invoicegen(
      inputs + ["--out", folder + "/only", "--only", "123456", "--progress", "never"])
    #expect(only.status == 0, "\(only.stderr)")
    #expect(
      CommandRunner.files(folder + "/only") == ["123456.pdf"], "\(CommandRunner.files(folder + "/only"))")
    var sharded: [String] = []
    for shard in ["1/2", "2/2"] {
      let run = try CommandRunner.invoicegen(
        inputs + ["--out", folder + "/shards", "--shard", shard, "--progress", "never"])
      #expect(run.status == 0, "\(run.stderr)")
      sharded.append(contentsOf: CommandRunner.files(folder + "/shards"))
    }
    #expect(Set(sharded) == ["123456.pdf", "RR123456.pdf"], "\(sharded)")
    let skip = try CommandRunner.invoicegen(inputs + ["--out", folder + "/skip", "--skip-unchanged"])
    #expect(skip.status != 0)
    #expect(skip.stderr.contains("--skip-unchanged is for orders CSV and invoice JSON"), "\(skip.stderr)")
  }

  /// A received invoice whose number gives no file name is said so in words, never in Swift's
  /// form of an enum case (issue 58, point 21).
  @Test func anUnusableNameIsSaidInWords() throws {
    let folder = try CommandRunner.temporaryFolder()
    let example = CommandRunner.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/einvoice-examples/xrechnung-testsuite/standard/01.02a-INVOICE_ubl.xml")
      .path
    let xml = try String(contentsOfFile: example, encoding: .utf8)
    let first = try #require(xml.range(of: "<cbc:ID>123456</cbc:ID>"))
    try xml.replacingCharacters(in: first, with: "<cbc:ID>..</cbc:ID>").write(
      toFile: folder + "/dots.xml", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/dots.xml", "--out", folder + "/out", "--progress", "never",
    ])
    #expect(run.status != 0)
    #expect(run.stderr.contains("which is not allowed"), "\(run.stderr)")
    #expect(!run.stderr.contains("unusable("), "\(run.stderr)")
  }
}
