import Foundation
import Testing

/// `invoicegen diff` (issue 33, part 4): the review of a change as pictures, end to end.
@Suite(.serialized) struct DiffCommandTests {
  static let header =
    "invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency"

  /// Renders `rows` (without the header) into `folder/name`, returning the folder.
  static func render(_ rows: [String], into folder: String) throws -> String {
    let input = folder + ".csv"
    try ([header] + rows).joined(separator: "\n").appending("\n").write(
      toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(["--input", input, "--out", folder, "--progress", "never"])
    #expect(run.status == 0, "\(run.stderr)")
    return folder
  }

  static func summary(_ output: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
  }

  @Test func anIdenticalPairPassesAndWritesNothing() throws {
    let base = try CommandRunner.temporaryFolder()
    let rows = ["A-1,2026-03-01,ACME,Widget,2,10,19,EUR", "B-1,2026-03-01,Beta,Gadget,1,99,19,EUR"]
    let old = try Self.render(rows, into: base + "/old")
    let new = try Self.render(rows, into: base + "/new")
    let run = try CommandRunner.invoicegen(["diff", old, new, "--out", base + "/review"], directory: base)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.contains("2 documents compared: 0 changed (0 pages), 0 added, 0 removed"), "\(run.stdout)")
    #expect(!FileManager.default.fileExists(atPath: base + "/review"))
  }

  @Test func aMovedTotalIsBoxedInThePicture() throws {
    let base = try CommandRunner.temporaryFolder()
    let old = try Self.render(["A-1,2026-03-01,ACME,Widget,2,10,19,EUR"], into: base + "/old")
    let new = try Self.render(
      ["A-1,2026-03-01,ACME,Widget,2,10,19,EUR", "A-1,2026-03-01,ACME,Gadget,1,5,19,EUR"], into: base + "/new"
    )
    let run = try CommandRunner.invoicegen(
      ["diff", old, new, "--out", base + "/review", "--summary", "-"], directory: base)
    #expect(run.status == 1, "\(run.stderr)")
    let documents = try #require(try Self.summary(run.stdout)["documents"] as? [[String: Any]])
    let pages = try #require(documents.first?["pages"] as? [[String: Any]])
    #expect(pages.count == 1)
    let box = try #require(pages[0]["box"] as? [String: Double])
    // The total before and after (its words from pdftotext -bbox) lie inside the box of the changes.
    for (pdf, amount) in [(old + "/A-1.pdf", "€23.80"), (new + "/A-1.pdf", "€29.75")] {
      let words = try PageMeasurements.words(pdf)
      let total = try #require(words.last { $0.text == amount }, "\(amount) in \(pdf)")
      #expect(total.xMin >= box["x"]! - 1 && total.xMax <= box["x"]! + box["width"]! + 1, "\(box)")
      #expect(total.yMin >= box["y"]! - 1 && total.yMax <= box["y"]! + box["height"]! + 1, "\(box)")
    }
    // The header above the items did not move: the box starts below it.
    let title = try #require(try PageMeasurements.words(new + "/A-1.pdf").first { $0.text == "Invoice" })
    #expect(box["y"]! > title.yMax)
    let picture = base + "/review/" + (pages[0]["image"] as? String ?? "")
    let info = try CommandRunner.run("file", [picture]).stdout
    #expect(info.contains("PNG image data"), "\(info)")
  }

  @Test func aPageOnlyOneSideHasIsAChangeOfThatPage() throws {
    let base = try CommandRunner.temporaryFolder()
    let old = try Self.render(["A-1,2026-03-01,ACME,Widget,2,10,19,EUR"], into: base + "/old")
    let many = (1...40).map { "A-1,2026-03-01,ACME,Item \($0),1,10,19,EUR" }
    let new = try Self.render(many, into: base + "/new")
    let run = try CommandRunner.invoicegen(
      ["diff", old + "/A-1.pdf", new + "/A-1.pdf", "--out", base + "/review", "--summary", "-"],
      directory: base)
    #expect(run.status == 1)
    let documents = try #require(try Self.summary(run.stdout)["documents"] as? [[String: Any]])
    #expect(documents.first?["oldPages"] as? Int == 1)
    #expect(documents.first?["newPages"] as? Int == 2)
    let pages = try #require(documents.first?["pages"] as? [[String: Any]])
    #expect(pages.map { $0["page"] as? Int } == [1, 2])
    let pictures = CommandRunner.files(base + "/review").filter { !$0.contains("-change-") }
    #expect(pictures == ["A-1-page-1.png", "A-1-page-2.png"])
  }

