import Foundation
import Testing

/// Poland's KSeF (issue 60, parts 1 and 2): FA(3) written with `--format ksef`, checked against the
/// official XSD by ksef-client, read back with `--input`, and rendered with QR code I, whose link
/// must be ksef-client's own for the same file.
@Suite(.serialized) struct KSeFTests {
  static let python = CommandRunner.packageRoot.appendingPathComponent(".build/validators/bin/python").path
  static let checker = CommandRunner.packageRoot.appendingPathComponent("Tests/Validators/ksef_check.py").path
  static let config = CommandRunner.sampleData + "/poland.json"

  /// ksef-client's verdict on each file (XSD errors, our arithmetic, its verification link).
  static func check(_ files: [String]) throws -> [[String: Any]] {
    let run = try CommandRunner.run(python, [checker] + files)
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
  }

  static func write(_ input: String, to out: String, config: String = config) throws -> CommandRunner.Result {
    try CommandRunner.invoicegen([
      "--input", input, "--config", config, "--format", "ksef", "--out", out, "--progress", "never",
    ])
  }

  static let header =
    "invoice_number,invoice_date,due_date,customer_name,customer_street,customer_postcode,customer_city,customer_country,customer_vat_id,description,quantity,unit,unit_price,tax_rate,tax_category,tax_exemption_reason,discount,shipping,preceding_invoice,preceding_invoice_date,preceding_invoice_ksef,delivery_date,split_payment\n"

  /// 25 Polish invoices: every rate class, discounts, shipping, buyers in Poland, the EU and
  /// beyond, a consumer without a NIP, and corrections inside and outside KSeF.
  static func generated() -> String {
    let buyers = [
      "Nabywca Handel S.A.,ul. Piotrkowska 120,90-006,Łódź,PL,7251801126",
      "Konsument Jan Nowak,ul. Krótka 1,00-001,Warszawa,PL,",
      "Müller Logistik GmbH,Hafenstraße 3,20457,Hamburg,DE,DE811907980",
      "Acme Inc.,1 Main Street,10001,New York,US,",
      "Ελληνική Εταιρεία Α.Ε.,Οδός Αθηνάς 5,10551,Αθήνα,GR,EL094259216",
    ]
    let rates = [
      ("23", "", ""), ("8", "", ""), ("5", "", ""), ("0", "Z", ""),
      ("0", "E", "art. 43 ust. 1 pkt 37 ustawy o VAT"),
    ]
    var csv = header
    for index in 1...25 {
      let number = String(format: "FV/2026/%02d", index)
      let day = String(format: "2026-05-%02d", index)
      let buyer = buyers[index % buyers.count]
      var (rate, category, reason) = rates[(index / 5) % rates.count]
      if buyer.contains(",DE,") || buyer.contains(",GR,") { (rate, category, reason) = ("0", "K", "") }
      if buyer.contains(",US,") { (rate, category, reason) = ("0", index % 2 == 0 ? "G" : "O", "") }
      if index == 20 { (rate, category, reason) = ("0", "AE", "") }
      let discount = index % 3 == 0 ? "10" : ""
      let shipping = index % 4 == 0 ? "15.00" : ""
      csv +=
        "\(number),\(day),2026-06-30,\(buyer),Towar numer \(index) – żółć,\(index),szt,\(index == 7 ? "2500.00" : "\(index * 7).45"),\(rate),\(category),\(reason),\(discount),\(shipping),,,,\(day),\(index == 7 ? "tak" : "")\n"
      csv += "\(number),,,,,,,,,Usługa dodatkowa,1.5,godz,120.00,23,,,,,,,,,\n"
    }
    // Two corrections: one of an invoice in KSeF, one of an invoice issued outside it.
    csv +=
      "KOR/2026/01,2026-06-02,,Nabywca Handel S.A.,ul. Piotrkowska 120,90-006,Łódź,PL,7251801126,Zwrot towaru,-1,szt,100.00,23,,,,,FV/2026/05,2026-05-05,5261040828-20260505-0A1B2C-3D4E5F-A7,,\n"
    csv +=
      "KOR/2026/02,2026-06-03,,Nabywca Handel S.A.,ul. Piotrkowska 120,90-006,Łódź,PL,7251801126,Rabat posprzedażowy,-1,usł,50.00,8,,,,,FV/2026/10,2026-05-10,none,,\n"
    return csv
  }

