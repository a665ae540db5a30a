/// Reads JUnit XML test results (pytest, Surefire, Gradle, `swift test --xunit-output`, jest-junit,
/// go-junit-report, ctest, PHPUnit, Node's junit reporter) into a `TestRun`, streaming.
///
/// Counts come from the `<testcase>` elements, not from the suites' attributes (which runners
/// write inconsistently); a suite without test cases is taken from its attributes. A test with a
/// `<failure>` failed, one with an `<error>` errored, one with `<skipped>` was skipped, and one
/// with only Surefire's `flakyFailure`/`flakyError` passed on a rerun and is counted as flaky.
struct JUnitReader {
  let file: String
  private(set) var run = TestRun()
  private(set) var warnings: [Diagnostic] = []
  /// Suites that turned out to hold no tests of their own, removed at the end.
  private var dropped: Set<Int> = []
  /// The suites open around the current element, outermost first.
  private var suites: [OpenSuite] = []
  /// The test case being read, if any.
  private var current: OpenCase?
  /// Whether the text being read is a `<failure>` or `<error>` body.
  private var inFailureBody = false
  /// The name of tests outside any suite: the `<testsuites>` name, else the file's.
  private var rootName = ""

  /// One open `<testsuite>`: its index in `run.suites` and whether it holds test cases or suites.
  private struct OpenSuite {
    var index: Int
    var attributes: [String: String]
    var hasCases = false
    var hasSuites = false
    var caseSeconds = 0.0
  }

  /// The test case being read.
  private struct OpenCase {
    var name: String
    var className: String?
    var seconds: Double
    var outcome: TestRun.Failure.Kind?
    var skipped = false
    var flaky = false
    var message: String?
    var type: String?
    var body = ""
    var bodyLines = 0
  }

  init(file: String) {
    self.file = file
  }

  /// Reads the whole document from `reader`, whose root element `root` has just been read.
  mutating func read(_ reader: XMLStreamReader, root: (name: String, isEmpty: Bool)) throws(XMLStreamReader
    .Failure)
  {
    // Tests outside any suite are named after the file ("node-junit" for ci/node-junit.xml).
    rootName = String(file.split(separator: "/").last ?? Substring(file))
    if rootName.lowercased().hasSuffix(".xml") { rootName.removeLast(4) }
    if root.name == "testsuites" {
      rootName = reader.attributes()["name"].flatMap { $0.isEmpty ? nil : $0 } ?? rootName
      if root.isEmpty { return }
    } else {
      openSuite(reader.attributes(), parentName: nil)
      if root.isEmpty { closeSuite() }
    }
    while let node = try reader.next() {
      switch node {
      case .start(let name, let isEmpty): try start(name, isEmpty: isEmpty, reader)
      case .end(let name): end(name)
      case .text(let text): appendFailureText(text)
      }
    }
    while !suites.isEmpty { closeSuite() }
    if !dropped.isEmpty {
      run.suites = run.suites.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
      dropped = []
    }
  }

  /// An element's start: a suite, a test case, its outcome, or an element skipped whole.
  private mutating func start(_ name: String, isEmpty: Bool, _ reader: XMLStreamReader) throws(XMLStreamReader
    .Failure)
  {
    switch name {
    case "testsuite":
      if let last = suites.indices.last { suites[last].hasSuites = true }
      openSuite(reader.attributes(), parentName: suites.last.map { run.suites[$0.index].name })
      if isEmpty { closeSuite() }
    case "testcase":
      let attributes = reader.attributes()
      if suites.isEmpty {
        // Node's reporter writes top-level tests straight under <testsuites>.
        openSuite(["name": rootName], parentName: nil)
        suites[suites.count - 1].attributes["implicit"] = "1"
      }
      current = OpenCase(
        name: attributes["name"] ?? "(unnamed)",
        className: attributes["classname"].flatMap { $0.isEmpty ? nil : $0 },
        seconds: seconds(attributes["time"], reader: reader))
      if isEmpty { finishCase() }
    case "failure", "error":
      guard current != nil else { return try reader.skipElement() }
      let attributes = reader.attributes()
      let kind: TestRun.Failure.Kind = name == "failure" ? .failure : .error
      if current!.outcome == nil || kind == .error {
        current!.outcome = kind
        current!.message = attributes["message"].flatMap { $0.isEmpty ? nil : $0 }
        current!.type = attributes["type"].flatMap { $0.isEmpty ? nil : $0 }
      }
      inFailureBody = !isEmpty
    case "skipped":
      current?.skipped = true
      if !isEmpty { try reader.skipElement() }
    case "flakyFailure", "flakyError":
      current?.flaky = true
      if !isEmpty { try reader.skipElement() }
    case "system-out", "system-err", "properties", "rerunFailure", "rerunError":
      if !isEmpty { try reader.skipElement() }
    default:
      break
    }
  }