  @Test func documentsAddedOrRemovedCountAsChangesAndAMissingFileIsTrouble() throws {
    let base = try CommandRunner.temporaryFolder()
    let old = try Self.render(
      ["A-1,2026-03-01,ACME,Widget,2,10,19,EUR", "B-1,2026-03-01,Beta,Gadget,1,99,19,EUR"],
      into: base + "/old")
    let new = try Self.render(
      ["A-1,2026-03-01,ACME,Widget,2,10,19,EUR", "C-1,2026-03-01,Gamma,Thing,1,1,19,EUR"], into: base + "/new"
    )
    let run = try CommandRunner.invoicegen(["diff", old, new, "--tolerance", "50"], directory: base)
    #expect(run.status == 1)
    #expect(run.stdout.contains("B-1.pdf") && run.stdout.contains("removed"), "\(run.stdout)")
    #expect(run.stdout.contains("C-1.pdf") && run.stdout.contains("added"), "\(run.stdout)")
    let missing = try CommandRunner.invoicegen(
      ["diff", old + "/A-1.pdf", base + "/none.pdf"], directory: base)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("none.pdf: no such file or folder"), "\(missing.stderr)")
    try Data("not a pdf".utf8).write(to: URL(fileURLWithPath: base + "/broken.pdf"))
    let broken = try CommandRunner.invoicegen(
      ["diff", old + "/A-1.pdf", base + "/broken.pdf"], directory: base)
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("broken.pdf: not a readable PDF"), "\(broken.stderr)")
  }

  /// The German invoice of issue 57: a unit price of 486,50 or 486,60, with a bank account.
  static func renderGerman(unitPrice: String, iban: String, into folder: String) throws -> String {
    let config = folder + ".json"
    try """
    {"seller": {"name": "Muster GmbH", "address": ["Hauptstraße 1", "73033 Göppingen"], "vatId": "DE123456789"},
     "bank": {"holder": "Muster GmbH", "iban": "\(iban)", "bic": "SOLADES1GPP"}}
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let input = folder + ".csv"
    try """
    invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency,locale
    R-1,2026-03-12,Kunde AG,Beratung,5,\(unitPrice),19,EUR,de-DE
    R-1,2026-03-12,Kunde AG,Wartung,1,99,19,EUR,de-DE

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", input, "--config", config, "--out", folder, "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    return folder
  }

  /// Every text change of the summary's first document, as "old → new".
  static func textChanges(_ output: String) throws -> [String] {
    let documents = try #require(try summary(output)["documents"] as? [[String: Any]])
    let pages = try #require(documents.first?["pages"] as? [[String: Any]])
    return pages.flatMap { page in
      (page["textChanges"] as? [[String: Any]] ?? []).map {
        "\($0["old"] as? String ?? "?") → \($0["new"] as? String ?? "?")"
      }
    }
  }

  @Test func aChangedUnitPriceIsAChangeWhateverTheTolerance() throws {
    let base = try CommandRunner.temporaryFolder()
    let iban = "DE12 6105 0000 1234 5678 90"
    let old = try Self.renderGerman(unitPrice: "486.50", iban: iban, into: base + "/old")
    let new = try Self.renderGerman(unitPrice: "486.60", iban: iban, into: base + "/new")
    let run = try CommandRunner.invoicegen(
      ["diff", old, new, "--tolerance", "5", "--out", base + "/review"], directory: base)
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("\"486,50\" → \"486,60\""), "\(run.stdout)")
    #expect(run.stdout.contains("\"2.432,50\" → \"2.433,00\""), "\(run.stdout)")
    let json = try CommandRunner.invoicegen(
      ["diff", old, new, "--tolerance", "5", "--out", base + "/review", "--summary", "-"], directory: base)
    let changes = try Self.textChanges(json.stdout)
    #expect(changes.first == "486,50 → 486,60", "\(changes)")
    // Line amount, subtotal, tax and total, each in the totals and the VAT summary: nothing else.
    #expect(changes.allSatisfy { !$0.contains("Beratung") && !$0.contains("R-1") }, "\(changes)")
    // The change's box is the unit price's box on the new page (pdftotext -bbox).
    let documents = try #require(try Self.summary(json.stdout)["documents"] as? [[String: Any]])
    let page = try #require((documents.first?["pages"] as? [[String: Any]])?.first)
    let first = try #require((page["textChanges"] as? [[String: Any]])?.first)
    let box = try #require(first["newBox"] as? [String: Double])
    let word = try #require(try PageMeasurements.words(new + "/R-1.pdf").first { $0.text == "486,60" })
    #expect(abs(box["x"]! - word.xMin) < 1 && abs(box["y"]! - word.yMin) < 1.5, "\(box) \(word)")
    // A close-up of each change at 150 dpi, beside the page picture.
    let closeUp = base + "/review/" + (first["image"] as? String ?? "")
    let info = try CommandRunner.run("file", [closeUp]).stdout
    #expect(info.contains("PNG image data"), "\(info)")
  }

  @Test func aChangedIBANIsNamedOldToNew() throws {
    let base = try CommandRunner.temporaryFolder()
    let old = try Self.renderGerman(
      unitPrice: "486.50", iban: "DE12 6105 0000 1234 5678 90", into: base + "/old")
    let new = try Self.renderGerman(
      unitPrice: "486.50", iban: "DE44 6005 0000 1234 5678 99", into: base + "/new")
    let run = try CommandRunner.invoicegen(
      ["diff", old, new, "--tolerance", "20", "--summary", "-", "--out", base + "/review"], directory: base)
    #expect(run.status == 1, "\(run.stderr)")
    let changes = try Self.textChanges(run.stdout)
    #expect(changes == ["DE12 6105 0000 1234 5678 90 → DE44 6005 0000 1234 5678 99"], "\(changes)")
  }

  @Test func aMovedRuleWithTheSameTextIsForgivenByATolerance() throws {
    let base = try CommandRunner.temporaryFolder()
    let old = base + "/old.pdf"
    let new = base + "/new.pdf"
    try Self.minimalPDF(ruleAt: 700).write(to: URL(fileURLWithPath: old))
    try Self.minimalPDF(ruleAt: 699).write(to: URL(fileURLWithPath: new))
    let strict = try CommandRunner.invoicegen(
      ["diff", old, new, "--summary", "-", "--out", base + "/review"], directory: base)
    #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
    #expect(try Self.textChanges(strict.stdout).isEmpty)
    let forgiving = try CommandRunner.invoicegen(
      ["diff", old, new, "--tolerance", "1", "--out", base + "/review"], directory: base)
    #expect(forgiving.status == 0, "\(forgiving.stdout)\(forgiving.stderr)")
  }

  @Test func hugePagesAreComparedWithinThePixelLimit() throws {
    let base = try CommandRunner.temporaryFolder()
    for (name, size) in [("vast", 1e9), ("legal-maximum", 14_400)] {
      let path = base + "/\(name).pdf"
      try Self.minimalPDF(ruleAt: 700, size: size).write(to: URL(fileURLWithPath: path))
      let run = try CommandRunner.invoicegen(
        ["diff", path, path, "--resolution", "600", "--out", base + "/review"], directory: base)
      #expect(run.status == 0, "\(name): \(run.status) \(run.stdout)\(run.stderr)")
    }
  }

  /// A one-page PDF with the words "Total 10,00" and a horizontal rule at `ruleAt` points from the bottom.
  static func minimalPDF(ruleAt y: Int, size: Double = 595) -> Data {
    let content = "BT /F1 12 Tf 72 720 Td (Total 10,00) Tj ET 72 \(y) m 300 \(y) l 2 w S"
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(size) \(size == 595 ? 842 : size)] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    var pdf = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(pdf.utf8.count)
      pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = pdf.utf8.count
    pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
    pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    return Data(pdf.utf8)
  }

  /// A FIFO is not read (it would block), earlier pictures and a killed run's temporary file do not
  /// stay in --out, and a folder that cannot be made is a plain message (issue 58, point 18).
  @Test func hostileInputsAndStaleOutputsAreHandled() throws {
    let base = try CommandRunner.temporaryFolder()
    let pdf = base + "/a.pdf"
    try Self.minimalPDF(ruleAt: 700).write(to: URL(fileURLWithPath: pdf))
    #expect(mkfifo(base + "/x.pdf", 0o600) == 0)
    let fifo = try CommandRunner.invoicegen(["diff", pdf, base + "/x.pdf", "--out", base + "/review"])
    #expect(fifo.status == 2)
    #expect(fifo.stderr.contains("x.pdf: not a regular file"), "\(fifo.stderr)")
    try FileManager.default.createDirectory(atPath: base + "/review", withIntermediateDirectories: true)
    for stale in ["old-page-1.png", "old-page-2-change-3.png", ".old.pdf.999999-1-abc.invoicegen.tmp"] {
      try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/review/" + stale))
    }
    try Data("mine".utf8).write(to: URL(fileURLWithPath: base + "/review/notes.png"))
    let new = base + "/b.pdf"
    try Self.minimalPDF(ruleAt: 690).write(to: URL(fileURLWithPath: new))
    let run = try CommandRunner.invoicegen(["diff", pdf, new, "--out", base + "/review"])
    #expect(run.status == 1, "\(run.stderr)")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: base + "/review"))?.sorted() ?? []
    #expect(left == ["b-page-1.png", "notes.png"], "\(left)")
    try Data("file".utf8).write(to: URL(fileURLWithPath: base + "/taken"))
    let blocked = try CommandRunner.invoicegen(["diff", pdf, new, "--out", base + "/taken"])
    #expect(blocked.status == 2)
    #expect(blocked.stderr.contains("taken: exists and is not a folder"), "\(blocked.stderr)")
    #expect(!blocked.stderr.contains("NSCocoaErrorDomain") && !blocked.stderr.contains("Error Domain"))
  }
}