  @Test func theSampleIsValidFA3WithItsSums() throws {
    let out = try CommandRunner.temporaryFolder() + "/out"
    let run = try Self.write(CommandRunner.sampleData + "/poland-orders.csv", to: out)
    #expect(run.status == 0, "\(run.stderr)")
    let files = CommandRunner.files(out).map { out + "/" + $0 }
    #expect(files.count == 4)
    let verdicts = try Self.check(files)
    for verdict in verdicts {
      #expect((verdict["errors"] as? [String]) == [], "\(verdict)")
      #expect((verdict["arithmetic"] as? [String]) == [], "\(verdict)")
    }
    #expect(verdicts.map { $0["total"] as? String } == ["26496.00", "2282.40", "4200.00", "-168.00"])
    let exempt = try String(contentsOfFile: out + "/FV_2026_03_002.xml", encoding: .utf8)
    for element in [
      "<P_13_2>1280.00</P_13_2>", "<P_14_2>102.40</P_14_2>", "<P_13_7>900.00</P_13_7>", "<P_19>1</P_19>",
      "<P_19A>art. 43 ust. 1 pkt 29 lit. c ustawy o VAT</P_19A>", "<NrRB>61109010140000071219812874</NrRB>",
    ] {
      #expect(exempt.contains(element), "\(element)")
    }
    // Services to a German business: taxed where the buyer is (np II), reverse charge annotated.
    let abroad = try String(contentsOfFile: out + "/FV_2026_03_003.xml", encoding: .utf8)
    for element in [
      "<KodUE>DE</KodUE>", "<NrVatUE>811907980</NrVatUE>", "<P_12>np II</P_12>", "<P_18>1</P_18>",
    ] {
      #expect(abroad.contains(element), "\(element)")
    }
    let correction = try String(contentsOfFile: out + "/FV_2026_03_004.xml", encoding: .utf8)
    for element in [
      "<RodzajFaktury>KOR</RodzajFaktury>", "<DataWystFaKorygowanej>2026-03-02</DataWystFaKorygowanej>",
      "<NrKSeFFaKorygowanej>5261040828-20260302-0A1B2C-3D4E5F-A7</NrKSeFFaKorygowanej>",
      "<P_8B>-2</P_8B>", "<P_13_3>-160.00</P_13_3>",
    ] {
      #expect(correction.contains(element), "\(element)")
    }
  }

