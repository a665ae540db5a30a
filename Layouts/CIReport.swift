import DataModel
import Foundation

/// The CI report: a `Report` made from a `TestRun` (JUnit, Cobertura) and the run history, in the report's language.
///
/// Metric cards (tests, passed, failed, errors, skipped, duration, coverage, each with its change
/// against the previous run), the suites with a total and a chart of their seconds, the failures
/// (message and the first lines of output, each kept on one page where it fits), the slowest tests,
/// coverage per package, and line charts of pass rate, duration and coverage over the history.
public enum CIReport {
  /// The report of `run`; `history` holds earlier runs and this one last (or is empty).
  ///
  /// The title is `title`, else "Test results: PROJECT" when the CI names the project, else "Test results".
  public static func report(
    for run: TestRun, history: [RunHistory.Entry], title: String?, project: String? = nil, date: String?,
    locale: String
  ) -> Report {
    let parts = Sections(
      run: run, history: history, strings: StringTable(locale: Locale(identifier: locale)),
      format: Numbers(locale: Locale(identifier: locale)))
    let strings = parts.strings
    let format = parts.format
    let sections = [
      parts.summary(), parts.suites(), parts.failures(), parts.slowest(), parts.coverage(), parts.trends(),
    ]
    .compactMap { $0 }
    // The same four counts as the cards: a failure and an error are different things.
    let subtitle = [
      (run.tests, strings(.ciTests)), (run.passed, strings(.ciPassed)), (run.failed, strings(.ciFailed)),
      (run.errors, strings(.ciErrors)), (run.skipped, strings(.ciSkipped)),
    ].map { "\(format.integer($0.0)) \($0.1)" }.joined(separator: " · ")
    return Report(
      title: title ?? project.map { "\(strings(.ciTestResults)): \($0)" } ?? strings(.ciTestResults),
      subtitle: subtitle, date: date,
      locale: locale,
      sections: sections)
  }

  /// The report's sections, each from the run (and the history) in the report's language.
  struct Sections {
    let run: TestRun
    /// Earlier runs and this one last.
    let history: [RunHistory.Entry]
    let strings: StringTable
    let format: Numbers

    /// The run before this one, when the history has one.
    var previous: RunHistory.Entry? { history.count >= 2 ? history[history.count - 2] : nil }

    /// A change against the previous run, "+3", "-0.5 s" or "±0"; nil without a previous run.
    func change(_ now: Double, _ before: Double?, digits: Int = 0, suffix: String = "") -> String? {
      guard let before else { return nil }
      let delta = now - before
      let shown = format.decimal(abs(delta), digits: digits)
      if shown == format.decimal(0, digits: digits) { return "±0" + suffix }
      return (delta > 0 ? "+" : "\u{2212}") + shown + suffix
    }

    /// The metric cards, each with its change against the previous run, and the pass rate.
    func summary() -> ReportSection {
      var metrics = [
        ReportMetric(
          label: strings(.ciTests), value: format.integer(run.tests),
          change: change(Double(run.tests), previous.map { Double($0.tests) })),
        ReportMetric(
          label: strings(.ciPassed), value: format.integer(run.passed),
          change: change(Double(run.passed), previous.map { Double($0.passed) })),
        // More failures, errors or seconds is bad news: those cards colour a rise red.
        ReportMetric(
          label: strings(.ciFailed), value: format.integer(run.failed),
          change: change(Double(run.failed), previous.map { Double($0.failed) }), lowerIsBetter: true),
        ReportMetric(
          label: strings(.ciErrors), value: format.integer(run.errors),
          change: change(Double(run.errors), previous.map { Double($0.errors) }), lowerIsBetter: true),
        ReportMetric(
          label: strings(.ciSkipped), value: format.integer(run.skipped),
          change: change(Double(run.skipped), previous.map { Double($0.skipped) }), lowerIsBetter: true),
        ReportMetric(
          label: strings(.ciDuration), value: format.duration(run.seconds),
          change: change(run.seconds, previous?.seconds, digits: 1, suffix: " s"), lowerIsBetter: true),
      ]
      if run.flaky > 0 {
        metrics.append(ReportMetric(label: strings(.ciFlaky), value: format.integer(run.flaky)))
      }
      if let rate = run.coverage?.rate {
        metrics.append(
          ReportMetric(
            label: strings(.ciCoverage), value: format.decimal(rate, digits: 1) + " %",
            change: previous?.coverage.map { change(rate, $0, digits: 1, suffix: " pp")! }))
      }
      var summary: [ReportBlock] = [.metrics(metrics)]
      if let rate = run.passRate {
        summary.append(.paragraph("\(strings(.ciPassRate)): \(format.decimal(rate, digits: 1)) %"))
      }
      return ReportSection(heading: strings(.ciTestResults), blocks: summary)
    }

