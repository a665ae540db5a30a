import Foundation
import Testing

/// The CI report's words, signs and colours (issue 25): one vocabulary of counts, improvements green.
@Suite struct CIReportWordingTests {
  /// A JUnit file of one suite: `passed` passing tests, `failed` failures and `errors` errors, `seconds` each.
  static func junit(passed: Int, failed: Int, errors: Int, seconds: Double) -> String {
    var cases: [String] = []
    for index in 0..<passed {
      cases.append("<testcase name=\"ok\(index)\" classname=\"pay.Ok\" time=\"\(seconds)\"/>")
    }
    for index in 0..<failed {
      cases.append(
        "<testcase name=\"fails\(index)\" classname=\"pay.Rounding\" time=\"\(seconds)\"><failure message=\"expected 2.34, got 2.35\" type=\"AssertionError\">expected 2.34, got 2.35\n  at pay/rounding.py:12</failure></testcase>"
      )
    }
    for index in 0..<errors {
      cases.append(
        "<testcase name=\"breaks\(index)\" classname=\"pay.Io\" time=\"\(seconds)\"><error message=\"disk gone\" type=\"OSError\">OSError: disk gone</error></testcase>"
      )
    }
    let total = passed + failed + errors
    return
      "<?xml version=\"1.0\"?><testsuite name=\"payments\" tests=\"\(total)\" failures=\"\(failed)\" errors=\"\(errors)\">"
      + cases.joined() + "</testsuite>"
  }

  /// The RGB of the pixel at (`x`, `y`) points of page 1 rendered at 72 dpi.
  static func colour(_ pdf: String, x: Double, y: Double) throws -> (Int, Int, Int) {
    let stem = pdf + "-page"
    _ = try CommandRunner.run(
      "pdftoppm", ["-r", "72", "-f", "1", "-l", "1", "-singlefile", pdf, stem])
    let data = try Data(contentsOf: URL(fileURLWithPath: stem + ".ppm"))
    // P6 header: "P6\nW H\n255\n".
    var newlines = 0
    var start = 0
    for (index, byte) in data.enumerated() where byte == 0x0A {
      newlines += 1
      if newlines == 3 {
        start = index + 1
        break
      }
    }
    let header = String(decoding: data.prefix(start), as: UTF8.self).split(whereSeparator: \.isWhitespace)
    let width = Int(header[1])!
    let offset = start + (Int(y) * width + Int(x)) * 3
    return (Int(data[offset]), Int(data[offset + 1]), Int(data[offset + 2]))
  }

  @Test func countsAreOneVocabularyAndImprovementsAreGreenWithTheirArrow() throws {
    let folder = try CommandRunner.temporaryFolder()
    let history = folder + "/history.json"
    let first = folder + "/first.xml"
    let second = folder + "/second.xml"
    try Self.junit(passed: 5, failed: 3, errors: 1, seconds: 2).write(
      toFile: first, atomically: true, encoding: .utf8)
    try Self.junit(passed: 7, failed: 1, errors: 1, seconds: 1).write(
      toFile: second, atomically: true, encoding: .utf8)
    for (input, name) in [(first, "r1.pdf"), (second, "r2.pdf")] {
      let run = try CommandRunner.invoicegen([
        "report", "--input", input, "--out", folder + "/" + name, "--history", history,
      ])
      #expect(run.status == 0, "\(run.stderr)")
    }
    let pdf = folder + "/r2.pdf"
    let text = try CommandRunner.text(pdf)
    let lines = text.split(separator: "\n").map {
      $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    // The title does not list input files or suites; the subtitle counts as the cards do.
    #expect(lines.first == "Test results", "\(lines.prefix(3))")
    #expect(lines.contains("9 Tests · 7 Passed · 1 Failed · 1 Errors · 0 Skipped"), "\(lines.prefix(3))")
    // Falls are written with a real minus sign.
    #expect(text.contains("\u{2212}2"), "\(text)")
    #expect(!text.contains("-2"), "\(text)")
    // The failure's message is printed once (its output repeats it).
    #expect(text.components(separatedBy: "expected 2.34, got 2.35").count == 2, "\(text)")
    // The fall in failures (−2) is green: improvements are good news.
    let html = try CommandRunner.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"]).stdout
    let word = try NSRegularExpression(
      pattern: #"<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">\#u{2212}2</word>"#
    )
    let match = try #require(word.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)))
    let number = { (index: Int) in Double(html[Range(match.range(at: index), in: html)!])! }
    var greenest = (0, 0, 0)
    for dx in stride(from: number(1), to: number(3), by: 0.5) {
      let pixel = try Self.colour(pdf, x: dx, y: (number(2) + number(4)) / 2)
      if pixel.1 - pixel.0 > greenest.1 - greenest.0 { greenest = pixel }
    }
    #expect(greenest.1 > greenest.0 + 60, "\(greenest)")
  }

  @Test func failingTestNamesAreBold() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/one.xml"
    try Self.junit(passed: 1, failed: 1, errors: 0, seconds: 1).write(
      toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(["report", "--input", input, "--out", folder + "/r.pdf"])
    #expect(run.status == 0, "\(run.stderr)")
    // "fails0" is bold in the failures and regular in the slowest tests; "pay.Rounding" regular in
    // both: the name's width relative to its neighbour is larger where it is bold.
    let html = try CommandRunner.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", folder + "/r.pdf", "-"])
      .stdout
    let word = try NSRegularExpression(
      pattern:
        #"<word xMin="([0-9.]+)" yMin="[0-9.]+" xMax="([0-9.]+)" yMax="[0-9.]+">(fails0|pay.Rounding)</word>"#
    )
    let widths = word.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
      let part = { (index: Int) in String(html[Range(match.range(at: index), in: html)!]) }
      return (part(3), Double(part(2))! - Double(part(1))!)
    }
    #expect(widths.map(\.0) == ["fails0", "pay.Rounding", "fails0", "pay.Rounding"], "\(widths)")
    if widths.count == 4 {
      #expect(widths[0].1 / widths[1].1 > widths[2].1 / widths[3].1 * 1.04, "\(widths)")
    }
    let structure = try CommandRunner.text(folder + "/r.pdf")
    #expect(structure.contains("fails0 — pay.Rounding (Failed)"), "\(structure)")
  }
}