  @Test func twentyFiveGeneratedInvoicesAreValidAndAddUp() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Self.generated().write(toFile: folder + "/pl.csv", atomically: true, encoding: .utf8)
    let run = try Self.write(folder + "/pl.csv", to: folder + "/out")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    let files = CommandRunner.files(folder + "/out").map { folder + "/out/" + $0 }
    #expect(files.count == 27)
    let verdicts = try Self.check(files)
    for verdict in verdicts {
      #expect((verdict["errors"] as? [String]) == [], "\(verdict)")
      #expect((verdict["arithmetic"] as? [String]) == [], "\(verdict)")
    }
    let all = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
    for code in ["23", "8", "5", "0 KR", "0 WDT", "0 EX", "zw", "np I", "oo"] {
      #expect(all.contains("<P_12>\(code)</P_12>"), "rate code \(code)")
    }
    #expect(all.contains("<BrakID>1</BrakID>"))
    #expect(all.contains("<KodUE>EL</KodUE>"))
    #expect(all.contains("<NrKSeFN>1</NrKSeFN>"))
    // Split payment: FV/2026/07 is flagged and over PLN 15,000; no other invoice has P_18A.
    let seventh = try String(contentsOfFile: folder + "/out/FV_2026_07.xml", encoding: .utf8)
    #expect(seventh.contains("<P_18A>1</P_18A>"))
    #expect(all.components(separatedBy: "<P_18A>1</P_18A>").count == 2)
  }

  @Test func aWrittenInvoiceRendersBackWithQRCodeIAsKSeFClientBuildsIt() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.write(CommandRunner.sampleData + "/poland-orders.csv", to: folder + "/xml").status == 0)
    // KSeF names a delivered file by its KSeF number: that number is printed under the code.
    let number = "5261040828-20260302-0A1B2C3D4E5F-A7"
    try FileManager.default.moveItem(
      atPath: folder + "/xml/FV_2026_03_001.xml", toPath: folder + "/xml/\(number).xml")
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/xml/*.xml", "--out", folder + "/pdf", "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let verdicts = try Self.check([folder + "/xml/\(number).xml", folder + "/xml/FV_2026_03_002.xml"])
    let first = folder + "/pdf/FV_2026_03_001.pdf"
    #expect(try PaymentCodeCommandTests.decode(first) == verdicts[0]["link"] as? String)
    let text = try CommandRunner.text(first)
    for fact in [
      "Faktura", number, "FV/2026/03/001", "Nabywca Handel S.A.", "NIP 7251801126",
      "Wdrożenie systemu magazynowego",
      "26 496,00 zł", "4876,00 zł", "PL61 1090 1014 0000 0712 1981 2874",
    ] {
      #expect(text.contains(fact), "\(fact)")
    }
    let second = folder + "/pdf/FV_2026_03_002.pdf"
    #expect(try PaymentCodeCommandTests.decode(second) == verdicts[1]["link"] as? String)
    let secondText = try CommandRunner.text(second)
    #expect(secondText.contains("OFFLINE"))
    #expect(secondText.contains("art. 43 ust. 1 pkt 29 lit. c ustawy o VAT"))
    // The correction: its title, its negative amounts, and no amount to pay.
    let correction = try CommandRunner.text(folder + "/pdf/FV_2026_03_004.pdf")
    #expect(correction.contains("Faktura korygująca"))
    #expect(correction.contains("-168,00 zł"))
    #expect(!correction.contains("Kwota do zapłaty"))
    // In another shipped language on request.
    let english = try CommandRunner.invoicegen([
      "--input", folder + "/xml/FV_2026_03_002.xml", "--out", folder + "/en", "--locale", "en-GB",
      "--progress",
      "never",
    ])
    #expect(english.status == 0, "\(english.stderr)")
    #expect(try CommandRunner.text(folder + "/en/FV_2026_03_002.pdf").contains("Invoice"))
  }

  @Test func aReceivedUBLIsConvertedToTheSameFA3() throws {
    let folder = try CommandRunner.temporaryFolder()
    let sample = CommandRunner.sampleData + "/poland-orders.csv"
    let ubl = try CommandRunner.invoicegen([
      "--input", sample, "--config", Self.config, "--format", "ubl", "--einvoice-profile", "en16931", "--out",
      folder + "/ubl", "--progress", "never",
    ])
    #expect(ubl.status == 0, "\(ubl.stderr)")
    #expect(try Self.write(sample, to: folder + "/direct").status == 0)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/ubl/*.xml", "--format", "ksef", "--out", folder + "/ksef", "--progress", "never",
    ])
    // The correction's KSeF number has no place in UBL: that one invoice is refused, saying so.
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("FV/2026/03/004\": a correction (KOR) needs the KSeF number"), "\(run.stderr)")
    let converted = try Self.check(CommandRunner.files(folder + "/ksef").map { folder + "/ksef/" + $0 })
    let direct = try Self.check(
      ["001", "002", "003"].map { folder + "/direct/FV_2026_03_\($0).xml" })
    #expect(converted.count == 3)
    for (one, other) in zip(converted, direct) {
      #expect((one["errors"] as? [String]) == [], "\(one)")
      #expect((one["arithmetic"] as? [String]) == [], "\(one)")
      #expect(one["total"] as? String == other["total"] as? String)
      #expect(one["number"] as? String == other["number"] as? String)
    }
  }

  /// `total` ("-11060.68") as a Polish invoice prints it: a space between thousands from five digits on.
  static func polish(_ total: String, currency: String) -> String {
    let negative = total.hasPrefix("-")
    let parts = total.drop { $0 == "-" }.split(separator: ".")
    var whole = String(parts[0])
    if whole.count >= 5 {
      var grouped = ""
      for (index, digit) in whole.reversed().enumerated() {
        if index > 0, index % 3 == 0 { grouped.append(" ") }
        grouped.append(digit)
      }
      whole = String(grouped.reversed())
    }
    return (negative ? "-" : "") + whole + "," + parts[1] + " " + currency
  }

  @Test func invoicesMadeByKSeFClientAreReadWithEveryFact() throws {
    let folder = try CommandRunner.temporaryFolder()
    let generator = CommandRunner.packageRoot.appendingPathComponent("Tests/Validators/ksef_generate.py").path
    let made = try CommandRunner.run(Self.python, [generator, folder])
    #expect(made.status == 0, "\(made.stderr)")
    let facts = try #require(JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [[String: Any]])
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/*.xml", "--out", folder + "/pdf", "--progress", "never",
    ])
    // Exit 0: every file read, and no stated amount disagrees with the arithmetic.
    #expect(run.status == 0, "\(run.stderr)")
    #expect(facts.count == 4)
    for fact in facts {
      let number = try #require(fact["number"] as? String)
      let text = try CommandRunner.text(
        folder + "/pdf/" + number.replacingOccurrences(of: "/", with: "_") + ".pdf")
      let currency = number == "FV/G/3" ? "€" : "zł"
      for expected in [
        number, fact["buyer"] as? String ?? "?",
        Self.polish(fact["total"] as? String ?? "?", currency: currency),
      ]
        + (fact["lines"] as? [String] ?? [])
      {
        #expect(text.contains(expected), "\(number): \(expected)")
      }
    }
  }

  @Test func anInvoiceInEurosStatesItsVATInZloty() throws {
    let folder = try CommandRunner.temporaryFolder()
    try
      ("invoice_number,invoice_date,due_date,currency,exchange_rate,customer_name,customer_street,customer_postcode,customer_city,customer_country,customer_vat_id,description,quantity,unit,unit_price,tax_rate\n"
      + "FV/E/1,2026-05-04,2026-06-01,EUR,4.2650,Nabywca,ul. A 1,00-001,Warszawa,PL,7251801126,Towar,3,szt,333.33,23\n"
      + "FV/E/2,2026-05-05,2026-06-01,EUR,,Nabywca,ul. A 1,00-001,Warszawa,PL,7251801126,Towar,1,szt,10.00,23\n")
      .write(toFile: folder + "/eur.csv", atomically: true, encoding: .utf8)
    let run = try Self.write(folder + "/eur.csv", to: folder + "/out")
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("invoice \"FV/E/2\": an FA(3) invoice in EUR states its VAT in złoty"),
      "\(run.stderr)")
    #expect(CommandRunner.files(folder + "/out") == ["FV_E_1.xml"])
    // 3 × 333.33 = 999.99 at 23 %: 230.00 EUR of VAT, × 4.2650 = 980.95 PLN.
    let xml = try String(contentsOfFile: folder + "/out/FV_E_1.xml", encoding: .utf8)
    #expect(xml.contains("<P_14_1>230.00</P_14_1>"))
    #expect(xml.contains("<P_14_1W>980.95</P_14_1W>"))
    let verdict = try #require(try Self.check([folder + "/out/FV_E_1.xml"]).first)
    #expect((verdict["errors"] as? [String]) == [], "\(verdict)")
  }

  @Test func whatFA3CannotHoldIsRefusedNamingIt() throws {
    let folder = try CommandRunner.temporaryFolder()
    try
      (Self.header
      + "FV/1,2026-05-04,2026-06-01,Nabywca,ul. A 1,00-001,Warszawa,PL,7251801126,Towar,1,szt,10.00,19,,,,,,,,,\n"
      + "KOR/1,2026-05-05,,Nabywca,ul. A 1,00-001,Warszawa,PL,7251801126,Zwrot,-1,szt,10.00,23,,,,,FV/0,,,,\n"
      + "FV/3,2026-05-06,2026-06-01,Nabywca,ul. A 1,00-001,Warszawa,PL,7251801127,Towar,1,szt,10.00,23,,,,,,,,,\n"
      + "FV/4,2026-05-07,2026-06-01,Nabywca,ul. A 1,00-001,Warszawa,PL,7251801126,Towar,1,szt,10.00,23,,,,,,,,,\n")
      .write(toFile: folder + "/in.csv", atomically: true, encoding: .utf8)
    let run = try Self.write(folder + "/in.csv", to: folder + "/out")
    #expect(run.status == 2)
    #expect(run.stderr.contains("FA(3) has no VAT rate 19 %"), "\(run.stderr)")
    #expect(run.stderr.contains("a correction (KOR) needs the corrected invoice's number and issue date"))
    #expect(run.stderr.contains("a correction (KOR) needs the KSeF number of the invoice it corrects"))
    #expect(run.stderr.contains("\"7251801127\" is not a valid NIP"))
    #expect(CommandRunner.files(folder + "/out") == ["FV_4.xml"])
    // A seller without a Polish NIP is the config's problem, said once.
    let italian = try Self.write(
      folder + "/in.csv", to: folder + "/it", config: CommandRunner.sampleData + "/italy.json")
    #expect(italian.status == 2)
    #expect(
      italian.stderr.components(separatedBy: "FA(3) is issued by a Polish seller with its NIP").count == 2)
  }

  @Test func aBrokenFA3IsRefusedWithItsLine() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.write(CommandRunner.sampleData + "/poland-orders.csv", to: folder + "/xml").status == 0)
    let path = folder + "/xml/FV_2026_03_001.xml"
    let xml = try String(contentsOfFile: path, encoding: .utf8)
    try xml.replacingOccurrences(of: "<P_12>5</P_12>", with: "<P_12>17</P_12>")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(["--input", path, "--out", folder + "/pdf", "--progress", "never"])
    #expect(run.status != 0)
    #expect(run.stderr.contains("FV_2026_03_001.xml:"), "\(run.stderr)")
    #expect(run.stderr.contains("P_12 \"17\" is not an FA(3) VAT rate"), "\(run.stderr)")
    // FA(2) (another namespace) is not read as FA(3).
    try xml.replacingOccurrences(of: "wzor/2025/06/25/13775/", with: "wzor/2023/06/29/12648/")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let older = try CommandRunner.invoicegen([
      "--input", path, "--out", folder + "/pdf2", "--progress", "never",
    ])
    #expect(older.status != 0)
    #expect(older.stderr.contains("not an e-invoice of that kind"), "\(older.stderr)")
  }
}
