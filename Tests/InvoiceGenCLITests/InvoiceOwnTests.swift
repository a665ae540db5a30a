import Foundation
import Testing

/// "Your invoice, exactly" (issue 57, part 3): the config keys real invoices need, each checked on a
/// rendered page with positions from `pdftotext -bbox`, on the two designs of SampleData.
@Suite(.serialized) struct InvoiceOwnTests {
  /// Renders a sample (`mittelstand` or `saas`) into a fresh folder, with `arguments` added.
  static func sample(_ name: String, _ arguments: [String] = []) throws -> String {
    let out = try CommandRunner.temporaryFolder() + "/out"
    let run = try CommandRunner.invoicegen(
      [
        "--input", "\(name)-orders.csv", "--config", "\(name).json", "--out", out, "--progress", "never",
        "--strict",
      ]
        + arguments, directory: CommandRunner.sampleData)
    #expect(run.status == 0, "\(run.stderr)")
    return out
  }

  static func words(_ pdf: String) throws -> [PageMeasurements.Word] { try PageMeasurements.words(pdf) }

  static func word(_ words: [PageMeasurements.Word], _ text: String) throws -> PageMeasurements.Word {
    try #require(words.first { $0.text == text }, "\(text) in \(words.map(\.text))")
  }

  /// The words of one line (overlapping vertically with `anchor`), in reading order, joined.
  static func line(_ words: [PageMeasurements.Word], of anchor: PageMeasurements.Word) -> String {
    words.filter { $0.yMin < anchor.yMax && anchor.yMin < $0.yMax }.sorted { $0.xMin < $1.xMin }
      .map(\.text).joined(separator: " ")
  }

