import DataModel
import Foundation

/// The options of `invoicegen report`.
public struct ReportOptions: DocumentOptions, Sendable {
  public var input = ""
  public var out = ""
  public var config: String?
  public var title: String?
  /// Which columns of a CSV report the footer totals.
  public var totals = ReportCSVImporter.Totals.auto
  /// The CSV columns shown, in order (names or 1-based positions); nil for all.
  public var columns: [String]?
  /// CSV columns not shown.
  public var excludedColumns: [String] = []
  /// The CSV columns repeated in every group of a wide table; nil for the first.
  public var keyColumns: [String]?
  public var locale: String?
  public var format = OutputFormat.pdf
  public var scale = 2.0
  public var quiet = false
  /// Every `--input` (files or glob patterns), in order.
  public var inputs: [String] = []
  /// The kind of the inputs, when given (else detected from names and root elements).
  public var inputFormat: ReportInputFormat?
  /// The run-history file of CI reports.
  public var history: String?
  /// How many runs the history keeps.
  public var historyKeep = 30
  /// This run's name in the history charts.
  public var runLabel: String?
  /// Exit 2 after writing a CI report whose tests failed.
  public var failOnTestFailures = false
  /// A Markdown summary of a CI report's run.
  public var summary: String?
  /// Write the report as PDF/A-3b.
  public var pdfa = false
  public var untagged = false
  public var paper: String?
  public var sign: String?
  public var signPasswordFile: String?
  public var signTSA: String?
  public var passwordFile: String?
  public var ownerPasswordFile: String?

  public mutating func addInput(_ path: String) {
    if input.isEmpty { input = path }
    inputs.append(path)
  }
}

extension ReportOptions {
  /// Every option of `invoicegen report`, in the order `--help` lists them.
  static var table: OptionTable<ReportOptions> {
    OptionTable<ReportOptions>(
      command: "report",
      sections: [
        (
          "Reports (invoicegen report: report JSON or any CSV, as one document):",
          documents + csvColumns + output
        ),
        ("CI reports (JUnit XML test results and Cobertura XML coverage, merged):", testResults),
      ])
  }

  /// What is read and written: inputs, the document, config, title, locale, format and scale.
  static var documents: [OptionSpec<ReportOptions>] {
    [
      OptionSpec(
        names: ["--input", "-i"], value: "FILE|-",
        help: "report JSON, a CSV, JUnit or Cobertura XML; repeatable, globs allowed ('build/**/*.xml')"
      ) {
        $0.addInput($1)
      },
      OptionSpec(names: ["--out", "-o"], value: "FILE", help: "the document to write") { $0.out = $1 },
      SharedOptions.config(),
      OptionSpec(
        names: ["--title"], value: "TEXT", help: "the report's title (default: from the input)"
      ) { $0.title = $1 },
      SharedOptions.locale(help: "the report's language and number format (e.g. de-DE)"),
      SharedOptions.format(
        help: "pdf (default), or one PNG/SVG per page", choices: ["pdf", "png", "svg"]),
      SharedOptions.scale(),
      SharedOptions.paper(),
    ]
  }

  /// Which CSV columns are shown, totalled and repeated.
  static var csvColumns: [OptionSpec<ReportOptions>] {
    [
      OptionSpec(
        names: ["--totals"], value: "auto|none|COLUMNS",
        help:
          "which CSV columns the footer totals: measures (auto: not identifiers\nsuch as customer numbers or postcodes), none, or the columns named or numbered"
      ) { options, text in
        switch text.lowercased() {
        case "auto": options.totals = .auto
        case "none": options.totals = ReportCSVImporter.Totals.none
        default: options.totals = .columns(ReportOptions.columnList(text))
        }
      },
      OptionSpec(
        names: ["--columns"], value: "COLUMNS",
        help: "the CSV columns to show, in this order (names or 1-based positions: \"Name,Total,3\")"
      ) {
        $0.columns = ReportOptions.columnList($1)
      },
      OptionSpec(names: ["--exclude-columns"], value: "COLUMNS", help: "CSV columns to leave out") {
        $0.excludedColumns = ReportOptions.columnList($1)
      },
      OptionSpec(
        names: ["--key-columns"], value: "COLUMNS",
        help: "columns repeated in every group of a table too wide for a page"
      ) {
        $0.keyColumns = ReportOptions.columnList($1)
      },
    ]
  }

  /// How the document is written: archival, tagged, quiet.
  static var output: [OptionSpec<ReportOptions>] {
    [
      OptionSpec(names: ["--pdfa"], help: "write the report as PDF/A-3b (archival)") { options, _ in
        options.pdfa = true
      },
      SharedOptions.untagged(help: "a PDF without a structure tree (tagged by default)"),
    ] + SharedOptions.signing() + [
      SharedOptions.quiet(help: "no warnings and no summary line")
    ]
  }

  /// CI results: the inputs' kind, the run history, the Markdown summary and the exit status.
  static var testResults: [OptionSpec<ReportOptions>] {
    [
      OptionSpec(
        names: ["--input-format"], value: "junit|cobertura|json|csv",
        choices: ["junit", "cobertura", "json", "csv"],
        help: "the inputs' kind (default: from names and root elements)"
      ) {
        $0.inputFormat = ReportInputFormat(rawValue: $1.lowercased())
      },
      OptionSpec(
        names: ["--history"], value: "FILE.json",
        help: "earlier runs: read, this run added, written back; charts over them"
      ) { $0.history = $1 },
      OptionSpec(names: ["--history-keep"], value: "N", help: "runs the history keeps (default 30)") {
        (options, text) throws(CLIError) in
        guard let keep = Int(text), keep >= 1, keep <= 10_000 else {
          throw .usage("report: --history-keep must be a number from 1 to 10000, not \"\(text)\"")
        }
        options.historyKeep = keep
      },
      OptionSpec(
        names: ["--run-label"], value: "TEXT", help: "this run's name in the history (\"#1234\")"
      ) { $0.runLabel = $1 },
      OptionSpec(
        names: ["--summary"], value: "FILE.md",
        help: "counts and failures as Markdown (for $GITHUB_STEP_SUMMARY)"
      ) { $0.summary = $1 },
      OptionSpec(
        names: ["--fail-on-test-failures"],
        help: "exit 2 after writing the report when tests failed (default: 0)"
      ) { options, _ in
        options.failOnTestFailures = true
      },
    ]
  }

  /// A comma-separated list of column names or positions.
  static func columnList(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The report options in `list`, checked together.
  static func parse(_ list: [String]) throws(CLIError) -> ReportOptions {
    var options = ReportOptions()
    try table.parse(list, into: &options)
    guard !options.input.isEmpty else {
      throw .usage("report: --input is required (report JSON, any CSV, or -)")
    }
    guard !options.out.isEmpty else { throw .usage("report: --out is required (the file to write)") }
    guard !options.format.isEInvoiceXML else { throw .usage("report: --format must be pdf, png or svg") }
    return options
  }
}