    /// The suites with their totals and a chart of their seconds; nil without suites.
    func suites() -> ReportSection? {
      guard !run.suites.isEmpty else { return nil }
      let rows = run.suites.map { suite in
        [
          suite.name, format.integer(suite.tests), format.integer(suite.failures),
          format.integer(suite.errors),
          format.integer(suite.skipped), format.decimal(suite.seconds, digits: 2),
        ]
      }
      let columns = [
        ReportColumn(title: strings(.ciSuite), width: .fraction(1)),
        ReportColumn(title: strings(.ciTests), isNumeric: true, isTotalled: true, keepsValuesWhole: true),
        ReportColumn(title: strings(.ciFailed), isNumeric: true, isTotalled: true, keepsValuesWhole: true),
        ReportColumn(title: strings(.ciErrors), isNumeric: true, isTotalled: true, keepsValuesWhole: true),
        ReportColumn(title: strings(.ciSkipped), isNumeric: true, isTotalled: true, keepsValuesWhole: true),
        ReportColumn(title: strings(.ciSeconds), isNumeric: true, isTotalled: true, keepsValuesWhole: true),
      ]
      let footer = [
        strings(.total), format.integer(run.tests), format.integer(run.failed), format.integer(run.errors),
        format.integer(run.skipped), format.decimal(run.seconds, digits: 2),
      ]
      var blocks: [ReportBlock] = [
        .table(ReportTable(columns: columns, rows: ArrayRowSource(rows), footer: footer, footerIsTotal: true))
      ]
      // The chart shows the 20 slowest suites: more bars than that are unreadable on a page.
      let charted = run.suites.sorted { $0.seconds > $1.seconds }.prefix(20)
      if charted.count > 1 {
        blocks.append(
          .chart(
            ReportChart(
              kind: .bar, title: strings(.ciSecondsPerSuite), labels: charted.map(\.name),
              series: [.init(name: strings(.ciSeconds), values: charted.map { $0.seconds })])))
      }
      return ReportSection(heading: strings(.ciSuites), blocks: blocks)
    }

    /// Each failure with its message and first lines of output, kept on one page where it fits.
    func failures() -> ReportSection {
      var failureBlocks: [ReportBlock] = []
      for failure in run.failures {
        var parts: [ReportBlock] = []
        let place = [failure.className, failure.suite].compactMap { $0 }.first ?? failure.suite
        let kind = failure.kind == .error ? strings(.ciErrors) : strings(.ciFailed)
        parts.append(
          .runs([ReportTextRun(failure.test, bold: true), ReportTextRun(" — \(place) (\(kind))")]))
        let message = [failure.type, failure.message].compactMap { $0 }.joined(separator: ": ")
        // Most runners repeat the message at the top of the output: print it once.
        let repeated = failure.message.map { !$0.isEmpty && failure.body.contains($0) } ?? false
        if !message.isEmpty, !repeated {
          parts.append(.paragraph(message.count > 600 ? String(message.prefix(600)) + "…" : message))
        }
        if !failure.body.isEmpty { parts.append(.preformatted(failure.body)) }
        failureBlocks.append(.keptTogether(parts))
      }
      if run.omittedFailures > 0 {
        failureBlocks.append(.paragraph(strings(.ciMoreFailures, format.integer(run.omittedFailures))))
      }
      if failureBlocks.isEmpty { failureBlocks = [.paragraph(strings(.ciNoFailures))] }
      return ReportSection(heading: strings(.ciFailures), blocks: failureBlocks)
    }

