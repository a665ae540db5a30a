import DataModel
import Foundation
import Layouts

/// The `invoicegen` command: parses arguments, reads the config, and runs a batch or a report.
public enum InvoiceGenCLI {
  public static let version = "0.1.0"

  /// Runs the command with `arguments` (without the program name) and returns the exit code.
  ///
  /// The one place where outcomes and errors become exit codes and final messages.
  ///
  /// With `exitsWhenDone` (the `invoicegen` executable) a batch ends the process as soon as it is
  /// done, before freeing what it read: a million line items are not released one by one for nothing.
  public static func main(_ arguments: [String], exitsWhenDone: Bool = false) -> Int32 {
    // Past a file-size limit (ulimit -f) a write fails with EFBIG, reported per file like a full
    // disk, instead of the signal ending the whole run.
    signal(SIGXFSZ, SIG_IGN)
    do {
      return try run(try Arguments.parse(arguments), exitsWhenDone: exitsWhenDone).exitCode
    } catch {
      Console.error(error.description)
      if case .usage = error { Console.write("\(usage)\nRun invoicegen --help for more.") }
      return error.exitCode
    }
  }

  private static func run(_ command: Command, exitsWhenDone: Bool) throws(CLIError) -> Outcome {
    switch command {
    case .help:
      print(help)
    case .version:
      print("invoicegen \(version)")
    case .layouts:
      for layout in LayoutRegistry.descriptions { print("\(layout.name)\t\(layout.summary)") }
    case .batch(let options):
      let config = try loadConfig(options.config)
      guard let layout = LayoutRegistry.invoiceLayouts[options.layout] else {
        throw .usage(
          "no layout named \"\(options.layout)\"; available: \(LayoutRegistry.invoiceLayouts.keys.sorted().joined(separator: ", "))"
        )
      }
      if options.input != "-", !FileManager.default.isReadableFile(atPath: options.input) {
        Console.error("\(options.input): cannot read the input file")
        throw .input
      }
      try DocumentOutput.checkFonts(config.invoiceSettings.brand, configFile: options.config)
      let batch = BatchRun(options: options, config: config, layout: layout)
      let outcome = try batch.run()
      if exitsWhenDone { exit(outcome.exitCode) }
      return outcome
    case .report(let options):
      return try ReportCommand.run(options, config: try loadConfig(options.config))
    }
    return Outcome()
  }

  /// The config from `path`, or ./invoicegen.json when that exists, or the defaults; its problems are printed and thrown.
  static func loadConfig(_ path: String?) throws(CLIError) -> Config {
    var config: Config
    let chosen = path ?? (FileManager.default.fileExists(atPath: "invoicegen.json") ? "invoicegen.json" : nil)
    if let chosen {
      switch Config.load(path: chosen) {
      case .success(let loaded):
        config = loaded
        for warning in config.warnings { Console.show(warning) }
      case .failure(let errors):
        for error in errors.diagnostics { Console.show(error) }
        throw .config(file: chosen)
      }
    } else {
      config = Config()
    }
    if config.invoiceSettings.creator == "invoicegen" {
      config.invoiceSettings.creator = "invoicegen \(version)"
    }
    return config
  }

  static let usage = """
    usage: invoicegen --input FILE|- --out DIR [options]
           invoicegen report --input FILE.json|FILE.csv|- --out FILE [options]
           invoicegen layouts | --version | --help
    """

