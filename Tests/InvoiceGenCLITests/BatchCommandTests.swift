import DataModel
import Foundation
import Layouts
import Testing

/// `invoicegen --input … --out …` end to end, on SampleData and on broken inputs.
@Suite(.serialized) struct BatchCommandTests {
  static let sampleInvoices: [Invoice] = {
    var options = ImportOptions()
    options.defaultCurrency = Currency(code: "EUR")
    options.defaultTaxRate = ExactDecimal(19)
    options.defaultLocale = "en-GB"
    return OrdersCSVImporter(options: options).importFile(CommandRunner.sampleData + "/orders.csv").invoices
  }()

  @Test func sampleOrdersBecomeOneCheckedPDFPerInvoice() throws {
    let out = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.invoicegen(["--input", "orders.csv", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("34 invoices written, 0 failed, 0 skipped"))
    let invoices = BatchCommandTests.sampleInvoices
    #expect(invoices.count == 34)
    #expect(
      CommandRunner.files(out).filter { $0.hasSuffix(".pdf") } == invoices.map { $0.number + ".pdf" }.sorted()
    )
    for invoice in invoices {
      let path = out + "/" + invoice.number + ".pdf"
      let text = try CommandRunner.text(path)
      let total = CommandRunner.normalize(
        DocumentFormatter(locale: Locale(identifier: invoice.locale ?? "en-GB")).money(
          invoice.totals.grandTotal))
      #expect(text.contains(invoice.number), "\(invoice.number)")
      if (invoice.locale ?? "").hasPrefix("ar") {
        // pdftotext extracts right-to-left runs in visual order: compare the amount's digits.
        let digits = String(
          total.unicodeScalars.filter {
            $0.properties.numericType != nil || "٬٫,.".unicodeScalars.contains($0)
          }.map(Character.init))
        #expect(
          text.contains(digits.trimmingCharacters(in: CharacterSet(charactersIn: ".,"))),
          "\(invoice.number): \(digits)")
      } else {
        #expect(text.contains(total), "\(invoice.number): \(total)")
      }
      if !(invoice.locale ?? "").hasPrefix("ar") {
        #expect(text.contains(invoice.customer.name), "\(invoice.number)")
      }
      #expect(try CommandRunner.run("qpdf", ["--check", path]).status == 0, "\(invoice.number)")
    }
    let info = try CommandRunner.run("pdfinfo", [out + "/INV-2026001.pdf"], environment: ["TZ": "UTC"]).stdout
    // INV-2026001 is German: so is its title.
    #expect(info.contains("Title:           Rechnung INV-2026001"), "\(info)")
    #expect(info.contains("Author:          Northwind Software GmbH"))
    #expect(info.contains("Creator:         invoicegen 0.1.0"))
    // The long invoices run over several pages with the header repeated; the credit note says so.
    for number in ["INV-2026006", "INV-2026018", "INV-2026030"] {
      let info = try CommandRunner.run("pdfinfo", [out + "/\(number).pdf"]).stdout
      let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
        Int($0.split(separator: " ").last!)
      }
      #expect((pages ?? 0) >= 3, "\(number) has \(pages ?? 0) pages")
    }
    let creditNote = try CommandRunner.text(out + "/CN-2026012.pdf")
    #expect(
      creditNote.contains("Credit note") || creditNote.contains("Gutschrift") || creditNote.contains("Avoir"))
  }

  @Test func badRowsFailTheirInvoicesOnlyWithExitCode2() throws {
    let out = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.invoicegen(["--input", "broken/bad-rows.csv", "--out", out])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("error: broken/bad-rows.csv:2: column \"quantity\": \"12,5x\" is not a number"))
    #expect(result.stderr.contains("column \"invoice_date\": \"2026-02-30\" is not a date"))
    #expect(result.stderr.contains("\"EUX\" is not an ISO 4217 currency code"))
    #expect(result.stderr.contains("\"David\" differs from \"Dave\" on line 5"))
    #expect(CommandRunner.files(out).filter { $0.hasSuffix(".pdf") } == ["B-5.pdf"])
    #expect(result.stdout.contains("1 invoice written, 4 failed"))
  }

  @Test func strictAndCheckWriteNothing() throws {
    let parent = try CommandRunner.temporaryFolder()
    let strict = try CommandRunner.invoicegen([
      "--input", "broken/bad-rows.csv", "--out", parent + "/strict", "--strict",
    ])
    #expect(strict.status == 2)
    #expect(!FileManager.default.fileExists(atPath: parent + "/strict"))
    let check = try CommandRunner.invoicegen(["--input", "orders.csv", "--out", parent + "/check", "--check"])
    #expect(check.status == 0)
    #expect(check.stdout.contains("34 invoices valid, 0 invalid"))
    #expect(!FileManager.default.fileExists(atPath: parent + "/check"))
    let badCheck = try CommandRunner.invoicegen([
      "--input", "broken/bad-rows.csv", "--out", parent + "/check2", "--check",
    ])
    #expect(badCheck.status == 2)
    #expect(!FileManager.default.fileExists(atPath: parent + "/check2"))
  }

  @Test func usageConfigAndInputErrorsExitWith1AndWriteNothing() throws {
    let parent = try CommandRunner.temporaryFolder()
    let missing = try CommandRunner.invoicegen(["--input", "nope.csv", "--out", parent + "/a"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("nope.csv: cannot read the input file"))
    let config = try CommandRunner.invoicegen([
      "--input", "orders.csv", "--out", parent + "/b", "--config", "broken/bad-config.json",
    ])
    #expect(config.status == 1)
    #expect(config.stderr.contains("error: broken/bad-config.json:1:50: $.brand.colour: unknown key"))
    #expect(config.stderr.contains("did you mean \"accentColor\"?") || config.stderr.contains("known keys"))
    let syntax = try CommandRunner.invoicegen(["--input", "broken/syntax-error.json", "--out", parent + "/c"])
    #expect(syntax.status == 1)
    #expect(syntax.stderr.contains("broken/syntax-error.json:3:2: expected , or } after a member"))
    let column = try CommandRunner.invoicegen([
      "--input", "broken/missing-column.csv", "--out", parent + "/d",
    ])
    #expect(column.status == 1)
    #expect(column.stderr.contains("did you mean \"quantitty\" for \"quantity\"?"))
    let usage = try CommandRunner.invoicegen(["--input", "orders.csv"])
    #expect(usage.status == 1)
    #expect(usage.stderr.contains("--out is required"))
    #expect(CommandRunner.files(parent).isEmpty)
  }

  @Test func aFontFolderFontconfigCannotUseIsAConfigError() throws {
    let parent = try CommandRunner.temporaryFolder()
    let config = parent + "/config.json"
    try
      "{\"brand\": {\"fontsFolder\": \"\(CommandRunner.sampleData)/logo.png\"}, \"defaults\": {\"taxRate\": 19}}"
      .write(toFile: config, atomically: true, encoding: .utf8)
    for arguments in [
      ["--input", "orders.csv", "--out", parent + "/out"],
      ["report", "--input", "report.json", "--out", parent + "/r.pdf"],
    ] {
      let result = try CommandRunner.invoicegen(arguments + ["--config", config])
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("logo.png is a file, not a folder"), "\(result.stderr)")
      #expect(result.stderr.contains("nothing written: fix the config file"))
    }
    #expect(CommandRunner.files(parent) == ["config.json"])
  }

  @Test func unwritableOutputExitsWith3() throws {
    let parent = try CommandRunner.temporaryFolder()
    #expect(FileManager.default.createFile(atPath: parent + "/file", contents: Data("x".utf8)))
    let result = try CommandRunner.invoicegen([
      "--input", "broken/bad-rows.csv", "--out", parent + "/file/out",
    ])
    #expect(result.status == 3)
    #expect(result.stderr.contains("cannot create the output folder"))
  }

  @Test func hostileNumbersStayInsideTheFolderAndMarkupIsLiteral() throws {
    let parent = try CommandRunner.temporaryFolder()
    let out = parent + "/out"
    let result = try CommandRunner.invoicegen(["--input", "broken/hostile-names.csv", "--out", out])
    #expect(result.status == 2)
    #expect(CommandRunner.files(parent) == ["out"])
    #expect(CommandRunner.files(out).filter { !$0.hasPrefix(".") } == ["A_1.pdf"])
    #expect(
      result.stderr.contains(
        "invoice \"A_1\" would be written to A_1.pdf, which invoice \"A/1\" already uses"))
    #expect(
      result.stderr.contains(
        "invoice \"../../escape\": its file name would be \".._.._escape.pdf\", which is not allowed: it starts with \".\""
      ))
    #expect(result.stderr.contains("set output.fileName in the config"))
    // Markup in data prints as text.
    let markup = try CommandRunner.temporaryFolder()
    let csv =
      "invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate\nM-1,2026-03-01,<b>Bold & Co</b>,<i>not italic</i> & more,1,1.00,EUR,19\n"
    try csv.write(toFile: markup + "/m.csv", atomically: true, encoding: .utf8)
    #expect(
      try CommandRunner.invoicegen(["--input", markup + "/m.csv", "--out", markup + "/out"]).status == 0)
    let text = try CommandRunner.text(markup + "/out/M-1.pdf")
    #expect(text.contains("<b>Bold & Co</b>") && text.contains("<i>not italic</i> & more"))
  }

  @Test func shardsAreDisjointAndComplete() throws {
    let parent = try CommandRunner.temporaryFolder()
    var union: [String] = []
    for k in 1...3 {
      let result = try CommandRunner.invoicegen([
        "--input", "orders.csv", "--out", parent + "/s\(k)", "--shard", "\(k)/3",
      ])
      #expect(result.status == 0)
      union += CommandRunner.files(parent + "/s\(k)").filter { $0.hasSuffix(".pdf") }
    }
    #expect(union.count == Set(union).count)
    #expect(union.sorted() == BatchCommandTests.sampleInvoices.map { $0.number + ".pdf" }.sorted())
    let indexed = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--out", parent + "/k", "--shards", "3"],
      environment: ["JOB_COMPLETION_INDEX": "1"])
    #expect(indexed.status == 0)
    #expect(
      CommandRunner.files(parent + "/k").filter { $0.hasSuffix(".pdf") }
        == CommandRunner.files(parent + "/s2").filter { $0.hasSuffix(".pdf") })
  }

  @Test func unchangedInvoicesAreSkippedAndSummarized() throws {
    let out = try CommandRunner.temporaryFolder()
    #expect(
      try CommandRunner.invoicegen(["--input", "invoices.json", "--out", out, "--skip-unchanged"]).status == 0
    )
    let again = try CommandRunner.invoicegen([
      "--input", "invoices.json", "--out", out, "--skip-unchanged", "--summary", out + "/summary.json",
    ])
    #expect(again.status == 0)
    #expect(again.stdout.contains("0 invoices written, 0 failed, 2 skipped"))
    let summary =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json")))
      as? [String: Any]
    #expect(summary?["skipped"] as? Int == 2)
    #expect(summary?["written"] as? Int == 0)
    // Other output settings make other files: nothing is skipped, then the new files are.
    func run(_ input: String, _ flags: [String], into folder: String) throws -> String {
      let result = try CommandRunner.invoicegen(
        ["--input", input, "--out", folder, "--skip-unchanged"] + flags)
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
    #expect(
      try run("invoices.json", ["--untagged"], into: out).contains("2 invoices written, 0 failed, 0 skipped"))
    #expect(
      try run("invoices.json", ["--untagged"], into: out).contains("0 invoices written, 0 failed, 2 skipped"))
    let einvoices = out + "/einvoices"
    let config = ["--config", "einvoice.json"]
    #expect(try run("einvoice-orders.csv", config, into: einvoices).contains("5 invoices written"))
    #expect(
      try run("einvoice-orders.csv", config + ["--einvoice", "facturx"], into: einvoices).contains(
        "5 invoices written, 0 failed, 0 skipped"))
  }

  @Test func pngPagesAndStandardInput() throws {
    let out = try CommandRunner.temporaryFolder()
    let png = try CommandRunner.invoicegen([
      "--input", "invoices.json", "--out", out, "--format", "png", "--scale", "1", "--summary",
      out + "/summary.json",
    ])
    #expect(png.status == 0)
    let summary =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json")))
      as? [String: Any]
    #expect(
      (summary?["outputs"] as? [String])?.map { URL(fileURLWithPath: $0).lastPathComponent } == [
        "JS-2026-001-1.png", "JS-2026-002-1.png",
      ])
    #expect(
      CommandRunner.files(out).filter { $0.hasSuffix(".png") } == ["JS-2026-001-1.png", "JS-2026-002-1.png"])
    let data = try Data(contentsOf: URL(fileURLWithPath: CommandRunner.sampleData + "/invoices.json"))
    let piped = try CommandRunner.invoicegen(
      ["--input", "-", "--input-format", "json", "--out", out + "/stdin"], input: data)
    #expect(piped.status == 0)
    #expect(
      CommandRunner.files(out + "/stdin").filter { $0.hasSuffix(".pdf") } == [
        "JS-2026-001.pdf", "JS-2026-002.pdf",
      ])
  }

  @Test func aKilledRunLeavesOnlyCompletePDFs() throws {
    // Enough invoices that the run is still going when it is killed.
    let parent = try CommandRunner.temporaryFolder()
    var csv = "invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate\n"
    for index in 0..<400 {
      for line in 0..<8 {
        csv += "K-\(index),2026-03-01,Customer \(index),Item \(line),1,\(index).50,EUR,19\n"
      }
    }
    try csv.write(toFile: parent + "/many.csv", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandRunner.binary)
    process.arguments = ["--input", parent + "/many.csv", "--out", parent + "/out", "--jobs", "2"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var waited = 0
    while CommandRunner.files(parent + "/out").filter({ $0.hasSuffix(".pdf") }).count < 20 && waited < 600 {
      usleep(10_000)
      waited += 1
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let pdfs = CommandRunner.files(parent + "/out").filter { $0.hasSuffix(".pdf") }
    #expect(pdfs.count >= 20 && pdfs.count < 400)
    for pdf in pdfs {
      #expect(try CommandRunner.run("qpdf", ["--check", parent + "/out/" + pdf]).status == 0, "\(pdf)")
    }
    // The next run removes what the killed one left half-written and completes the set.
    let rerun = try CommandRunner.invoicegen(["--input", parent + "/many.csv", "--out", parent + "/out"])
    #expect(rerun.status == 0)
    #expect(!CommandRunner.files(parent + "/out").contains { $0.hasSuffix(".invoicegen.tmp") })
    #expect(CommandRunner.files(parent + "/out").filter { $0.hasSuffix(".pdf") }.count == 400)
  }

  @Test func reportCommandRendersJSONAndCSV() throws {
    let out = try CommandRunner.temporaryFolder()
    let json = try CommandRunner.invoicegen(["report", "--input", "report.json", "--out", out + "/ci.pdf"])
    #expect(json.status == 0)
    let text = try CommandRunner.text(out + "/ci.pdf")
    #expect(text.contains("Nightly CI") && text.contains("Test suites") && text.contains("Page 1 of 2"))
    let outlines = try CommandRunner.run("qpdf", ["--json", "--json-key=outlines", out + "/ci.pdf"]).stdout
    #expect(outlines.contains("\"title\": \"Benchmarks\""))
    let csv = try CommandRunner.invoicegen([
      "report", "--input", "report.csv", "--out", out + "/table.pdf", "--title", "Sales",
    ])
    #expect(csv.status == 0)
    let tableText = try CommandRunner.text(out + "/table.pdf")
    #expect(tableText.contains("Sales") && tableText.contains("SO-5180") && tableText.contains("Total"))
  }

  @Test func wideReportTablesTurnThePageAndTooWideOnesAreWarned() throws {
    let out = try CommandRunner.temporaryFolder()
    func csv(columns: Int) -> String {
      var text = (0..<columns).map { "Column \($0)" }.joined(separator: ",") + "\n"
      for row in 0..<5 { text += (0..<columns).map { String(row * $0) }.joined(separator: ",") + "\n" }
      return text
    }
    for columns in [6, 14, 30] {
      try csv(columns: columns).write(toFile: out + "/t\(columns).csv", atomically: true, encoding: .utf8)
      let run = try CommandRunner.invoicegen([
        "report", "--input", out + "/t\(columns).csv", "--out", out + "/t\(columns).pdf",
      ])
      #expect(run.status == 0)
      let info = try CommandRunner.run("pdfinfo", [out + "/t\(columns).pdf"]).stdout
      let landscape = columns > 7
      #expect(info.contains(landscape ? "841.89 x 595.28" : "595.28 x 841.89"), "\(columns): \(info)")
      #expect(
        run.stderr.contains("more than a landscape page shows legibly (about 24)") == (columns > 24),
        "\(run.stderr)")
    }
  }

  @Test func helpVersionAndLayouts() throws {
    let help = try CommandRunner.invoicegen(["--help"])
    #expect(help.status == 0 && help.stdout.contains("Exit codes:") && help.stdout.contains("--shard K/N"))
    #expect(try CommandRunner.invoicegen(["--version"]).stdout == "invoicegen 0.1.0\n")
    #expect(try CommandRunner.invoicegen(["layouts"]).stdout.contains("invoice\t"))
  }
}