    /// The slowest tests; nil when the run timed none.
    func slowest() -> ReportSection? {
      guard !run.slowest.isEmpty else { return nil }
      let rows = run.slowest.map { timing in
        [timing.test, timing.className ?? timing.suite, format.decimal(timing.seconds, digits: 3)]
      }
      let columns = [
        ReportColumn(title: strings(.ciTest), width: .fraction(1)),
        ReportColumn(title: strings(.ciSuite), width: .fraction(1)),
        ReportColumn(title: strings(.ciSeconds), isNumeric: true, keepsValuesWhole: true),
      ]
      return ReportSection(
        heading: strings(.ciSlowestTests),
        blocks: [.table(ReportTable(columns: columns, rows: ArrayRowSource(rows)))])
    }

    /// Coverage per package with a total and a chart; nil without coverage.
    func coverage() -> ReportSection? {
      guard let coverage = run.coverage else { return nil }
      let rows = coverage.packages.map { package in
        [
          package.name, format.integer(package.linesValid), format.integer(package.linesCovered),
          package.rate.map { format.decimal($0, digits: 1) + " %" } ?? "–",
        ]
      }
      let columns = [
        ReportColumn(title: strings(.ciPackage), width: .fraction(1)),
        ReportColumn(title: strings(.ciLines), isNumeric: true, isTotalled: true, keepsValuesWhole: true),
        ReportColumn(title: strings(.ciCovered), isNumeric: true, isTotalled: true, keepsValuesWhole: true),
        ReportColumn(title: strings(.ciCoverage), isNumeric: true, keepsValuesWhole: true),
      ]
      let footer = [
        strings(.total), format.integer(coverage.linesValid), format.integer(coverage.linesCovered),
        coverage.rate.map { format.decimal($0, digits: 1) + " %" } ?? "–",
      ]
      var blocks: [ReportBlock] = [
        .table(ReportTable(columns: columns, rows: ArrayRowSource(rows), footer: footer, footerIsTotal: true))
      ]
      let charted = coverage.packages.filter { $0.rate != nil }.prefix(20)
      if charted.count > 1 {
        blocks.append(
          .chart(
            ReportChart(
              kind: .bar, title: strings(.ciCoverageByPackage), labels: charted.map(\.name),
              series: [.init(name: strings(.ciCoverage), values: charted.map { $0.rate })])))
      }
      return ReportSection(heading: strings(.ciCoverage), blocks: blocks)
    }

    /// Line charts of pass rate, duration and coverage over the history; nil with fewer than two runs.
    func trends() -> ReportSection? {
      guard history.count >= 2 else { return nil }
      let labels = history.enumerated().map { index, entry in
        entry.label ?? String(entry.date.prefix(10))
          + (history.filter { $0.date.prefix(10) == entry.date.prefix(10) }.count > 1 ? " #\(index + 1)" : "")
      }
      var blocks: [ReportBlock] = [
        .chart(
          ReportChart(
            kind: .line, title: strings(.ciPassRate), labels: labels,
            series: [.init(name: strings(.ciPassRate), values: history.map(\.passRate))])),
        .chart(
          ReportChart(
            kind: .line, title: strings(.ciDuration), labels: labels,
            series: [.init(name: strings(.ciSeconds), values: history.map { $0.seconds })])),
      ]
      if history.contains(where: { $0.coverage != nil }) {
        blocks.append(
          .chart(
            ReportChart(
              kind: .line, title: strings(.ciCoverage), labels: labels,
              series: [.init(name: strings(.ciCoverage), values: history.map(\.coverage))])))
      }
      return ReportSection(heading: strings(.ciHistory), blocks: blocks)
    }
  }
}

/// Counts, seconds and percentages written the locale's way.
struct Numbers {
  let locale: Locale

  func integer(_ value: Int) -> String {
    value.formatted(.number.locale(locale))
  }

  func decimal(_ value: Double, digits: Int) -> String {
    value.formatted(
      .number.precision(.fractionLength(digits)).rounded(rule: .toNearestOrAwayFromZero).locale(locale))
  }

  /// "2.4 s", "3 min 05 s", "1 h 02 min".
  func duration(_ seconds: Double) -> String {
    if seconds < 60 { return decimal(seconds, digits: seconds < 10 ? 2 : 1) + " s" }
    let whole = Int(seconds.rounded())
    if whole < 3600 { return "\(whole / 60) min \(String(format: "%02d", whole % 60)) s" }
    return "\(whole / 3600) h \(String(format: "%02d", whole / 60 % 60)) min"
  }
}