  static let help = """
    invoicegen \(version): business data to print-quality PDF, PNG and SVG documents, in batch.

    \(usage)

    Invoices (one file per invoice in DIR):
      --input FILE|-            orders CSV (one row per line item) or invoice JSON; - reads standard input
      --out DIR                 output folder, created if missing
      --input-format csv|json   the input kind (default: from the extension)
      --config FILE             settings (default: ./invoicegen.json when it exists)
      --layout NAME             invoice layout (default: invoice; see `invoicegen layouts`)
      --format pdf|png|svg      pdf (default), or one PNG/SVG per page: NAME-1.png, NAME-2.png…
      --scale X                 pixels per point for PNG (default 2)
      --locale ID               locale of invoices whose data names none (e.g. de-DE)
      --untagged                PDFs without a structure tree (tagged for screen readers by default;
                                config "tagged": false does the same)
      --jobs N                  worker threads (default: the number of cores)
      --shard K/N               render only invoices whose FNV-1a hash of the number mod N is K-1
      --shards N                the same, with K from JOB_COMPLETION_INDEX + 1 (Kubernetes Indexed Jobs)
                                or from SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN + 1 (Slurm arrays)
      --only NUMBER             render only this invoice (repeatable)
      --refunds skip|credit-note  refunded orders (a status column): skipped and counted (default),
                                or written as credit notes numbered NUMBER-CN
      --einvoice facturx|none   every PDF a Factur-X e-invoice: PDF/A-3b with factur-x.xml (EN 16931)
      --format cii              one UN/CEFACT CII e-invoice (NUMBER.xml) per invoice instead of a PDF
      --einvoice-profile en16931|xrechnung  the e-invoice specification (default en16931)
      --check                   validate everything, write nothing
      --strict                  any invalid invoice stops the run before anything is written;
                                characters no installed font can show are errors, not warnings
      --skip-unchanged          skip invoices whose output was made from the same input, layout, config, version
                                and output settings (format, scale, Factur-X, tagging)
      --durable                 fsync each file and the folder (power-loss safety)
      --progress auto|always|never  progress bar on a terminal (auto: only on a terminal)
      --quiet                   no warnings and no summary line
      --summary FILE.json       write the run's summary (counts, failures, outputs, timings) as JSON

    Reports:
      invoicegen report --input results.json --out report.pdf [--config FILE] [--title T] [--locale ID]
                        [--format pdf|png|svg]
      Report JSON (sections of paragraphs, metrics, tables, charts) or any CSV (a paginated table).
      --totals auto|none|COLUMNS  which CSV columns the footer totals: measures (auto: not identifiers
                        such as customer numbers or postcodes), none, or the columns named or numbered
      --columns "Name,Total,3"    the CSV columns to show, in this order (names or 1-based positions)
      --exclude-columns COLUMNS   CSV columns to leave out
      --key-columns COLUMNS       columns repeated in every group of a table too wide for a page
      --pdfa                      write the report as PDF/A-3b (archival)
      --untagged                  a PDF without a structure tree (tagged by default)

    CI reports:
      invoicegen report --input 'build/**/*.xml' [--input coverage.xml] --out ci-report.pdf
      JUnit XML test results and Cobertura XML coverage, merged (--input repeats, globs allowed).
      --input-format junit|cobertura|json|csv   the inputs' kind (default: from names and root elements)
      --history FILE.json       earlier runs: read, this run added, written back; charts over them
      --history-keep N          runs the history keeps (default 30)
      --run-label TEXT          this run's name in the history ("#1234")
      --summary FILE.md         counts and failures as Markdown (for $GITHUB_STEP_SUMMARY)
      --fail-on-test-failures   exit 2 after writing the report when tests failed (default: 0)

    Exit codes:
      0  everything written (or skipped as unchanged)
      1  usage or config error, or unreadable input: nothing written
      2  at least one invoice invalid or failed (the others are written; with --strict or --check nothing is)
      3  output could not be written (unwritable folder, disk full); wins over 2

    Examples:
      invoicegen --input orders.csv --out invoices/
      invoicegen --input orders.csv --out invoices/ --check
      invoicegen --input invoices.json --out png/ --format png --scale 2
      invoicegen --input orders.csv --out invoices/ --shard 2/4 --jobs 2
      invoicegen report --input SampleData/report.json --out out/report.pdf

    Formats and config: see README.md and docs/formats.md.
    """
}
