import Foundation
import Testing

@testable import InvoiceGenCLI

/// The config's `layout` section (issue 33, part 1), each option checked on a rendered page with
/// positions from `pdftotext -bbox`.
@Suite(.serialized) struct ConfigLayoutTests {
  static let orders = """
    invoice_number,invoice_date,due_date,currency,customer_name,customer_address,description,quantity,unit_price,tax_rate,locale,Kostenstelle,batch_no,discount
    INV-1,2026-03-01,2026-03-31,EUR,ACME GmbH,Hauptstr. 1,Widget,2,10.00,19,de-DE,K-4711,B-17,
    INV-1,2026-03-01,2026-03-31,EUR,ACME GmbH,Hauptstr. 1,Gadget,1,5.50,19,de-DE,,B-18,10
    INV-2,2026-03-02,2026-04-01,EUR,Beta Ltd,1 High St,Service,3,100.00,19,en-GB,K-1,,

    """

  static let seller = """
    "seller": {"name": "Northwind GmbH", "address": ["Friedrichstr. 1", "10117 Berlin"], "vatId": "DE298765432"},
    "bank": {"iban": "DE89 3704 0044 0532 0130 00", "bic": "COBADEFFXXX"},
    "defaults": {"currency": "EUR", "locale": "en-GB", "taxRate": 19, "notes": "Thank you."},
    """

