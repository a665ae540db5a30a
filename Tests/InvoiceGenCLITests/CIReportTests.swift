import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// CI reports from JUnit and Cobertura XML (issue 14), checked against counts the test computes itself.
@Suite struct CIReportTests {
  /// What a JUnit file says, counted with FoundationXML's parser (not invoicegen's libxml2 reader).
  struct Expected: CustomStringConvertible {
    var tests = 0
    var failures = 0
    var errors = 0
    var skipped = 0
    var seconds = 0.0
    var failedNames: [String] = []
    var description: String { "\(tests) tests, \(failures) failures, \(errors) errors, \(skipped) skipped" }
  }

  final class Counter: NSObject, XMLParserDelegate {
    var expected = Expected()
    /// Per open suite: its time attribute, the sum of its cases' times, and whether it had cases.
    var suites: [(time: Double?, sum: Double, cases: Bool)] = []
    var looseSeconds = 0.0
    var caseName = ""
    var caseTime = 0.0
    var outcome: String?
    var skipped = false

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      switch name {
      case "testsuite": suites.append((attributes["time"].flatMap(Double.init), 0, false))
      case "testcase":
        caseName = attributes["name"] ?? ""
        caseTime = attributes["time"].flatMap(Double.init) ?? 0
        outcome = nil
        skipped = false
      case "failure": if outcome == nil { outcome = "failure" }
      case "error": outcome = "error"
      case "skipped": skipped = true
      default: break
      }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      switch name {
      case "testsuite":
        let suite = suites.removeLast()
        if suite.cases { expected.seconds += suite.time ?? suite.sum }
      case "testcase":
        expected.tests += 1
        if suites.isEmpty {
          looseSeconds += caseTime
        } else {
          suites[suites.count - 1].sum += caseTime
          suites[suites.count - 1].cases = true
        }
        switch outcome {
        case "failure"?: expected.failures += 1
        case "error"?: expected.errors += 1
        default: if skipped { expected.skipped += 1 }
        }
        if outcome != nil { expected.failedNames.append(caseName) }
      case "testsuites", "": break
      default: break
      }
    }

