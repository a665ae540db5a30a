import Foundation
import Testing

/// Print-ready documents (issue 25): one right edge for money, paper from the locale, no silent gaps.
@Suite(.serialized) struct PrintReadyTests {
  static let header =
    "invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency,locale"

  /// An orders CSV of `rows` in a fresh folder.
  static func orders(_ rows: [String]) throws -> String {
    let folder = try CommandRunner.temporaryFolder()
    let path = folder + "/orders.csv"
    try ([header] + rows).joined(separator: "\n").appending("\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The words on page 1 of sample invoice `number` from orders.csv, written by invoicegen, with their boxes.
  static func wordsOfSample(_ number: String) throws -> [PageMeasurements.Word] {
    let out = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", "orders.csv", "--out", out, "--only", number, "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    return try PageMeasurements.words(out + "/\(number).pdf")
  }

  @Test func everyAmountOnAnInvoiceEndsOnOneRightEdge() throws {
    // Item amounts, subtotal, VAT per rate, the total and the VAT summary's columns all end in "€"
    // (the payment terms' sentence on the left holds one too).
    let euros = try PrintReadyTests.wordsOfSample("INV-2026001").filter {
      $0.text == "€" && $0.xMin > 300
    }
    #expect(euros.count == 8 + 4 + 2 * 3, "\(euros)")
    let edge = euros.map(\.xMax).max()!
    // Every amount but the VAT summary's net and tax columns ends on the edge, to 0.5 pt.
    let off = euros.filter { abs($0.xMax - edge) >= 0.5 }
    #expect(off.count == 2 * 2, "\(euros.map(\.xMax))")
    #expect(Set(off.map { Int($0.xMax.rounded()) }).count == 2, "\(off)")
    // The edge is the Amount column's, inside the table's 4 pt cell padding: 595.28 − 48 − 4.
    #expect(abs(edge - 543.28) < 0.5, "\(edge)")
  }

  @Test func everyLineOfAnAddressBlockKeepsToOneEdgeWhateverItsDirection() throws {
    // INV-2026006 is ar-SA: the customer's block (right) has Arabic lines and a Latin e-mail line,
    // the seller's (left) Latin lines and an Arabic VAT-id line. Pango puts a line whose direction
    // differs from the paragraph's on the other side unless told otherwise.
    let words = try PrintReadyTests.wordsOfSample("INV-2026006")
    // Lines: words whose middles are within 4 points (Arabic and Latin fonts put their tops apart).
    func lines(_ keep: (PageMeasurements.Word) -> Bool) -> [(left: Double, right: Double)] {
      var result: [(middle: Double, left: Double, right: Double)] = []
      for word in words.filter(keep).sorted(by: { $0.yMin + $0.yMax < $1.yMin + $1.yMax }) {
        let middle = (word.yMin + word.yMax) / 2
        if let last = result.last, abs(last.middle - middle) < 4 {
          result[result.count - 1].left = min(last.left, word.xMin)
          result[result.count - 1].right = max(last.right, word.xMax)
        } else {
          result.append((middle, word.xMin, word.xMax))
        }
      }
      return result.map { ($0.left, $0.right) }
    }
    let email = try #require(words.first { $0.text == "finance@alnada.example" })
    let buyer = lines { $0.xMin > 400 && $0.yMin > email.yMin - 150 && $0.yMin <= email.yMin + 1 }
    #expect(buyer.count >= 5, "\(buyer)")
    let right = buyer.map(\.right)
    #expect((right.max() ?? 0) - (right.min() ?? 9) < 0.5, "customer lines end at \(right)")
    let sellerEmail = try #require(words.first { $0.text == "billing@northwind.example" })
    let seller = lines { $0.xMax < 300 && $0.yMin < sellerEmail.yMin + 20 }
    #expect(seller.count >= 5, "\(seller)")
    let left = seller.map(\.left)
    #expect((left.max() ?? 0) - (left.min() ?? 9) < 0.5, "seller lines start at \(left)")
  }

  @Test func headerLabelsStayTwoCellPaddingsApart() throws {
    // INV-2026006 is ar-SA: its discount and tax labels (الخصم, الضريبة) once nearly touched. Fitted
    // columns measure their header label too, so neighbouring labels keep both cells' padding between them.
    let words = try PrintReadyTests.wordsOfSample("INV-2026006")
    let firstRow = try #require(words.first { $0.text == "Travel" })
    // The header row: the line of words just above the first row (pdftotext gives Arabic letter by letter).
    let above = words.filter { $0.yMax < firstRow.yMin }
    let headerMiddle = try #require(above.map { ($0.yMin + $0.yMax) / 2 }.max())
    let header = above.filter { abs(($0.yMin + $0.yMax) / 2 - headerMiddle) < 3 }.sorted { $0.xMin < $1.xMin }
    // Letters and the space inside a label are under 5 pt apart; labels are what those gaps join.
    var labels: [(left: Double, right: Double)] = []
    for word in header {
      if let last = labels.last, word.xMin - last.right < 5 {
        labels[labels.count - 1].right = max(last.right, word.xMax)
      } else {
        labels.append((word.xMin, word.xMax))
      }
    }
    #expect(labels.count == 8, "\(labels) from \(header.map(\.text))")
    let gaps = zip(labels, labels.dropFirst()).map { $1.left - $0.right }
    #expect((gaps.min() ?? 0) >= 7.5, "gaps between header labels: \(gaps)")
  }

  @Test func paperFollowsTheLocaleUnlessTheConfigOrTheCommandLineSaysOtherwise() throws {
    let input = try Self.orders([
      "US-1,2026-03-01,Acme Inc,Widget,1,10,0,USD,en-US",
      "DE-1,2026-03-01,Müller GmbH,Widget,1,10,19,EUR,de-DE",
      "CA-1,2026-03-01,Maple Ltd,Widget,1,10,5,CAD,fr-CA",
    ])
    let folder = URL(fileURLWithPath: input).deletingLastPathComponent().path
    let config = folder + "/invoicegen.json"
    try #"{"seller": {"name": "Seller"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
    func sizes(_ flags: [String], _ name: String) throws -> [String: String] {
      let out = folder + "/" + name
      let run = try CommandRunner.invoicegen(
        ["--input", input, "--out", out, "--config", config, "--progress", "never"] + flags)
      #expect(run.status == 0, "\(run.stderr)")
      var result: [String: String] = [:]
      for number in ["US-1", "DE-1", "CA-1"] {
        let info = try CommandRunner.run("pdfinfo", [out + "/\(number).pdf"]).stdout
        result[number] = info.split(separator: "\n").first { $0.hasPrefix("Page size:") }.map {
          $0.contains("612 x 792") ? "letter" : $0.contains("595.") ? "a4" : String($0)
        }
      }
      return result
    }
    #expect(try sizes([], "auto") == ["US-1": "letter", "DE-1": "a4", "CA-1": "letter"])
    #expect(try sizes(["--paper", "a4"], "a4") == ["US-1": "a4", "DE-1": "a4", "CA-1": "a4"])
    try #"{"seller": {"name": "Seller"}, "brand": {"paper": "letter"}}"#.write(
      toFile: config, atomically: true, encoding: .utf8)
    #expect(try sizes([], "letter") == ["US-1": "letter", "DE-1": "letter", "CA-1": "letter"])
    #expect(try sizes(["--paper", "auto"], "auto2") == ["US-1": "letter", "DE-1": "a4", "CA-1": "letter"])
  }

  @Test func aRunWithoutAConfigSaysSoOnceAndStrictRefusesIt() throws {
    let input = try Self.orders(["A-1,2026-03-01,C,W,1,10,19,EUR,en", "B-1,2026-03-01,C,W,1,10,19,EUR,en"])
    let folder = URL(fileURLWithPath: input).deletingLastPathComponent().path
    let run = try CommandRunner.invoicegen(
      ["--input", input, "--out", folder + "/out", "--progress", "never"], directory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let warning = "warning: no config file: no --config given and no invoicegen.json in \(folder)"
    #expect(run.stderr.components(separatedBy: warning).count == 2, "\(run.stderr)")
    #expect(run.stderr.contains("invoices carry no seller, VAT id or bank details"), "\(run.stderr)")
    #expect(CommandRunner.files(folder + "/out") == ["A-1.pdf", "B-1.pdf"])
    let strict = try CommandRunner.invoicegen(
      ["--input", input, "--out", folder + "/strict", "--strict"], directory: folder)
    #expect(strict.status == 1, "\(strict.stderr)")
    #expect(strict.stderr.contains("error: no config file"), "\(strict.stderr)")
    #expect(CommandRunner.files(folder + "/strict").isEmpty)
    let quiet = try CommandRunner.invoicegen(
      ["--input", input, "--out", folder + "/quiet", "--quiet"], directory: folder)
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
  }

  @Test func configTextsAndTheTitleAreInEachInvoicesLanguage() throws {
    let input = try Self.orders([
      "DE-1,2026-03-01,Müller GmbH,Beratung,1,10,19,EUR,de-DE",
      "CH-1,2026-03-01,Huber AG,Beratung,1,10,8.1,CHF,de-CH",
      "FR-1,2026-03-01,Dupont SA,Conseil,1,10,20,EUR,fr-FR", "JA-1,2026-03-01,佐藤商事,相談,1,1000,10,JPY,ja-JP",
      "AR-1,2026-03-01,شركة النخيل,استشارة,1,10,15,SAR,ar-SA",
      "ES-1,2026-03-01,García SL,Consultoría,1,10,21,EUR,es-ES",
    ])
    let folder = URL(fileURLWithPath: input).deletingLastPathComponent().path
    let config = folder + "/invoicegen.json"
    try """
    {"seller": {"name": "Seller GmbH", "legalLine": {"en": "Seller GmbH · Register court Berlin",
                "de": "Seller GmbH · Amtsgericht Berlin", "ja": "Seller GmbH・ベルリン登記所"}},
     "defaults": {"locale": "en-GB",
       "paymentTerms": {"en": "Payable within 30 days.", "de": "Zahlbar innerhalb von 30 Tagen.",
                        "de-CH": "Zahlbar innert 30 Tagen.", "fr": "Payable sous 30 jours.",
                        "ja": "30日以内にお支払いください。", "ar": "تستحق الدفع خلال 30 يومًا."},
       "notes": {"en": "Thank you for your business.", "de": "Vielen Dank für Ihren Auftrag.",
                 "fr": "Merci de votre confiance."}}}
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let out = folder + "/out"
    let run = try CommandRunner.invoicegen([
      "--input", input, "--out", out, "--config", config, "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let expected: [(String, [String], String)] = [
      (
        "DE-1", ["Zahlbar innerhalb von 30 Tagen.", "Vielen Dank für Ihren Auftrag.", "Amtsgericht Berlin"],
        "Rechnung DE-1"
      ),
      // de-CH has its own terms; the note and the legal line fall back to de.
      (
        "CH-1", ["Zahlbar innert 30 Tagen.", "Vielen Dank für Ihren Auftrag.", "Amtsgericht Berlin"],
        "Rechnung CH-1"
      ),
      // fr has no legal line: the default locale's language (en) is next.
      (
        "FR-1", ["Payable sous 30 jours.", "Merci de votre confiance.", "Register court Berlin"],
        "Facture FR-1"
      ),
      ("JA-1", ["30日以内にお支払いください。", "Thank you for your business.", "ベルリン登記所"], "請求書 JA-1"),
      (
        "ES-1", ["Payable within 30 days.", "Thank you for your business.", "Register court Berlin"],
        "Factura ES-1"
      ),
    ]
    for (number, texts, title) in expected {
      let text = try CommandRunner.text(out + "/\(number).pdf")
      for wanted in texts { #expect(text.contains(wanted), "\(number): \(wanted) in \(text)") }
      #expect(!text.contains("Payable within") || number == "ES-1", "\(number)")
      let info = try CommandRunner.run("pdfinfo", [out + "/\(number).pdf"]).stdout
      #expect(info.contains("Title:           \(title)"), "\(info)")
    }
    // ar-SA: one numbering system for every number drawn, row and page numbers included.
    let arabic = try CommandRunner.text(out + "/AR-1.pdf")
    let footer = arabic.split(separator: "\n").first { $0.contains("صفحة") } ?? ""
    #expect(footer.filter { $0 == "١" }.count == 2, "\(footer)")
    // Besides the data's own "AR-1" and the config's "30", no Latin digit is drawn.
    let drawn = arabic.replacingOccurrences(of: "AR-1", with: "").replacingOccurrences(of: "30", with: "")
    #expect(!drawn.contains { $0.isASCII && $0.isNumber }, "\(drawn)")
  }

  @Test func aConfigTextKeyedByWhatIsNotALanguageIsAConfigError() throws {
    let folder = try CommandRunner.temporaryFolder()
    let config = folder + "/invoicegen.json"
    try #"{"defaults": {"paymentTerms": {"english": "Payable within 30 days."}}}"#.write(
      toFile: config, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", "orders.csv", "--out", folder + "/out", "--config", config, "--check",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains("$.defaults.paymentTerms.english: \"english\" is not a language tag"),
      "\(run.stderr)")
  }

  @Test func aColumnMappingListTriesColumnsInOrderPerRow() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/orders.csv"
    try """
    Name,Created at,Billing Name,Shipping Name,Billing City,Shipping City,Lineitem name,Lineitem quantity,Lineitem price,Currency
    #1,2026-03-01,Ann Lee,Ann's Shop,Boston,Salem,Mug,1,10.00,USD
    #2,2026-03-01,,Bob Kim,,Denver,Mug,1,10.00,USD

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let config = folder + "/invoicegen.json"
    try """
    {"seller": {"name": "Seller"}, "defaults": {"locale": "en-US", "taxRate": 0},
     "columns": {"Name": "invoice_number", "customer_name": ["Billing Name", "Shipping Name"],
                 "customer_city": ["Billing City", "Shipping City"]}}
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--config", config, "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("Shipping Name") && !run.stderr.contains("Shipping City"), "\(run.stderr)")
    let first = try CommandRunner.text(folder + "/out/_1.pdf")
    #expect(first.contains("Ann Lee") && first.contains("Boston") && !first.contains("Salem"), "\(first)")
    let second = try CommandRunner.text(folder + "/out/_2.pdf")
    #expect(second.contains("Bob Kim") && second.contains("Denver"), "\(second)")
    // A list is for invoice-level columns only.
    try #"{"columns": {"quantity": ["Qty", "Lineitem quantity"]}}"#.write(
      toFile: config, atomically: true, encoding: .utf8)
    let refused = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out2", "--config", config, "--check",
    ])
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("not an invoice-level column"), "\(refused.stderr)")
  }

  @Test func unitsArePrintedInTheInvoicesLanguage() throws {
    let input = try Self.orders([])
    let folder = URL(fileURLWithPath: input).deletingLastPathComponent().path
    let header = Self.header + ",unit"
    let rows = [
      ("DE-1", "de-DE", "EUR"), ("JA-1", "ja-JP", "JPY"), ("RU-1", "ru-RU", "RUB"), ("FR-1", "fr-FR", "EUR"),
    ].flatMap { number, locale, currency in
      ["h", "pcs", "MON", "kg", "Fass", "H87"].map {
        "\(number),2026-03-01,Kunde,Posten \($0),2,10,0,\(currency),\(locale),\($0)"
      }
    }
    try ([header] + rows).joined(separator: "\n").appending("\n").write(
      toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    // h, pcs, MON and kg by their Rec 20 codes in each language; "Fass" (no code) as given.
    let expected = [
      "DE-1": ["Std.", "Stk.", "Mon.", "kg", "Fass", "Stk."], "JA-1": ["時間", "個", "か月", "kg", "Fass", "個"],
      "RU-1": ["ч", "шт.", "мес.", "кг", "Fass", "шт."], "FR-1": ["h", "pce", "mois", "kg", "Fass", "pce"],
    ]
    for (number, units) in expected {
      let lines = try CommandRunner.text(folder + "/out/\(number).pdf").split(separator: "\n").map {
        $0.split(whereSeparator: \.isWhitespace).map(String.init)
      }
      for (unit, given) in zip(units, ["h", "pcs", "MON", "kg", "Fass", "H87"]) {
        let row = lines.first { $0.contains("\(given)") && $0.contains("Posten") }
        #expect(row?.contains(unit) == true, "\(number): \(unit) for \(given) in \(row ?? [])")
      }
    }
  }

  @Test func aPartlyRefundedOrderSaysWhatNoDocumentShows() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", "shopify-orders.csv", "--config", "shopify.json", "--out", folder, "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "warning: shopify-orders.csv:10: column \"Refunded Amount\": order \"#1005\" was partly refunded (USD 48.26)"
      ),
      "\(run.stderr)")
    #expect(run.stderr.components(separatedBy: "partly refunded").count == 2, "\(run.stderr)")
    // The order's invoice is still written, showing what was charged.
    #expect(CommandRunner.files(folder).contains("_1005.pdf"))
    #expect(run.stderr.contains("hint: --refunds credit-note writes a credit note for the refunded part"))
  }

  @Test func aPartlyRefundedOrderGetsACreditNoteForTheRefundWhenAsked() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", "shopify-orders.csv", "--config", "shopify.json", "--out", folder, "--progress", "never",
      "--refunds", "credit-note",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("partly refunded"), "\(run.stderr)")
    // The invoice of what was charged and the credit note of what was refunded; #1003 was refunded in full.
    #expect(CommandRunner.files(folder).filter { $0.hasPrefix("_1005") } == ["_1005-CN.pdf", "_1005.pdf"])
    let text = try CommandRunner.text(folder + "/_1005-CN.pdf")
    // $48.26 refunded of $105.11 with $7.11 sales tax: $45.00 and $3.26 of the tax, as the order's note says.
    for expected in [
      "Credit note", "#1005-CN", "Original invoice", "Partial refund", "-$45.00", "-$3.26", "-$48.26",
    ] {
      #expect(text.contains(expected), "\(expected) not in \(text)")
    }
    let invoice = try CommandRunner.text(folder + "/_1005.pdf")
    #expect(invoice.contains("$105.11") && !invoice.contains("Partial refund"), "\(invoice)")
  }

  @Test func aTotalMismatchFromTheDefaultRateSaysSoWithTheArithmetic() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/orders.csv"
    try """
    Order,Date,Customer,Item,Qty,Price,Total,Currency
    A-1,2026-03-01,Ann Lee,Mug,2,10.00,20.00,EUR

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let config = folder + "/invoicegen.json"
    try """
    {"seller": {"name": "Seller"}, "defaults": {"taxRate": 19},
     "columns": {"Order": "invoice_number", "Date": "invoice_date", "Customer": "customer_name",
                 "Item": "description", "Qty": "quantity", "Price": "unit_price"}}
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(["--input", input, "--config", config, "--check"])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "likely cause: no column gives a tax rate, so defaults.taxRate (19 %) was applied: 20.00 + 3.80 tax = 23.80, while the export's total 20.00 is the amount without it"
      ), "\(run.stderr)")
    #expect(!run.stderr.contains("the prices include tax:"), "\(run.stderr)")
  }
}

/// Report tables line numbers up on their decimal separators (issue 25).
@Suite struct DecimalAlignmentTests {
  @Test func numbersOfAColumnAlignOnTheirSeparator() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/report.csv"
    try "Item,Weight\nAlpha,12.5\nBeta,34.25\nGamma,56.125\nDelta,78\n".write(
      toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(["report", "--input", input, "--out", folder + "/r.pdf"])
    #expect(run.status == 0, "\(run.stderr)")
    let numbers = ["12.5", "34.25", "56.125", "78"]
    let starts = try PageMeasurements.words(folder + "/r.pdf").compactMap { word -> (String, Double)? in
      let text = word.text.trimmingCharacters(in: .whitespaces)
      return numbers.contains(text) ? (text, word.xMin) : nil
    }
    // Two integer digits each, tabular: aligned on the separator, they start at one x.
    #expect(starts.count == 4, "\(starts)")
    let xs = starts.map(\.1)
    #expect(xs.max()! - xs.min()! < 0.5, "\(starts)")
  }
}
