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
    let fall = try #require(try PageMeasurements.words(pdf).first { $0.text == "\u{2212}2" })
    // One pixel per point at 72 dpi, rendered once.
    let page = try PageMeasurements.pixmap(pdf, dpi: 72, gray: false)
    var greenest = (0, 0, 0)
    for dx in stride(from: fall.xMin, to: fall.xMax, by: 0.5) {
      let rgb = page.pixel(Int(dx), Int((fall.yMin + fall.yMax) / 2))
      let pixel = (rgb[0], rgb[1], rgb[2])
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
    let widths = try PageMeasurements.words(folder + "/r.pdf").filter {
      ["fails0", "pay.Rounding"].contains($0.text)
    }
    .map { ($0.text, $0.xMax - $0.xMin) }
    #expect(widths.map(\.0) == ["fails0", "pay.Rounding", "fails0", "pay.Rounding"], "\(widths)")
    if widths.count == 4 {
      #expect(widths[0].1 / widths[1].1 > widths[2].1 / widths[3].1 * 1.04, "\(widths)")
    }
    let structure = try CommandRunner.text(folder + "/r.pdf")
    #expect(structure.contains("fails0 — pay.Rounding (Failed)"), "\(structure)")
  }
}
