import DataModel
import EInvoicing
import Foundation

/// The options both commands share: what to read, where to write, in which format and locale.
public protocol DocumentOptions {
  var input: String { get set }
  var out: String { get set }
  var config: String? { get set }
  var locale: String? { get set }
  var format: OutputFormat { get set }
  var scale: Double { get set }
  var quiet: Bool { get set }
  /// `--untagged`: PDFs without a structure tree (tagging is on by default).
  var untagged: Bool { get set }
  /// Takes one `--input` (a batch has one; a report merges several).
  mutating func addInput(_ path: String)
}

extension DocumentOptions {
  public mutating func addInput(_ path: String) { input = path }
}

/// The options of `invoicegen --input … --out …`.
public struct BatchOptions: DocumentOptions, Sendable {
  public var input = ""
  public var out = ""
  public var inputFormat: InputKind?
  public var config: String?
  public var layout = "invoice"
  public var format = OutputFormat.pdf
  public var locale: String?
  public var jobs = ProcessInfo.processInfo.activeProcessorCount
  public var shard: (index: Int, count: Int)?
  public var shards: Int?
  public var only: [String] = []
  public var check = false
  public var strict = false
  public var skipUnchanged = false
  public var durable = false
  public var scale = 2.0
  public var progress = ProgressMode.auto
  public var quiet = false
  public var summary: String?
  /// What to do with refunded orders, when given (else the config's `refunds`, else skip).
  public var refunds: RefundPolicy?
  /// The e-invoice specification of `--format cii` and `--einvoice` (default EN 16931).
  public var einvoiceProfile: EInvoiceProfile?
  /// `--einvoice facturx`: every PDF a Factur-X hybrid (PDF/A-3b with the CII inside); nil for the config's choice.
  public var einvoice: EInvoiceKind?
  public var untagged = false
}

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

  public mutating func addInput(_ path: String) {
    if input.isEmpty { input = path }
    inputs.append(path)
  }
}

/// The hybrid e-invoice every PDF becomes.
public enum EInvoiceKind: String, Sendable {
  /// Factur-X / ZUGFeRD: PDF/A-3b with `factur-x.xml` (EN 16931) attached.
  case facturx
  /// Plain PDFs (to override the config).
  case none
}

/// What `invoicegen report` reads.
public enum ReportInputFormat: String, Sendable {
  case junit, cobertura, json, csv
}

/// What the command line asks for.
public enum Command: Sendable {
  case batch(BatchOptions)
  case report(ReportOptions)
  case layouts
  case version
  case help
}

