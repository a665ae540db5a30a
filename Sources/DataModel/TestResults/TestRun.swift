/// The results of one CI run: test suites with their counts and times, the failures, the slowest
/// tests, and the coverage when given, merged from any number of JUnit and Cobertura files.
///
/// Only what a report shows is kept: per suite its counts, every failure with its message and the
/// first lines of its output (up to `maxDetailedFailures`), and the ten slowest tests, so memory
/// stays flat however many tests a file has.
public struct TestRun: Sendable {
  /// The results of one suite (a `<testsuite>` holding test cases).
  public struct Suite: Sendable, Hashable {
    public var name: String
    public var tests = 0
    public var failures = 0
    public var errors = 0
    public var skipped = 0
    /// Tests that failed, then passed when rerun (Surefire's `flakyFailure`).
    public var flaky = 0
    public var seconds = 0.0

    public init(name: String) {
      self.name = name
    }

    public var passed: Int { tests - failures - errors - skipped }
  }

  /// A failed or errored test: where, what, and the first lines of what it printed.
  public struct Failure: Sendable, Hashable {
    public enum Kind: String, Sendable {
      case failure, error
    }

    public var kind: Kind
    public var suite: String
    public var className: String?
    public var test: String
    public var message: String?
    public var type: String?
    /// The body text (stack trace, assertion diff), cut to `TestRun.maxBodyLines` lines.
    public var body: String
  }

  /// A test and how long it took.
  public struct Timing: Sendable, Hashable {
    public var suite: String
    public var className: String?
    public var test: String
    public var seconds: Double
  }

  public var suites: [Suite] = []
  /// The failures in file order, at most `maxDetailedFailures`.
  public var failures: [Failure] = []
  /// Failures beyond `maxDetailedFailures`, counted only.
  public var omittedFailures = 0
  /// The slowest tests, slowest first, at most `slowestCount`.
  public var slowest: [Timing] = []
  /// The earliest `timestamp` of the suites, as written (ISO 8601).
  public var timestamp: String?
  public var hostnames: Set<String> = []
  /// Coverage per package, when a Cobertura file was given.
  public var coverage: Coverage?

  public static let maxDetailedFailures = 200
  public static let maxBodyLines = 30
  public static let slowestCount = 10

  public init() {}

  public var tests: Int { suites.reduce(0) { $0 + $1.tests } }
  public var failed: Int { suites.reduce(0) { $0 + $1.failures } }
  public var errors: Int { suites.reduce(0) { $0 + $1.errors } }
  public var skipped: Int { suites.reduce(0) { $0 + $1.skipped } }
  public var flaky: Int { suites.reduce(0) { $0 + $1.flaky } }
  public var passed: Int { tests - failed - errors - skipped }
  public var seconds: Double { suites.reduce(0) { $0 + $1.seconds } }

  /// Passed ÷ (tests − skipped), in percent; nil when nothing ran.
  public var passRate: Double? {
    let ran = tests - skipped
    return ran > 0 ? Double(passed) * 100 / Double(ran) : nil
  }

  /// Keeps `timing` if it is among the slowest so far.
  mutating func consider(_ timing: Timing) {
    guard slowest.count < TestRun.slowestCount || timing.seconds > slowest.last!.seconds else { return }
    let index = slowest.firstIndex { $0.seconds < timing.seconds } ?? slowest.count
    slowest.insert(timing, at: index)
    if slowest.count > TestRun.slowestCount { slowest.removeLast() }
  }

  /// Adds a failure, or counts it when enough are kept.
  mutating func record(_ failure: Failure) {
    if failures.count < TestRun.maxDetailedFailures {
      failures.append(failure)
    } else {
      omittedFailures += 1
    }
  }

  /// Merges `other` (another file of the same run) into this run.
  public mutating func merge(_ other: TestRun) {
    suites += other.suites
    for failure in other.failures { record(failure) }
    omittedFailures += other.omittedFailures
    for timing in other.slowest { consider(timing) }
    if let stamp = other.timestamp, timestamp == nil || stamp < timestamp! { timestamp = stamp }
    hostnames.formUnion(other.hostnames)
    if let more = other.coverage {
      if coverage == nil { coverage = more } else { coverage!.merge(more) }
    }
  }
}

/// Line coverage per package, from Cobertura XML.
public struct Coverage: Sendable, Hashable {
  /// One package's lines.
  public struct Package: Sendable, Hashable {
    public var name: String
    public var linesValid: Int
    public var linesCovered: Int
    public var rate: Double? { linesValid > 0 ? Double(linesCovered) * 100 / Double(linesValid) : nil }
  }

  public var packages: [Package] = []
  /// The totals the file states at its root, when it states them (else the sums of the packages).
  public var linesValid: Int
  public var linesCovered: Int

  /// Covered ÷ valid lines, in percent.
  public var rate: Double? { linesValid > 0 ? Double(linesCovered) * 100 / Double(linesValid) : nil }

  mutating func merge(_ other: Coverage) {
    packages += other.packages
    linesValid += other.linesValid
    linesCovered += other.linesCovered
  }
}
