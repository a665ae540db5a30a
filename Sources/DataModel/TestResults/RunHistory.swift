import Foundation

/// The summaries of earlier CI runs, kept in a JSON file between runs (`--history FILE.json`).
///
/// The file is `{"version": 1, "runs": [{"date": …, "label": …, "tests": …, "passed": …,
/// "failed": …, "errors": …, "skipped": …, "seconds": …, "coverage": …}, …]}`, oldest first.
public struct RunHistory: Sendable, Equatable {
  /// One run's summary.
  public struct Entry: Sendable, Equatable {
    /// When the run happened, ISO 8601.
    public var date: String
    /// The run's name in charts ("#1234", a commit), when given.
    public var label: String?
    public var tests: Int
    public var passed: Int
    public var failed: Int
    public var errors: Int
    public var skipped: Int
    public var seconds: Double
    /// Line coverage in percent, when the run had coverage.
    public var coverage: Double?

    public init(
      date: String, label: String? = nil, tests: Int, passed: Int, failed: Int, errors: Int, skipped: Int,
      seconds: Double, coverage: Double? = nil
    ) {
      self.date = date
      self.label = label
      self.tests = tests
      self.passed = passed
      self.failed = failed
      self.errors = errors
      self.skipped = skipped
      self.seconds = seconds
      self.coverage = coverage
    }

    /// The summary of `run`, dated `date`.
    public init(_ run: TestRun, date: String, label: String?) {
      self.init(
        date: date, label: label, tests: run.tests, passed: run.passed, failed: run.failed,
        errors: run.errors,
        skipped: run.skipped, seconds: run.seconds, coverage: run.coverage?.rate)
    }

    /// Passed ÷ (tests − skipped), in percent.
    public var passRate: Double? {
      let ran = tests - skipped
      return ran > 0 ? Double(passed) * 100 / Double(ran) : nil
    }
  }

  public var runs: [Entry]

  public init(runs: [Entry] = []) {
    self.runs = runs
  }

  /// Why a history file cannot be used.
  public struct Problem: Error, Equatable {
    public var message: String
  }

  /// The history in `data` (a history file's bytes).
  public static func decode(_ data: Data) throws(Problem) -> RunHistory {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw Problem(message: "is not JSON (\(error.localizedDescription))")
    }
    guard let root = object as? [String: Any], let list = root["runs"] as? [[String: Any]] else {
      throw Problem(message: "is not an invoicegen run history: it needs a \"runs\" array of run objects")
    }
    var runs: [Entry] = []
    for (index, run) in list.enumerated() {
      func int(_ key: String) throws(Problem) -> Int {
        guard let value = run[key] as? NSNumber, let exact = Int(exactly: value.doubleValue), exact >= 0
        else {
          throw Problem(message: "runs[\(index)].\(key) is missing or not a count")
        }
        return exact
      }
      guard let date = run["date"] as? String else {
        throw Problem(message: "runs[\(index)].date is missing or not a string")
      }
      guard let seconds = (run["seconds"] as? NSNumber)?.doubleValue, seconds.isFinite, seconds >= 0 else {
        throw Problem(message: "runs[\(index)].seconds is missing or not a number of seconds")
      }
      runs.append(
        Entry(
          date: date, label: run["label"] as? String, tests: try int("tests"), passed: try int("passed"),
          failed: try int("failed"), errors: try int("errors"), skipped: try int("skipped"), seconds: seconds,
          coverage: (run["coverage"] as? NSNumber)?.doubleValue))
    }
    return RunHistory(runs: runs)
  }

  /// The history as a history file's bytes.
  public func encoded() -> Data {
    let list = runs.map { run -> [String: Any] in
      var object: [String: Any] = [
        "date": run.date, "tests": run.tests, "passed": run.passed, "failed": run.failed,
        "errors": run.errors,
        "skipped": run.skipped, "seconds": (run.seconds * 1000).rounded() / 1000,
      ]
      if let label = run.label { object["label"] = label }
      if let coverage = run.coverage { object["coverage"] = (coverage * 100).rounded() / 100 }
      return object
    }
    let root: [String: Any] = ["version": 1, "runs": list]
    return (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]))
      ?? Data()
  }

  /// This history with `entry` added, keeping the last `keep` runs.
  public func adding(_ entry: Entry, keep: Int) -> RunHistory {
    RunHistory(runs: Array((runs + [entry]).suffix(max(1, keep))))
  }
}