/// Parses `invoicegen`'s arguments (`--name value` or `--name=value`).
public enum Arguments {
  public static func parse(_ arguments: [String]) throws(CLIError) -> Command {
    var list = arguments
    if list.isEmpty { return .help }
    if list.contains("--help") || list.contains("-h") { return .help }
    if list.first == "--version" || list == ["version"] { return .version }
    if list.first == "layouts" { return .layouts }
    // Split --name=value into two arguments.
    list = list.flatMap { argument -> [String] in
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
      }
      return [argument]
    }
    if list.first == "report" { return .report(try parseReport(Array(list.dropFirst()))) }
    return .batch(try parseBatch(list))
  }

  private static func value(_ list: [String], _ index: inout Int) throws(CLIError) -> String {
    let name = list[index]
    index += 1
    guard index < list.count, !(list[index].hasPrefix("--") && list[index].count > 2) else {
      throw .usage("\(name) needs a value")
    }
    return list[index]
  }

  private static func locale(_ text: String) throws(CLIError) -> String {
    if let problem = LocaleTag.problem(text) {
      throw .usage("--locale \"\(text)\" is not a locale: it \(problem); use a BCP 47 tag such as de-DE")
    }
    return text
  }

  private static func format(_ text: String) throws(CLIError) -> OutputFormat {
    guard let format = OutputFormat(rawValue: text.lowercased()) else {
      throw .usage("--format must be pdf, png, svg, cii or ubl, not \"\(text)\"")
    }
    return format
  }

  private static func scale(_ text: String) throws(CLIError) -> Double {
    guard let value = Double(text), value > 0, value <= 16 else {
      throw .usage("--scale must be a number of pixels per point between 0 and 16, not \"\(text)\"")
    }
    return value
  }

  /// Reads `list[index]` (and its value) into `options` if it is an option both commands share; false otherwise.
  private static func parseShared<Options: DocumentOptions>(
    _ list: [String], _ index: inout Int, into options: inout Options
  ) throws(CLIError) -> Bool {
    switch list[index] {
    case "--input", "-i": options.addInput(try value(list, &index))
    case "--out", "-o": options.out = try value(list, &index)
    case "--config": options.config = try value(list, &index)
    case "--locale": options.locale = try locale(try value(list, &index))
    case "--format": options.format = try format(try value(list, &index))
    case "--scale": options.scale = try scale(try value(list, &index))
    case "--quiet", "-q": options.quiet = true
    case "--untagged": options.untagged = true
    default: return false
    }
    return true
  }

  /// Reads every argument of `list` into `options`: the shared options here, the others through `own`.
  private static func parse<Options: DocumentOptions>(
    _ list: [String], into options: inout Options,
    own: (String, [String], inout Int, inout Options) throws(CLIError) -> Void
  ) throws(CLIError) {
    var index = 0
    while index < list.count {
      if try !parseShared(list, &index, into: &options) {
        try own(list[index], list, &index, &options)
      }
      index += 1
    }
  }

  static func parseBatch(_ list: [String]) throws(CLIError) -> BatchOptions {
    var options = BatchOptions()
    try parse(list, into: &options) { (argument, list, index, options) throws(CLIError) in
      switch argument {
      case "--input-format":
        let format = try value(list, &index).lowercased()
        guard let kind = InputKind(rawValue: format) else {
          throw .usage("--input-format must be csv or json, not \"\(format)\"")
        }
        options.inputFormat = kind
      case "--layout": options.layout = try value(list, &index)
      case "--jobs", "-j":
        let text = try value(list, &index)
        guard let jobs = Int(text), jobs >= 1, jobs <= 256 else {
          throw .usage("--jobs must be a number from 1 to 256, not \"\(text)\"")
        }
        options.jobs = jobs
      case "--shard":
        let text = try value(list, &index)
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
          throw .usage("--shard must be K/N with 1 ≤ K ≤ N, such as 2/8, not \"\(text)\"")
        }
        options.shard = (k, n)
      case "--shards":
        let text = try value(list, &index)
        guard let n = Int(text), n >= 1 else {
          throw .usage("--shards must be a positive number, not \"\(text)\"")
        }
        options.shards = n
      case "--only": options.only.append(try value(list, &index))
      case "--check": options.check = true
      case "--strict": options.strict = true
      case "--skip-unchanged": options.skipUnchanged = true
      case "--durable": options.durable = true
      case "--progress":
        let mode = try value(list, &index)
        guard let progress = ProgressMode(rawValue: mode) else {
          throw .usage("--progress must be auto, always or never, not \"\(mode)\"")
        }
        options.progress = progress
      case "--summary": options.summary = try value(list, &index)
      case "--einvoice":
        let text = try value(list, &index)
        guard let kind = EInvoiceKind(rawValue: text.lowercased()) else {
          throw .usage("--einvoice must be facturx or none, not \"\(text)\"")
        }
        options.einvoice = kind
      case "--einvoice-profile":
        let text = try value(list, &index)
        guard let profile = EInvoiceProfile(rawValue: text.lowercased()) else {
          throw .usage("--einvoice-profile must be en16931, xrechnung or peppol, not \"\(text)\"")
        }
        options.einvoiceProfile = profile
      case "--refunds":
        let text = try value(list, &index)
        guard let policy = RefundPolicy(rawValue: text) else {
          throw .usage("--refunds must be skip or credit-note, not \"\(text)\"")
        }
        options.refunds = policy
      default:
        throw .usage(
          argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \"\(argument)\"")
      }
    }
    guard !options.input.isEmpty else {
      throw .usage("--input is required (a file, or - for standard input)")
    }
    guard !options.out.isEmpty || options.check else {
      throw .usage("--out is required (the folder to write into)")
    }
    if options.einvoice == .facturx, options.format != .pdf {
      throw .usage(
        "--einvoice facturx makes PDFs; it cannot be combined with --format \(options.format.rawValue)")
    }
    if options.shard != nil, options.shards != nil {
      throw .usage("use either --shard K/N or --shards N, not both")
    }
    if let count = options.shards {
      guard let index = shardIndex(ProcessInfo.processInfo.environment), index >= 0, index < count else {
        throw .usage(
          "--shards \(count) needs JOB_COMPLETION_INDEX set to 0…\(count - 1) (a Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID set to \(count) consecutive values (a Slurm array)"
        )
      }
      options.shard = (index + 1, count)
    }
    return options
  }

  /// This process's 0-based shard from the scheduler: a Kubernetes Indexed Job's completion index, or a
  /// Slurm array task's id counted from the array's first id (`--array=1-8` and `--array=0-7` both work).
  static func shardIndex(_ environment: [String: String]) -> Int? {
    if let text = environment["JOB_COMPLETION_INDEX"] { return Int(text) }
    guard let task = environment["SLURM_ARRAY_TASK_ID"].flatMap({ Int($0) }) else { return nil }
    return task - (environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0)
  }

  /// A comma-separated list of column names or positions.
  private static func columnList(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  static func parseReport(_ list: [String]) throws(CLIError) -> ReportOptions {
    var options = ReportOptions()
    try parse(list, into: &options) { (argument, list, index, options) throws(CLIError) in
      switch argument {
      case "--title": options.title = try value(list, &index)
      case "--input-format":
        let text = try value(list, &index)
        guard let format = ReportInputFormat(rawValue: text.lowercased()) else {
          throw .usage("report: --input-format must be junit, cobertura, json or csv, not \"\(text)\"")
        }
        options.inputFormat = format
      case "--history": options.history = try value(list, &index)
      case "--history-keep":
        let text = try value(list, &index)
        guard let keep = Int(text), keep >= 1, keep <= 10_000 else {
          throw .usage("report: --history-keep must be a number from 1 to 10000, not \"\(text)\"")
        }
        options.historyKeep = keep
      case "--run-label": options.runLabel = try value(list, &index)
      case "--fail-on-test-failures": options.failOnTestFailures = true
      case "--pdfa": options.pdfa = true
      case "--summary": options.summary = try value(list, &index)
      case "--columns": options.columns = columnList(try value(list, &index))
      case "--exclude-columns": options.excludedColumns = columnList(try value(list, &index))
      case "--key-columns": options.keyColumns = columnList(try value(list, &index))
      case "--totals":
        let text = try value(list, &index)
        switch text.lowercased() {
        case "auto": options.totals = .auto
        case "none": options.totals = ReportCSVImporter.Totals.none
        default:
          options.totals = .columns(
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
      default:
        throw .usage(
          argument.hasPrefix("-")
            ? "unknown option \(argument) for report" : "unexpected argument \"\(argument)\"")
      }
    }
    guard !options.input.isEmpty else {
      throw .usage("report: --input is required (report JSON, any CSV, or -)")
    }
    guard !options.out.isEmpty else { throw .usage("report: --out is required (the file to write)") }
    guard !options.format.isEInvoiceXML else { throw .usage("report: --format must be pdf, png or svg") }
    return options
  }
}