    func parserDidEndDocument(_ parser: XMLParser) { expected.seconds += looseSeconds }
  }

  static func expected(_ path: String) throws -> Expected {
    let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
    let counter = Counter()
    parser.delegate = counter
    #expect(parser.parse(), "\(path)")
    return counter.expected
  }

  /// Seconds as the report prints them: two decimals, half away from zero on the decimal value
  /// (`%.2f` rounds the binary value: 0.545 would print 0.54, and pytest's times change every run).
  static func twoDecimals(_ value: Double) -> String {
    value.formatted(
      .number.precision(.fractionLength(2)).rounded(rule: .toNearestOrAwayFromZero).grouping(.never)
        .locale(Locale(identifier: "en")))
  }

  /// Renders `file` and checks the suites' total row, each failing test and the Markdown summary against the XML.
  func check(_ file: String, directory: String? = nil) throws {
    let folder = try CommandRunner.temporaryFolder()
    let expected = try CIReportTests.expected(
      file.hasPrefix("/") ? file : CommandRunner.sampleData + "/" + file)
    let run = try CommandRunner.invoicegen(
      ["report", "--input", file, "--out", folder + "/ci.pdf", "--summary", folder + "/ci.md"],
      directory: directory)
    #expect(run.status == 0, "\(file): \(run.stderr)")
    let text = try CommandRunner.text(folder + "/ci.pdf")
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let total =
      "Total \(expected.tests) \(expected.failures) \(expected.errors) \(expected.skipped) "
      + CIReportTests.twoDecimals(expected.seconds)
    #expect(flat.contains(total), "\(file): \(expected) → \(total) in \(flat.prefix(1500))")
    for name in expected.failedNames {
      #expect(flat.contains(name.prefix(30)), "\(file): failure \(name)")
    }
    let markdown = try String(contentsOfFile: folder + "/ci.md", encoding: .utf8)
    let passed = expected.tests - expected.failures - expected.errors - expected.skipped
    #expect(
      markdown.contains(
        "| \(expected.tests) | \(passed) | \(expected.failures) | \(expected.errors) | \(expected.skipped) |"),
      "\(markdown)")
  }

  @Test(arguments: [
    "ci/pytest-junit.xml", "ci/node-junit.xml", "ci/swift-testing-junit.xml", "ci/surefire-junit.xml",
  ])
  func eachRunnersSampleReportsTheCountsItsXMLHolds(_ file: String) throws {
    try check(file)
  }

  @Test func aFreshPytestRunIsReportedAsItRan() throws {
    let folder = try CommandRunner.temporaryFolder()
    for name in ["shop_math.py", "test_shop_math.py"] {
      try FileManager.default.copyItem(
        atPath: CommandRunner.sampleData + "/ci/sources/python/" + name, toPath: folder + "/" + name)
    }
    // Debian's python3-pytest (make deps) first, else any python3 with pytest.
    let python = FileManager.default.fileExists(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
    var pytest = try CommandRunner.run(
      python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml=" + folder + "/junit.xml"],
      directory: folder)
    if !FileManager.default.fileExists(atPath: folder + "/junit.xml") {
      pytest = try CommandRunner.run(
        "python3", ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml=" + folder + "/junit.xml"],
        directory: folder)
    }
    #expect(pytest.status == 1, "one test fails on purpose: \(pytest.stdout) \(pytest.stderr)")
    try check(folder + "/junit.xml")
  }

  @Test func aFreshSwiftTestRunIsReportedAsItRan() throws {
    let folder = try CommandRunner.temporaryFolder()
    try FileManager.default.copyItem(
      atPath: CommandRunner.sampleData + "/ci/sources/swift", toPath: folder + "/swift")
    let swift = try CommandRunner.run(
      "swift", ["test", "--xunit-output", folder + "/swift.xml"], directory: folder + "/swift")
    #expect(swift.status != 0, "one test fails on purpose")
    let written = folder + "/swift-swift-testing.xml"
    #expect(FileManager.default.fileExists(atPath: written), "\(swift.stderr)")
    try check(written)
  }

  @Test func coverageFromCoveragePyAndGcovrIsSummedPerPackage() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "report", "--input", "ci/pytest-junit.xml", "--input", "ci/*coverage*.xml", "--out", folder + "/ci.pdf",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let flat = try CommandRunner.text(folder + "/ci.pdf").split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    // coverage.py: 51 lines, 48 covered; gcovr: 11 lines, 10 covered (its <methods> lines not twice).
    #expect(flat.contains(". 51 48 94.1 %"), "\(flat)")
    #expect(flat.contains("src 11 10 90.9 %"), "\(flat)")
    #expect(flat.contains("Total 62 58 93.5 %"), "\(flat)")
  }

  @Test func hostileFilesAreRefusedOrReadSafely() throws {
    let folder = try CommandRunner.temporaryFolder()
    try "secret-\(UUID().uuidString)".write(toFile: folder + "/secret.txt", atomically: true, encoding: .utf8)
    let secret = try String(contentsOfFile: folder + "/secret.txt", encoding: .utf8)
    try """
    <?xml version="1.0"?>
    <!DOCTYPE testsuite [<!ENTITY xxe SYSTEM "file://\(folder)/secret.txt">]>
    <testsuite name="s"><testcase name="a"><failure message="&xxe;">&xxe;</failure></testcase></testsuite>
    """.write(toFile: folder + "/xxe.xml", atomically: true, encoding: .utf8)
    var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      laughs +=
        " <!ENTITY lol\(level) \""
        + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10)
        + "\">\n"
    }
    laughs += "]>\n<testsuite name=\"s\"><testcase name=\"&lol9;\"/></testsuite>\n"
    try laughs.write(toFile: folder + "/laughs.xml", atomically: true, encoding: .utf8)
    try "<?xml version=\"1.0\"?>\n<testsuites>\n<testsuite name=\"s\">\n<testcase name=\"a\">\n<failure>trace"
      .write(toFile: folder + "/truncated.xml", atomically: true, encoding: .utf8)
    for name in ["xxe", "laughs", "truncated"] {
      let run = try CommandRunner.invoicegen([
        "report", "--input", folder + "/\(name).xml", "--out", folder + "/\(name).pdf",
      ])
      #expect(run.status == 1, "\(name): \(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder + "/\(name).pdf"))
      #expect(!run.stderr.contains(secret))
    }
    let xxe = try CommandRunner.invoicegen([
      "report", "--input", folder + "/xxe.xml", "--out", folder + "/x.pdf",
    ])
    #expect(
      xxe.stderr.contains("xxe.xml:2:21: has a DOCTYPE that declares its own entities"), "\(xxe.stderr)")
    let truncated = try CommandRunner.invoicegen([
      "report", "--input", folder + "/truncated.xml", "--out", folder + "/t.pdf",
    ])
    #expect(truncated.stderr.contains("truncated.xml:5:"), "\(truncated.stderr)")
    #expect(
      truncated.stderr.contains("the file ends inside <failure>: is it truncated?"), "\(truncated.stderr)")

    // A bad time is a warning; a 10 MB stack trace is read, and only its first lines are printed.
    let body = String(repeating: "\tat com.example.Frame.call(Frame.java:42)\n", count: 250_000)
    try """
    <?xml version="1.0"?>
    <testsuite name="big"><testcase name="slow" time="abc"/><testcase name="huge" time="1"><failure message="boom">\(body)</failure></testcase></testsuite>
    """.write(toFile: folder + "/big.xml", atomically: true, encoding: .utf8)
    let big = try CommandRunner.invoicegen([
      "report", "--input", folder + "/big.xml", "--out", folder + "/big.pdf",
    ])
    #expect(big.status == 0, "\(big.stderr)")
    #expect(
      big.stderr.contains("big.xml:2: time: \"abc\" is not a number of seconds; counted as 0"),
      "\(big.stderr)")
    let info = try CommandRunner.run("pdfinfo", [folder + "/big.pdf"]).stdout
    let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
      Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces))
    }
    #expect(pages.map { $0 <= 3 } == true, "\(info)")
  }

  @Test func threeRunsMakeThreePointsAndACorruptHistoryIsNeverOverwritten() throws {
    let folder = try CommandRunner.temporaryFolder()
    let history = folder + "/history.json"
    for label in ["r1", "r2", "r3"] {
      let run = try CommandRunner.invoicegen([
        "report", "--input", "ci/pytest-junit.xml", "--out", folder + "/\(label).pdf", "--history", history,
        "--run-label", label,
      ])
      #expect(run.status == 0, "\(run.stderr)")
    }
    let saved = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: history)))
        as? [String: Any])
    let runs = try #require(saved["runs"] as? [[String: Any]])
    #expect(runs.compactMap { $0["label"] as? String } == ["r1", "r2", "r3"])
    #expect(runs.allSatisfy { $0["tests"] as? Int == 13 })
    let text = try CommandRunner.text(folder + "/r3.pdf")
    #expect(text.contains("History"))
    for label in ["r1", "r2", "r3"] { #expect(text.contains(label), "\(label) on the chart axis") }
    // --history-keep keeps the last N.
    let kept = try CommandRunner.invoicegen([
      "report", "--input", "ci/pytest-junit.xml", "--out", folder + "/r4.pdf", "--history", history,
      "--run-label", "r4", "--history-keep", "2",
    ])
    #expect(kept.status == 0)
    let trimmed =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: history)))
      as? [String: Any]
    #expect((trimmed?["runs"] as? [[String: Any]])?.compactMap { $0["label"] as? String } == ["r3", "r4"])

    try "{\"runs\": [{\"date\": 3}".write(toFile: history, atomically: true, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: history))
    let corrupt = try CommandRunner.invoicegen([
      "report", "--input", "ci/pytest-junit.xml", "--out", folder + "/r5.pdf", "--history", history,
    ])
    #expect(corrupt.status == 1)
    #expect(corrupt.stderr.contains("history.json: is not JSON"), "\(corrupt.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: history)) == before)
    #expect(!FileManager.default.fileExists(atPath: folder + "/r5.pdf"))
    // A device is refused at once, never read into memory.
    let device = try CommandRunner.invoicegen([
      "report", "--input", "ci/pytest-junit.xml", "--out", folder + "/r6.pdf", "--history", "/dev/zero",
    ])
    #expect(device.status == 1)
    #expect(device.stderr.contains("/dev/zero: cannot read: is a character device"), "\(device.stderr)")
  }

  @Test func failingTestsExitZeroUnlessAskedAndGlobsReachIntoFolders() throws {
    let folder = try CommandRunner.temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder + "/build/a/b", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: CommandRunner.sampleData + "/ci/pytest-junit.xml", toPath: folder + "/build/a/b/one.xml")
    try FileManager.default.copyItem(
      atPath: CommandRunner.sampleData + "/ci/node-junit.xml", toPath: folder + "/build/two.xml")
    let plain = try CommandRunner.invoicegen(
      ["report", "--input", "build/**/*.xml", "--out", "ci.pdf", "--summary", "ci.md"], directory: folder)
    #expect(plain.status == 0, "\(plain.stderr)")
    let markdown = try String(contentsOfFile: folder + "/ci.md", encoding: .utf8)
    #expect(markdown.contains("| 18 | 13 | 2 | 1 | 2 |"), "\(markdown)")
    let strict = try CommandRunner.invoicegen(
      ["report", "--input", "build/**/*.xml", "--out", "strict.pdf", "--fail-on-test-failures"],
      directory: folder)
    #expect(strict.status == 2)
    #expect(FileManager.default.fileExists(atPath: folder + "/strict.pdf"))
    let none = try CommandRunner.invoicegen(
      ["report", "--input", "nothing/*.xml", "--out", "x.pdf"], directory: folder)
    #expect(none.status == 1)
    #expect(none.stderr.contains("nothing/*.xml: no file matches"))
  }
}
