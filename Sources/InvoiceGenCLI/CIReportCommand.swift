import DataModel
import Foundation
import Layouts
import PageRendering

/// `invoicegen report` on CI results: JUnit XML and Cobertura XML files merged into one run, with a run history.
enum CIReportCommand {
  /// Whether `options` ask for a CI report: an XML input, a JUnit or Cobertura input format, or a history.
  static func applies(to options: ReportOptions) -> Bool {
    switch options.inputFormat {
    case .junit?, .cobertura?: return true
    case .json?, .csv?: return false
    case nil:
      return options.history != nil
        || options.inputs.contains { $0.lowercased().hasSuffix(".xml") || InputPattern.isPattern($0) }
    }
  }

  /// Reads the CI results and the history, renders the report, then writes the history and the summary.
  static func run(_ options: ReportOptions, config: Config) throws(CLIError) -> Outcome {
    let files = try matchedFiles(options.inputs)
    // A history that cannot be read stops the run before anything is written, so it is never overwritten.
    let history = try options.history.map { (path) throws(CLIError) in try readHistory(path) } ?? RunHistory()
    let kind: TestResultsImporter.Kind? =
      switch options.inputFormat {
      case .junit?: .junit
      case .cobertura?: .cobertura
      default: nil
      }
    let imported = TestResultsImporter().importFiles(files.map { ($0, $0) }, kind: kind)
    for diagnostic in imported.diagnostics where diagnostic.severity == .error || !options.quiet {
      Console.show(diagnostic)
    }
    guard let run = imported.run else { throw .input }
    let date = ISO8601DateFormatter().string(from: Date())
    let entry = RunHistory.Entry(run, date: run.timestamp ?? date, label: options.runLabel)
    let runs = options.history == nil ? [] : history.adding(entry, keep: options.historyKeep).runs
    let locale = options.locale ?? config.invoiceSettings.issuer.defaultLocale
    let report = CIReport.report(
      for: run, history: runs, title: options.title,
      project: project(ProcessInfo.processInfo.environment), date: String((run.timestamp ?? date).prefix(10)),
      locale: locale)
    var outcome = try ReportCommand.render(
      report, options: options, config: config, name: files.joined(separator: ", "))
    guard !outcome.failed, !outcome.outputFailed else { return outcome }
    if let path = options.history, !write(RunHistory(runs: runs).encoded(), to: path, what: "the history") {
      outcome.outputFailed = true
    }
    if let path = options.summary,
      !write(Data(CIReportCommand.markdown(run, title: report.title).utf8), to: path, what: "the summary")
    {
      outcome.outputFailed = true
    }
    if options.failOnTestFailures, run.failed + run.errors > 0 {
      if !options.quiet {
        Console.write("note: --fail-on-test-failures: \(run.failed) failed, \(run.errors) errors")
      }
      outcome.failed = true
    }
    return outcome
  }

  /// The files the input patterns match, each once, in order; a pattern that matches none is an error.
  static func matchedFiles(_ patterns: [String]) throws(CLIError) -> [String] {
    var files: [String] = []
    for pattern in patterns {
      let matched = InputPattern.expand(pattern)
      if matched.isEmpty {
        Console.error("\(pattern): no file matches")
        throw .input
      }
      files += matched.filter { !files.contains($0) }
    }
    return files
  }

  /// The run history at `path` (empty when the file does not exist yet); an unreadable one is an error.
  static func readHistory(_ path: String) throws(CLIError) -> RunHistory {
    guard FileManager.default.fileExists(atPath: path) else { return RunHistory() }
    // Read like every JSON input: a size limit, no devices, no NUL bytes.
    switch InputFile.readText(path, name: path, limit: 64 << 20, kind: "run history JSON") {
    case .success(let bytes):
      do {
        return try RunHistory.decode(Data(bytes))
      } catch {
        Console.error("\(path): \(error.message); the history file is left as it is")
        throw .input
      }
    case .failure(let diagnostic):
      Console.show(diagnostic)
      Console.error("\(path): the history file is left as it is")
      throw .input
    }
  }

  /// Writes `data` to `path` atomically; false (after an error message) when it cannot.
  static func write(_ data: Data, to path: String, what: String) -> Bool {
    do {
      try AtomicFile.write(data, to: path)
      return true
    } catch {
      Console.error("\(path): cannot write \(what): \(error)")
      return false
    }
  }

  /// A short Markdown summary for `$GITHUB_STEP_SUMMARY` or a merge-request note: counts and the failures, no links.
  /// The project's name as the CI service gives it: GitHub Actions' repository (without its owner),
  /// GitLab's project name, Bitbucket's repository slug; nil elsewhere.
  static func project(_ environment: [String: String]) -> String? {
    if let repository = environment["GITHUB_REPOSITORY"], let name = repository.split(separator: "/").last {
      return String(name)
    }
    return [environment["CI_PROJECT_NAME"], environment["BITBUCKET_REPO_SLUG"]].compactMap { $0 }.first {
      !$0.isEmpty
    }
  }

  static func markdown(_ run: TestRun, title: String) -> String {
    func cell(_ text: String) -> String {
      text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
    var lines = [
      "## \(cell(title))", "",
      "| Tests | Passed | Failed | Errors | Skipped | Seconds |"
        + (run.coverage?.rate != nil ? " Coverage |" : ""),
      "|---:|---:|---:|---:|---:|---:|" + (run.coverage?.rate != nil ? "---:|" : ""),
      "| \(run.tests) | \(run.passed) | \(run.failed) | \(run.errors) | \(run.skipped) | "
        + run.seconds.formatted(
          .number.precision(.fractionLength(2)).rounded(rule: .toNearestOrAwayFromZero).grouping(.never)
            .locale(Locale(identifier: "en"))) + " |"
        + (run.coverage?.rate.map { String(format: " %.1f %% |", $0) } ?? ""),
      "",
    ]
    if run.failures.isEmpty {
      lines.append("No test failed.")
    } else {
      lines.append("### Failures")
      lines.append("")
      for failure in run.failures {
        let place = failure.className ?? failure.suite
        let message = failure.message.map { ": " + cell(String($0.prefix(200))) } ?? ""
        lines.append("- **\(cell(failure.test))** (\(cell(place)), \(failure.kind.rawValue))\(message)")
      }
      if run.omittedFailures > 0 { lines.append("- … and \(run.omittedFailures) more") }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
