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
    #expect(CommandRunner.files(base + "/review") == ["A-1-page-1.png", "A-1-page-2.png"])
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
}
