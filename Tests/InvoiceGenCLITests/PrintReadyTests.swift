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

  /// The words of page 1 with their boxes, from `pdftotext -bbox`.
  static func words(_ pdf: String) throws -> [(text: String, xMin: Double, xMax: Double, yMin: Double)] {
    let html = try CommandRunner.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"]).stdout
    let pattern = try NSRegularExpression(
      pattern: #"<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="[0-9.]+">([^<]*)</word>"#)
    return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
      let part = { (index: Int) in String(html[Range(match.range(at: index), in: html)!]) }
      return (part(4), Double(part(1))!, Double(part(3))!, Double(part(2))!)
    }
  }

  @Test func everyAmountOnAnInvoiceEndsOnOneRightEdge() throws {
    let out = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", "orders.csv", "--out", out, "--only", "INV-2026001", "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    // Item amounts, subtotal, VAT per rate, the total and the VAT summary's columns all end in "€"
    // (the payment terms' sentence on the left holds one too).
    let euros = try Self.words(out + "/INV-2026001.pdf").filter { $0.text == "€" && $0.xMin > 300 }
    #expect(euros.count == 8 + 4 + 2 * 3, "\(euros)")
    let edge = euros.map(\.xMax).max()!
    // Every amount but the VAT summary's net and tax columns ends on the edge, to 0.5 pt.
    let off = euros.filter { abs($0.xMax - edge) >= 0.5 }
    #expect(off.count == 2 * 2, "\(euros.map(\.xMax))")
    #expect(Set(off.map { Int($0.xMax.rounded()) }).count == 2, "\(off)")
    // The edge is the Amount column's, inside the table's 4 pt cell padding: 595.28 − 48 − 4.
    #expect(abs(edge - 543.28) < 0.5, "\(edge)")
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
}