  /// Writes the orders and a config whose `layout` is `layout`, runs invoicegen, and returns the result and output folder.
  static func run(layout: String, extra: String = "", orders: String = ConfigLayoutTests.orders) throws -> (
    CommandRunner.Result, String
  ) {
    let folder = try CommandRunner.temporaryFolder()
    try orders.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let config = "{\(seller)\(extra) \"layout\": \(layout)}"
    try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--config", "config.json", "--out", "out", "--progress", "never"],
      directory: folder)
    return (run, folder + "/out")
  }

  static func word(_ words: [PageMeasurements.Word], _ text: String) -> PageMeasurements.Word? {
    words.first { $0.text == text }
  }

  @Test func customFieldsPrintInTheDetailsInTheDocumentsLanguage() throws {
    let (run, out) = try Self.run(
      layout: """
        {"fields": [{"label": {"en": "Cost centre", "de": "Kostenstelle"}, "field": "cost_center"}]}
        """, extra: #""columns": {"Kostenstelle": "cost_center"},"#)
    #expect(run.status == 0, "\(run.stderr)")
    let german = try PageMeasurements.words(out + "/INV-1.pdf")
    let label = try #require(Self.word(german, "Kostenstelle"))
    let value = try #require(Self.word(german, "K-4711"))
    let number = try #require(Self.word(german, "INV-1"))
    // On the label's line, in the value column of the facts (where the invoice number is), below it.
    #expect(abs(label.yMin - value.yMin) < 1)
    #expect(abs(value.xMin - number.xMin) < 1)
    #expect(value.yMin > number.yMin)
    let english = try PageMeasurements.words(out + "/INV-2.pdf")
    #expect(Self.word(english, "centre") != nil)
    #expect(Self.word(english, "K-1") != nil)
    // The column is read for the layout: not reported as unknown.
    #expect(!run.stderr.contains("Kostenstelle"), "\(run.stderr)")
  }

  @Test func itemColumnsAreAddedInPlaceHiddenAndLeftOutWhenEmpty() throws {
    let (run, out) = try Self.run(
      layout: """
        {"itemColumns": {"hide": ["discount", "position"],
          "add": [{"label": {"en": "Batch", "de": "Charge"}, "field": "batch_no", "after": "description"}]}}
        """)
    #expect(run.status == 0, "\(run.stderr)")
    let words = try PageMeasurements.words(out + "/INV-1.pdf")
    let description = try #require(Self.word(words, "Beschreibung"))
    let batch = try #require(Self.word(words, "Charge"))
    let quantity = try #require(Self.word(words, "Menge"))
    #expect(description.xMax < batch.xMin && batch.xMax < quantity.xMin)
    #expect(Self.word(words, "B-18").map { abs($0.xMin - batch.xMin) < 2 } == true)
    #expect(Self.word(words, "Rabatt") == nil, "the discount column is hidden")
    #expect(Self.word(words, "Pos.") == nil, "the position column is hidden")
    // INV-2's items have no batch: the column is left out there.
    let english = try PageMeasurements.words(out + "/INV-2.pdf")
    #expect(Self.word(english, "Batch") == nil)
    #expect(Self.word(english, "Description") != nil)
  }

  @Test func blocksAppearInTheConfiguredOrderAndOnlyThose() throws {
    let (run, out) = try Self.run(layout: #"{"blocks": ["details", "notes", "items", "totals"]}"#)
    #expect(run.status == 0, "\(run.stderr)")
    let words = try PageMeasurements.words(out + "/INV-2.pdf")
    let notes = try #require(Self.word(words, "Notes"))
    let description = try #require(Self.word(words, "Description"))
    #expect(notes.yMin < description.yMin, "notes come before the items")
    #expect(Self.word(words, "IBAN") == nil, "the bank block is left out")
    #expect(Self.word(words, "summary") == nil, "the VAT summary is left out")
    #expect(Self.word(words, "Total") != nil)
  }

  @Test func theFooterHasColumnsWithPlaceholdersFilled() throws {
    let (run, out) = try Self.run(
      layout: """
        {"footer": [{"en": "Northwind · {seller.vatId}"}, {"en": "IBAN {bank.iban}", "de": "Konto {bank.iban}"},
                    {"en": "{invoice.number} p. {page}/{pages}"}]}
        """)
    #expect(run.status == 0, "\(run.stderr)")
    let words = try PageMeasurements.words(out + "/INV-2.pdf")
    let vat = try #require(words.last { $0.text == "DE298765432" })
    let iban = try #require(words.last { $0.text == "IBAN" })
    let page = try #require(Self.word(words, "1/1"))
    // At the foot of an A4 page, three columns from left to right, on one line.
    #expect(vat.yMin > 780 && abs(vat.yMin - iban.yMin) < 1 && abs(page.yMin - iban.yMin) < 1)
    #expect(vat.xMax < iban.xMin && iban.xMax < page.xMin)
    #expect(Self.word(words, "Page") == nil, "a footer that prints the page needs no \"Page N of M\"")
    #expect(Self.word(try PageMeasurements.words(out + "/INV-1.pdf"), "Konto") != nil)
  }

  @Test func theLogoSitsWhereTheLayoutSays() throws {
    let logo = #""brand": {"logo": "\#(CommandRunner.sampleData)/logo.png"},"#
    let (leading, leadingOut) = try Self.run(layout: #"{"logo": "leading"}"#, extra: logo)
    let (trailing, trailingOut) = try Self.run(layout: #"{"logo": "trailing"}"#, extra: logo)
    let (none, noneOut) = try Self.run(layout: #"{"logo": "none"}"#, extra: logo)
    #expect(
      leading.status == 0 && trailing.status == 0 && none.status == 0, "\(leading.stderr)\(trailing.stderr)")
    // The seller's address block stands opposite the logo: at the right by default, at the left with a trailing logo.
    let right = try #require(
      Self.word(try PageMeasurements.words(leadingOut + "/INV-2.pdf"), "Friedrichstr."))
    let left = try #require(
      Self.word(try PageMeasurements.words(trailingOut + "/INV-2.pdf"), "Friedrichstr."))
    #expect(right.xMin > 400 && left.xMin < 100, "\(right.xMin) \(left.xMin)")
    // The logo's pixels: top left by default, top right when trailing; none shows the seller's name instead.
    func inkInTopCorner(_ pdf: String, right: Bool) throws -> Int {
      let page = try PageMeasurements.pixmap(pdf, dpi: 36, gray: true)
      let xs = right ? (page.width - page.width / 3)..<(page.width - 20) : 20..<(page.width / 3)
      return xs.reduce(0) { sum, x in sum + (8..<40).filter { page.value(x, $0) < 200 }.count }
    }
    #expect(try inkInTopCorner(leadingOut + "/INV-2.pdf", right: false) > 100)
    #expect(try inkInTopCorner(trailingOut + "/INV-2.pdf", right: true) > 100)
    // Without the logo the seller's name stands in its place: once more on the page.
    let names = { (pdf: String) in try PageMeasurements.words(pdf).filter { $0.text == "Northwind" }.count }
    #expect(try names(noneOut + "/INV-2.pdf") == names(leadingOut + "/INV-2.pdf") + 1)
  }

  @Test func theTitleAndLabelsAreTheConfigsPerLanguage() throws {
    let (run, out) = try Self.run(
      layout: """
        {"title": {"invoice": {"en": "Tax invoice", "de": "Steuerrechnung"}},
         "labels": {"de": {"dueDate": "Zahlbar bis"}, "en": {"billTo": "Customer"}}}
        """)
    #expect(run.status == 0, "\(run.stderr)")
    let english = try PageMeasurements.words(out + "/INV-2.pdf")
    let tax = try #require(Self.word(english, "Tax"))
    let customer = try #require(Self.word(english, "Customer"))
    #expect(tax.yMin < customer.yMin && tax.yMax - tax.yMin > 15, "the title, large, above the buyer")
    let german = try CommandRunner.text(out + "/INV-1.pdf")
    #expect(german.contains("Steuerrechnung") && german.contains("Zahlbar bis"), "\(german)")
    #expect(try CommandRunner.run("pdfinfo", [out + "/INV-2.pdf"]).stdout.contains("Tax invoice INV-2"))
  }

  @Test func aLanguageNotShippedComesFromAFileOfLabels() throws {
    let folder = try CommandRunner.temporaryFolder()
    let czech = """
      {"invoice": "Faktura", "billTo": "Odběratel", "description": "Popis", "pageOfCount": "Strana %1 z %2"}
      """
    try czech.write(toFile: folder + "/cs.json", atomically: true, encoding: .utf8)
    let orders = Self.orders.replacingOccurrences(of: "en-GB", with: "cs-CZ")
    let (run, out) = try Self.run(layout: #"{"labels": {"cs": "\#(folder)/cs.json"}}"#, orders: orders)
    #expect(run.status == 0, "\(run.stderr)")
    let text = try CommandRunner.text(out + "/INV-2.pdf")
    for label in ["Faktura", "Odběratel", "Popis", "Strana 1 z 1"] {
      #expect(text.contains(label), "\(label)")
    }
    // What the file does not give is English.
    #expect(text.contains("Subtotal"))
  }

  @Test func mistakesInTheLayoutNameTheirPlace() throws {
    let (run, out) = try Self.run(
      layout: """
        {"blocks": ["detail"], "footer": [{"en": "{seller.vat}"}], "labels": {"de": {"dueDat": "x"}},
         "itemColumns": {"hide": ["amount"]}, "colour": 1}
        """)
    #expect(run.status == 1)
    for expected in [
      #"$.layout.blocks[0]: "detail" is not a block"#, "did you mean \"details\"?",
      "$.layout.footer[0].en: {seller.vat} is not a placeholder", "$.layout.labels.de.dueDat: unknown key",
      #"$.layout.itemColumns.hide[0]: "amount" is not a column that can be hidden"#,
      "$.layout.colour: unknown key",
    ] {
      #expect(run.stderr.contains(expected), "\(expected)\n\(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func aFieldTheInputLacksIsAnErrorNamingBoth() throws {
    let (run, out) = try Self.run(layout: #"{"fields": [{"label": "PO", "field": "po_ref"}]}"#)
    #expect(run.status != 0)
    #expect(
      run.stderr.contains(
        #"orders.csv:1: the config's layout prints the field "po_ref" (config.json:"#), "\(run.stderr)")
    #expect(run.stderr.contains("$.layout.fields[0].field), but orders.csv has no such column"))
    #expect(CommandRunner.files(out).isEmpty)
  }

  @Test func aCustomFieldIsCheckedLikeEveryText() throws {
    let orders = Self.orders.replacingOccurrences(of: ",K-1,", with: ",K\u{01}1,")
    let (run, out) = try Self.run(
      layout: #"{"fields": [{"label": "Cost centre", "field": "cost_center"}]}"#,
      extra: #""columns": {"Kostenstelle": "cost_center"},"#, orders: orders)
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(#"orders.csv:4: column "Kostenstelle": contains the control character U+0001"#),
      "\(run.stderr)")
    #expect(CommandRunner.files(out) == ["INV-1.pdf"], "the valid invoice is kept")
  }

  @Test func jsonInvoicesGiveFieldsOfTheInvoiceAndItsItems() throws {
    let folder = try CommandRunner.temporaryFolder()
    let invoices = """
      {"invoices": [{"invoiceNumber": "J-1", "invoiceDate": "2026-05-01", "currency": "EUR",
        "costCenter": "CC-9", "customer": {"name": "ACME"},
        "items": [{"description": "Widget", "quantity": 2, "unitPrice": "10", "taxRate": 19, "weight": 1.5}]}]}
      """
    try invoices.write(toFile: folder + "/invoices.json", atomically: true, encoding: .utf8)
    let config = """
      {"layout": {"fields": [{"label": "Cost centre", "field": "costCenter"}],
        "itemColumns": {"add": [{"label": "kg", "field": "weight", "format": "number"}]}}}
      """
    try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(
      ["--input", "invoices.json", "--config", "config.json", "--out", "out", "--progress", "never"],
      directory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("unknown key"), "\(run.stderr)")
    let words = try PageMeasurements.words(folder + "/out/J-1.pdf")
    #expect(Self.word(words, "CC-9") != nil)
    let kg = try #require(Self.word(words, "kg"))
    let weight = try #require(Self.word(words, "1.5"))
    #expect(abs(kg.xMax - weight.xMax) < 2, "a number column is aligned to its trailing edge")
  }

  @Test func reportsTakeTheirTitleSubtitleAndFooterFromTheLayout() throws {
    let folder = try CommandRunner.temporaryFolder()
    let config = """
      {"layout": {"report": {"title": "Quarterly sales", "subtitle": {"en": "Q1 2026"},
        "footer": "Northwind · {report.title} · {page} of {pages}"}}}
      """
    try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(
      [
        "report", "--input", CommandRunner.sampleData + "/report.json", "--config", folder + "/config.json",
        "--out", folder + "/report.pdf",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let words = try PageMeasurements.words(folder + "/report.pdf")
    let title = try #require(Self.word(words, "Quarterly"))
    #expect(title.yMin < 100)
    #expect(Self.word(words, "Q1") != nil)
    let foot = try #require(Self.word(words, "Northwind"))
    #expect(foot.yMin > 560)
    #expect(try CommandRunner.text(folder + "/report.pdf").contains("Quarterly sales · 1 of"))
    // A CSV's one table is named like the report: renamed with it, not printed under the old name.
    let csvRun = try CommandRunner.invoicegen(
      [
        "report", "--input", CommandRunner.sampleData + "/report.csv", "--config", folder + "/config.json",
        "--out", folder + "/csv.pdf",
      ])
    #expect(csvRun.status == 0, "\(csvRun.stderr)")
    let csvLines = try CommandRunner.run("pdftotext", ["-f", "1", "-l", "2", folder + "/csv.pdf", "-"]).stdout
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(csvLines.contains("Quarterly sales") && !csvLines.contains("report"), "\(csvLines.prefix(12))")
    // With the brand's logo above the title, the title moves down by the logo's height.
    let withLogo = """
      {"brand": {"logo": "\(CommandRunner.sampleData)/logo.png"}, "layout": {"report": {"title": "Quarterly sales", "logo": "leading"}}}
      """
    try withLogo.write(toFile: folder + "/logo.json", atomically: true, encoding: .utf8)
    let logoRun = try CommandRunner.invoicegen(
      [
        "report", "--input", CommandRunner.sampleData + "/report.json", "--config", folder + "/logo.json",
        "--out", folder + "/logo.pdf",
      ])
    #expect(logoRun.status == 0, "\(logoRun.stderr)")
    let lowered = try #require(Self.word(try PageMeasurements.words(folder + "/logo.pdf"), "Quarterly"))
    #expect(lowered.yMin > title.yMin + 30, "\(lowered.yMin) \(title.yMin)")
  }

  @Test func theReadmeDescribesEveryLayoutKey() throws {
    let readme = try String(
      contentsOfFile: CommandRunner.packageRoot.appendingPathComponent("docs/config.md").path, encoding: .utf8
    )
    for (key, summary) in ConfigReader.layoutKeys {
      #expect(
        readme.contains("| `layout.\(key)` | \(summary) |"), "docs/config.md lacks the row of layout.\(key)")
    }
    for placeholder in ["seller.vatId", "bank.iban", "invoice.number", "page", "pages"] {
      #expect(readme.contains("{\(placeholder)}"))
    }
  }
}
