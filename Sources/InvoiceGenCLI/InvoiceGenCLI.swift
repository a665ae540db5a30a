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
  /// With `keepsWhatItRead` (the `invoicegen` executable, which exits right after) a batch's input is
  /// never freed: a million line items are not released one by one for nothing.
  ///
  /// `layouts` are the invoice layouts the program adds to the built-in ones (`--layout NAME`).
  public static func main(
    _ arguments: [String], keepsWhatItRead: Bool = false, layouts: [LayoutRegistry.NamedLayout] = []
  ) -> Int32 {
    // Past a file-size limit (ulimit -f) a write fails with EFBIG, reported per file like a full
    // disk, instead of the signal ending the whole run.
    signal(SIGXFSZ, SIG_IGN)
    do {
      let command = try Arguments.parse(arguments)
      // diff has the exit codes of diff(1): 0 same, 1 changed, 2 trouble.
      if case .diff(let options) = command { return DiffCommand.run(options) }
      return try run(command, keepsWhatItRead: keepsWhatItRead, layouts: LayoutRegistry(added: layouts))
        .exitCode
    } catch {
      if arguments.first == "diff" {
        Console.error(error.description)
        return DiffCommand.Status.trouble
      }
      Console.error(error.description)
      if case .usage = error { Console.write("\(usage)\nRun invoicegen --help for more.") }
      return error.exitCode
    }
  }

  private static func run(_ command: Command, keepsWhatItRead: Bool, layouts: LayoutRegistry) throws(CLIError)
    -> Outcome
  {
    switch command {
    case .help(let subcommand):
      print(subcommand.flatMap { CommandLineReference.help(for: $0) } ?? help)
    case .version:
      print("invoicegen \(version)")
    case .layouts:
      for layout in layouts.descriptions { print("\(layout.name)\t\(layout.summary)") }
    case .completions(let shell):
      guard let script = CommandLineReference.completions(shell: shell) else {
        throw .usage("completions: the shell must be bash, zsh or fish, not \"\(shell)\"")
      }
      print(script, terminator: "")
    case .manPage:
      print(CommandLineReference.manPage(version: version), terminator: "")
    case .optionsMarkdown:
      print(CommandLineReference.markdown)
    case .batch(let options):
      if let received = try receivedRun(options, layouts: layouts) { return try received.run() }
      let plan = try RunPlan.resolve(
        options, config: try loadConfig(options.config).overriding(paper: options.paper),
        environment: ProcessInfo.processInfo.environment, layouts: layouts)
      let batch = BatchRun(plan: plan)
      let outcome = try batch.run()
      // The executable exits right after: what the run read is left to the process's end rather
      // than freed item by item (a million line items take seconds to release).
      if keepsWhatItRead { _ = Unmanaged.passRetained(batch) }
      return outcome
    case .preview(let options):
      return try PreviewCommand.run(options)
    case .newLayout(let options):
      return try NewLayoutCommand.run(options)
    case .diff(let options):
      return Outcome(failed: DiffCommand.run(options) != 0)
    case .report(let options):
      return try ReportCommand.run(
        options, config: try loadConfig(options.config).overriding(paper: options.paper))
    }
    return Outcome()
  }

  /// The run of received e-invoices `options` asks for (`--input-format cii|ubl|pdf`, or inputs that
  /// are e-invoice XML or PDFs), or nil for an orders CSV or invoice JSON.
  private static func receivedRun(_ options: BatchOptions, layouts: LayoutRegistry) throws(CLIError)
    -> ReceivedRun?
  {
    var files: [String] = []
    for input in options.inputs {
      let matched = InputPattern.expand(input)
      if matched.isEmpty { throw .usage("--input \(input): no file matches") }
      files += matched
    }
    let several = files.count > 1
    let isReceived =
      options.receivedFormat != nil
      || (!files.isEmpty && options.inputFormat == nil && ReceivedFormat.detect(path: files[0]) != nil)
    guard isReceived else {
      if several {
        throw .usage(
          "--input: several inputs are read only as received e-invoices (CII or UBL XML, Factur-X PDFs); \(files[0]) is an orders CSV or invoice JSON"
        )
      }
      return nil
    }
    if options.format == .fatturapa {
      throw .usage(
        "--format fatturapa cannot be used with received e-invoices: they are rendered as pdf, png or svg, or converted to cii, ubl or ksef"
      )
    }
    var first = options
    first.input = files.first ?? options.input
    first.readsReceivedInvoices = true
    let plan = try RunPlan.resolve(
      first, config: try loadConfig(options.config).overriding(paper: options.paper),
      environment: ProcessInfo.processInfo.environment, layouts: layouts)
    return ReceivedRun(plan: plan, files: files, forced: options.receivedFormat, locale: options.locale)
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

  static var usage: String { CommandLineReference.usage }

  static var help: String { CommandLineReference.help(version: version) }
}