  @Test func theGermanInvoiceHasItsTitleDatesSkontoAndNoCountryLine() throws {
    let out = try Self.sample("mittelstand")
    let pdf = out + "/RE-2026-0312.pdf"
    let words = try Self.words(pdf)
    // The title's placeholder is filled, and the PDF title does not repeat the number.
    let title = try Self.word(words, "Nr.")
    #expect(Self.line(words, of: title) == "Rechnung Nr. RE-2026-0312")
    #expect(
      try CommandRunner.run("pdfinfo", [pdf]).stdout.contains("Title:           Rechnung Nr. RE-2026-0312\n"))
    // Numeric dates (DIN 5008), in the facts and the payment terms.
    let date = try Self.word(words, "12.03.2026")
    let label = try Self.word(words, "Datum")
    #expect(abs(date.yMin - label.yMin) < 1 && date.xMin > label.xMax)
    // 2 % Skonto on 3.728,87 €: 74,5774 rounds to 74,58, leaving 3.654,29 € by 22.03.2026.
    let skonto = try Self.word(words, "Skonto:")
    #expect(
      Self.line(words, of: skonto) == "Bei Zahlung bis zum 22.03.2026 2 % Skonto: Zahlbetrag 3.654,29 €.")
    // The payment terms' own placeholder.
    #expect(words.contains { $0.text == "netto," })
    // A letter from Göppingen to Schwäbisch Hall: no country line under the recipient (the seller's
    // letterhead keeps its own), and none in the return address.
    let city = try Self.word(words, "Hall")
    #expect(!words.contains { $0.text == "Deutschland" && $0.yMin > city.yMin - 1 && $0.xMin < 300 })
    // The French customer's letter names its country.
    let french = try Self.words(out + "/RE-2026-0313.pdf")
    #expect(french.contains { $0.text == "Frankreich" })
  }

  @Test func anArticleNumberColumnIsNotRepeatedInTheDescription() throws {
    let out = try Self.sample("mittelstand")
    let text = try CommandRunner.text(out + "/RE-2026-0312.pdf")
    #expect(text.components(separatedBy: "GM-3320-48").count == 2, "\(text)")
    #expect(!text.contains("(GM-3320-48)"))
    let words = try Self.words(out + "/RE-2026-0312.pdf")
    let header = try Self.word(words, "Artikel-Nr.")
    let sku = try Self.word(words, "GM-3320-48")
    #expect(abs(sku.xMin - header.xMin) < 1, "the number stands in its own column")
  }

  @Test func theFooterHasItsSizeAndWidths() throws {
    let out = try Self.sample("mittelstand")
    let words = try Self.words(out + "/RE-2026-0312.pdf")
    // Three columns of widths 1.2 : 1 : 1.2 in the text width (A4 less 25 mm and 20 mm, DIN 5008),
    // 8 points apart, the page number inside the last one.
    let first = try Self.word(words, "Geschäftsführer:")
    let second = try Self.word(words, "Amtsgericht")
    let third = try #require(words.last { $0.text == "Kreissparkasse" })
    let unit = (third.xMin - second.xMin - 8) / 1.0
    #expect(
      abs((second.xMin - first.xMin - 8) - unit * 1.2) < 2, "\(first.xMin) \(second.xMin) \(third.xMin)")
    // 7 points: each footer word less tall than the 7.5-point default's.
    #expect(second.yMax - second.yMin < 7.5 * 1.4, "\(second)")
  }

  @Test func theSaaSInvoiceHasItsAmountDueLinkPeriodAndNoZeroTax() throws {
    let out = try Self.sample("saas")
    let pdf = out + "/CL-2026-0042.pdf"
    let words = try Self.words(pdf)
    // The amount-due block: one line above the item table.
    let due = try Self.word(words, "USD")
    #expect(Self.line(words, of: due) == "$780.70 USD due March 31, 2026")
    let header = try Self.word(words, "Description")
    #expect(due.yMax < header.yMin)
    #expect(due.yMax - due.yMin > 14, "a large line")
    // No tax line of zero (the other invoice, taxed at 20 %, keeps its).
    #expect(!words.contains { $0.text == "Tax" })
    let taxed = try Self.words(out + "/CL-2026-0043.pdf")
    #expect(taxed.contains { $0.text == "Tax" })
    // The billing period under each description, smaller, in the description's column.
    let plan = try Self.word(words, "Pro")
    let period = try #require(words.first { $0.text == "Mar" && $0.yMin > plan.yMax - 1 })
    #expect(abs(period.xMin - plan.xMin) < 1)
    #expect(period.yMin - plan.yMax < 4)
    #expect(period.yMax - period.yMin < plan.yMax - plan.yMin)
    #expect(!words.contains { $0.text == "Period" }, "no column of its own")
    // The footer's placeholders.
    let footer = try #require(words.last { $0.text == "Page" })
    #expect(Self.line(words, of: footer) == "CL-2026-0042 · $780.70 due March 31, 2026 · Page 1 of 1")
    // The link: a /URI annotation to the field's address, tagged as a Link around "Pay online".
    let objects = try CommandRunner.run("qpdf", ["--qdf", "--object-streams=disable", pdf, "-"]).stdout
    #expect(objects.contains("/URI (https://pay.cloudline.example/i/CL-2026-0042)"))
    let structure = try CommandRunner.run("pdfinfo", ["-struct-text", pdf]).stdout
    #expect(structure.contains("Link"), "\(structure)")
  }

  /// Writes `config` beside a copy of the German orders and runs invoicegen on them.
  static func run(config: String, _ arguments: [String] = []) throws -> (CommandRunner.Result, String) {
    let folder = try CommandRunner.temporaryFolder()
    try FileManager.default.copyItem(
      atPath: CommandRunner.sampleData + "/mittelstand-orders.csv", toPath: folder + "/orders.csv")
    try FileManager.default.copyItem(
      atPath: CommandRunner.sampleData + "/logo.png", toPath: folder + "/seal.png")
    try FileManager.default.copyItem(
      atPath: CommandRunner.sampleData + "/logo.svg", toPath: folder + "/logo.svg")
    try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--config", "config.json", "--out", "out", "--progress", "never"] + arguments,
      directory: folder)
    return (run, folder + "/out")
  }

  /// The German sample's config with `layout` replaced (and the cost centre no longer mapped, as no
  /// layout prints it).
  static func germanConfig(layout: String) throws -> String {
    let sample = try String(contentsOfFile: CommandRunner.sampleData + "/mittelstand.json", encoding: .utf8)
      .replacingOccurrences(of: #""Kostenstelle": "cost_centre","#, with: "")
    let start = try #require(sample.range(of: "\"layout\": {"))
    return String(sample[..<start.lowerBound]) + "\"layout\": " + layout + "\n}\n"
  }

  @Test(arguments: [
    (
      #"{"title": {"invoice": {"de": "Rechnung {invoice.numbr}"}}}"#,
      "$.layout.title.invoice.de: {invoice.numbr} is not a placeholder"
    ),
    (#"{"footer": [{"de": "abc {seller.name"}]}"#, "$.layout.footer[0].de: a brace is not closed"),
    (
      #"{"title": {"invoice": "Seite {page}"}}"#,
      "$.layout.title.invoice: {page} can only be used in the footer"
    ),
    (
      #"{"fields": [{"label": "Pay", "field": "Kostenstelle", "text": "x"}]}"#,
      "$.layout.fields[0].text: only a field of the link format has a text"
    ),
    (#"{"dateStyle": "short"}"#, "$.layout.dateStyle: \"short\" is not a date style"),
    (
      #"{"images": [{"file": "seal.png", "place": "header", "width": 18}]}"#,
      "$.layout.images[0].place: \"header\" is not a place"
    ),
    (#"{"images": [{"file": "seal.png"}]}"#, "the key \"width\" (millimetres) is missing"),
    (
      #"{"footer": ["a", "b"], "footerStyle": {"widths": [1, 1, 2]}}"#,
      "$.layout.footerStyle.widths: expected one width per footer column (2), found 3"
    ),
    (
      #"{"itemColumns": {"add": [{"field": "Kostenstelle", "under": "amount"}]}}"#,
      "$.layout.itemColumns.add[0].under: \"amount\" is not a column"
    ),
    (#"{"footer": null}"#, "$.layout.footer: expected one to three footer columns, found null"),
    (
      #"{"title": {"invoice": {"de": "\#(String(repeating: "Rechnung ", count: 7_000))"}}}"#,
      "$.layout.title.invoice.de: has 63000 characters; a config text may have at most 2000"
    ),
  ])
  func aMistakeIsAnErrorWithItsPathAndNothingIsWritten(layout: String, expected: String) throws {
    let (run, out) = try Self.run(config: try Self.germanConfig(layout: layout))
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains(expected), "\(expected)\n\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out + "/RE-2026-0312.pdf"))
  }

  @Test func bracesArePrintedWhenDoubledAndOptionsAreThePackagesOwn() throws {
    let (run, out) = try Self.run(
      config: try Self.germanConfig(
        layout:
          #"{"title": {"invoice": "Rechnung {{{invoice.number}}}"}, "options": {"seal": "seal.png", "n": [1]}}"#
      ))
    #expect(run.status == 0, "\(run.stderr)")
    let words = try Self.words(out + "/RE-2026-0312.pdf")
    #expect(words.contains { $0.text == "{RE-2026-0312}" }, "\(words.map(\.text))")
  }

  @Test func aFooterColumnCanBeALinkWithItsOwnText() throws {
    let layout = #"""
      {"footer": ["{seller.name}", {"link": "https://pay.example/{invoice.number}", "text": {"de": "Online bezahlen"}}],
       "footerStyle": {"widths": [2, 1]}}
      """#
    let (run, out) = try Self.run(config: try Self.germanConfig(layout: layout))
    #expect(run.status == 0, "\(run.stderr)")
    let pdf = out + "/RE-2026-0312.pdf"
    let words = try Self.words(pdf)
    let text = try #require(words.last { $0.text == "bezahlen" })
    #expect(text.yMin > 780, "in the footer")
    // Columns of set widths start at the left margin, where the item table does.
    let seller = try #require(words.last { $0.text == "Hohenstaufen" })
    let table = try Self.word(words, "Pos.")
    #expect(abs(seller.xMin - table.xMin) < 6, "\(seller.xMin) \(table.xMin)")
    let objects = try CommandRunner.run("qpdf", ["--qdf", "--object-streams=disable", pdf, "-"]).stdout
    #expect(objects.contains("/URI (https://pay.example/RE-2026-0312)"))
    #expect(try CommandRunner.run("pdfinfo", ["-struct", pdf]).stdout.contains("Link"))
  }

  @Test func aSealIsDrawnBesideTheLogoAtItsWidthWithItsDescription() throws {
    let layout =
      #"{"images": [{"file": "seal.png", "place": "letterhead", "width": 20, "description": "ISO 9001 certified"}]}"#
    let (run, out) = try Self.run(config: try Self.germanConfig(layout: layout))
    #expect(run.status == 0, "\(run.stderr)")
    let pdf = out + "/RE-2026-0312.pdf"
    // The seal is the one raster image (with its transparency mask), a Figure with its description.
    let list = try CommandRunner.run("pdfimages", ["-list", pdf]).stdout
    let images = list.split(separator: "\n").filter {
      $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first == "image"
    }
    #expect(images.count == 1, "\(list)")
    #expect(try CommandRunner.run("pdfinfo", ["-struct", pdf]).stdout.contains("Figure"))
    let objects = try CommandRunner.run("qpdf", ["--qdf", "--object-streams=disable", pdf, "-"]).stdout
    #expect(objects.contains("/Alt (ISO 9001 certified)"))
    // 20 mm wide at its shape (logo.png is 200 × 64 pixels): 56.7 × 18.1 points, in the letterhead:
    // what differs from the same page without it.
    let (plainRun, plainOut) = try Self.run(config: try Self.germanConfig(layout: "{}"))
    #expect(plainRun.status == 0, "\(plainRun.stderr)")
    let with = try PageMeasurements.pixmap(pdf, dpi: 72, gray: true)
    let without = try PageMeasurements.pixmap(plainOut + "/RE-2026-0312.pdf", dpi: 72, gray: true)
    var columns = Set<Int>()
    var rows = Set<Int>()
    for y in 0..<200 {
      for x in 0..<with.width where abs(with.value(x, y) - without.value(x, y)) > 40 {
        columns.insert(x)
        rows.insert(y)
      }
    }
    let width = (columns.max() ?? 0) - (columns.min() ?? 0) + 1
    let height = (rows.max() ?? 0) - (rows.min() ?? 0) + 1
    // logo.png's drawing fills its height and leaves margins at its sides: the height shows the size.
    #expect(width <= 59 && width >= 40 && abs(height - 18) <= 2, "\(width) × \(height)")
  }

  @Test func unitWordsMapToCodesAndSkontoReachesTheXRechnung() throws {
    let base = try String(contentsOfFile: CommandRunner.sampleData + "/einvoice.json", encoding: .utf8)
    let config = base.replacingOccurrences(
      of: #""defaults": {"#,
      with:
        #""units": {"Pausch.": "LS", "Satz": "SET"}, "defaults": {"earlyPayment": {"percent": 2, "days": 10}, "#
    )
    let folder = try CommandRunner.temporaryFolder()
    try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let orders = try String(
      contentsOfFile: CommandRunner.sampleData + "/einvoice-orders.csv", encoding: .utf8)
    let first = orders.split(separator: "\n").prefix(2).map(String.init)
    let lines = [first[0], first[1], first[1].replacingOccurrences(of: ",h,", with: ",Pausch.,")]
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(
      [
        "--input", "orders.csv", "--config", "config.json", "--out", "out", "--format", "cii",
        "--einvoice-profile", "xrechnung", "--progress", "never",
      ], directory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let xmlFile = try #require(CommandRunner.files(folder + "/out").first { $0.hasSuffix(".xml") })
    let xml = try String(contentsOfFile: folder + "/out/" + xmlFile, encoding: .utf8)
    #expect(xml.contains(#"unitCode="LS""#))
    #expect(xml.contains("#SKONTO#TAGE=10#PROZENT=2.00#\n"), "\(xml)")
    let check = try EInvoiceTests.check(folder + "/out/" + xmlFile)
    #expect((check["failed"] as? [Any])?.isEmpty == true, "\(check)")
    // Without the map, the word is refused with the way out named.
    let plain = base
    try plain.write(toFile: folder + "/plain.json", atomically: true, encoding: .utf8)
    let refused = try CommandRunner.invoicegen(
      [
        "--input", "orders.csv", "--config", "plain.json", "--out", "out2", "--format", "cii",
        "--einvoice-profile", "xrechnung", "--progress", "never",
      ], directory: folder)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("\"units\""), "\(refused.stderr)")
  }

  /// A label file that is a FIFO is refused instead of waited on, a file that is no JSON is not
  /// quoted, and a label over the size limit is an error naming it (issue 58, point 16).
  @Test func labelFilesAreRegularJSONOfBoundedTexts() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(mkfifo(folder + "/fifo.json", 0o600) == 0)
    try "root:$6$secret:19000:0:99999:7:::\n".write(
      toFile: folder + "/shadow", atomically: true, encoding: .utf8)
    try #"{"invoice": "\#(String(repeating: "x", count: 2_500))"}"#.write(
      toFile: folder + "/long.json", atomically: true, encoding: .utf8)
    for (file, expected) in [
      ("fifo.json", "not a regular file"), ("shadow", "is not a JSON document"),
      ("long.json", "has 2500 characters; a label may have at most 2000"),
    ] {
      let layout = #"{"labels": {"de": "\#(folder)/\#(file)"}}"#
      let (run, out) = try Self.run(config: try Self.germanConfig(layout: layout))
      #expect(run.status == 1, "\(file): \(run.stderr)")
      #expect(run.stderr.contains(expected), "\(file): \(run.stderr)")
      #expect(!run.stderr.contains("'r'") && !run.stderr.contains("secret"))
      #expect(!FileManager.default.fileExists(atPath: out + "/RE-2026-0312.pdf"))
    }
  }

  /// Content taller than a page (100 custom fields in the head) is cut with a warning, and is an
  /// error with --strict: that invoice is not written (issue 58, point 10).
  @Test func contentCutAtAPageEdgeIsAnErrorWithStrict() throws {
    let fields = (0..<100).map { #"{"label": "F\#($0)", "field": "Kostenstelle"}"# }.joined(separator: ",")
    let config = try Self.germanConfig(layout: #"{"fields": [\#(fields)]}"#)
    let (lenient, lenientOut) = try Self.run(config: config)
    #expect(lenient.status == 0, "\(lenient.stderr)")
    #expect(lenient.stderr.contains("does not fit a page"), "\(lenient.stderr)")
    #expect(FileManager.default.fileExists(atPath: lenientOut + "/RE-2026-0312.pdf"))
    let (strict, strictOut) = try Self.run(config: config, ["--strict"])
    #expect(strict.status != 0)
    #expect(strict.stderr.contains("is cut (an error with --strict)"), "\(strict.stderr)")
    #expect(!FileManager.default.fileExists(atPath: strictOut + "/RE-2026-0312.pdf"))
  }
}