  /// An element's end: a suite or test case closes, a failure body ends.
  private mutating func end(_ name: String) {
    switch name {
    case "testsuite": closeSuite()
    case "testcase": finishCase()
    case "failure", "error": inFailureBody = false
    case "testsuites": while !suites.isEmpty { closeSuite() }
    default: break
    }
  }

  /// Text inside a failure or error: kept up to `TestRun.maxBodyLines` lines of at most 400 characters.
  private mutating func appendFailureText(_ text: String) {
    guard inFailureBody, current != nil, current!.bodyLines < TestRun.maxBodyLines else { return }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard current!.bodyLines < TestRun.maxBodyLines else {
        current!.body += "\n…"
        break
      }
      if !current!.body.isEmpty { current!.body += "\n" }
      current!.body += line.count > 400 ? String(line.prefix(400)) + "…" : String(line)
      current!.bodyLines += 1
    }
  }

  private mutating func openSuite(_ attributes: [String: String], parentName: String?) {
    var name = attributes["name"].flatMap { $0.isEmpty ? nil : $0 } ?? parentName ?? file
    if let parentName, attributes["name"] != nil, !name.hasPrefix(parentName) {
      name = parentName + " › " + name
    }
    run.suites.append(TestRun.Suite(name: name))
    suites.append(OpenSuite(index: run.suites.count - 1, attributes: attributes))
    if let stamp = attributes["timestamp"], !stamp.isEmpty, run.timestamp == nil || stamp < run.timestamp! {
      run.timestamp = stamp
    }
    if let host = attributes["hostname"], !host.isEmpty { run.hostnames.insert(host) }
  }

  private mutating func closeSuite() {
    guard let open = suites.popLast() else { return }
    let index = open.index
    if open.hasCases {
      // The suite's own time includes its set-up; without one, the sum of its tests.
      if let time = open.attributes["time"], let seconds = Self.parseSeconds(time) {
        run.suites[index].seconds = seconds
      } else {
        run.suites[index].seconds = open.caseSeconds
      }
    } else if !open.hasSuites, open.attributes["implicit"] == nil,
      let tests = open.attributes["tests"].flatMap({ Int($0) }), tests > 0
    {
      // A summary-only suite: its attributes are all there is.
      run.suites[index].tests = tests
      run.suites[index].failures = open.attributes["failures"].flatMap { Int($0) } ?? 0
      run.suites[index].errors = open.attributes["errors"].flatMap { Int($0) } ?? 0
      run.suites[index].skipped =
        (open.attributes["skipped"] ?? open.attributes["disabled"]).flatMap { Int($0) } ?? 0
      run.suites[index].seconds = open.attributes["time"].flatMap(Self.parseSeconds) ?? 0
    } else {
      // Only holds other suites, or nothing: not a row of its own.
      dropped.insert(index)
    }
  }

  private mutating func finishCase() {
    guard let test = current, let last = suites.indices.last else { return }
    current = nil
    suites[last].hasCases = true
    suites[last].caseSeconds += test.seconds
    let index = suites[last].index
    let suiteName = run.suites[index].name
    run.suites[index].tests += 1
    switch test.outcome {
    case .failure?: run.suites[index].failures += 1
    case .error?: run.suites[index].errors += 1
    case nil:
      if test.skipped { run.suites[index].skipped += 1 } else if test.flaky { run.suites[index].flaky += 1 }
    }
    if let kind = test.outcome {
      run.record(
        TestRun.Failure(
          kind: kind, suite: suiteName, className: test.className, test: test.name, message: test.message,
          type: test.type, body: test.body))
    }
    run.consider(
      TestRun.Timing(suite: suiteName, className: test.className, test: test.name, seconds: test.seconds))
  }

  /// A `time` attribute in seconds ("0.5", "12", "1,234.5", "0,5"); a bad one is a warning and 0.
  private mutating func seconds(_ text: String?, reader: XMLStreamReader) -> Double {
    guard let text, !text.isEmpty else { return 0 }
    if let value = Self.parseSeconds(text) { return value }
    if warnings.count < 20 {
      warnings.append(
        Diagnostic(
          .warning, SourceLocation(file: file, line: reader.line), field: "time",
          "\(Diagnostic.quote(text)) is not a number of seconds; counted as 0"))
    }
    return 0
  }

  /// Seconds from a `time` attribute, or nil when it is no finite, non-negative number.
  static func parseSeconds(_ text: String) -> Double? {
    var clean = text.trimmingSpaces
    if clean.contains(".") {
      clean = clean.replacingOccurrences(of: ",", with: "")
    } else {
      clean = clean.replacingOccurrences(of: ",", with: ".")
    }
    guard let value = Double(clean), value.isFinite, value >= 0 else { return nil }
    return value
  }
}
