import DataModel
import EInvoicing
import Foundation

/// The options of `invoicegen --input … --out …`.
public struct BatchOptions: DocumentOptions, Sendable {
  public var input = ""
  /// Every `--input` (files or glob patterns), in order: several only for received e-invoices.
  public var inputs: [String] = []
  public var out = ""
  public var inputFormat: InputKind?
  /// `--input-format cii|ubl|fatturapa|ksef|pdf`: the inputs are received e-invoices of this kind.
  public var receivedFormat: ReceivedFormat?
  /// Whether the inputs are received e-invoices (set once they are detected): they bring their own seller.
  var readsReceivedInvoices = false
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
  public var paper: String?
  public var sign: String?
  public var signPasswordFile: String?
  public var signTSA: String?
  public var passwordFile: String?
  public var ownerPasswordFile: String?
}

extension BatchOptions {
  public mutating func addInput(_ path: String) {
    if input.isEmpty { input = path }
    inputs.append(path)
  }
}

extension BatchOptions {
  /// Every option of the batch command, in the order `--help` lists them.
  static var table: OptionTable<BatchOptions> {
    OptionTable<BatchOptions>(
      command: nil,
      sections: [("Invoices (one file per invoice in DIR):", inputs + outputs + running + documents + checks)]
    )
  }

  /// What is read: the input, the output folder, the config and the layout.
  static var inputs: [OptionSpec<BatchOptions>] {
    [
      OptionSpec(
        names: ["--input", "-i"], value: "FILE|-",
        help:
          "orders CSV (one row per line item), invoice JSON, or received e-invoices (CII or UBL XML, Factur-X PDF; repeatable, globs allowed: 'inbox/*.xml'); - reads standard input"
      ) {
        $0.addInput($1)
      },
      OptionSpec(
        names: ["--out", "-o"], value: "DIR",
        help:
          "output folder, created if missing; files named by the config's output.fileName ({number}.pdf)"
      ) { $0.out = $1 },
      OptionSpec(
        names: ["--input-format"], value: "csv|json|cii|ubl|fatturapa|ksef|pdf",
        choices: ["csv", "json", "cii", "ubl", "fatturapa", "ksef", "pdf"],
        help: "the input kind (default: from the extension, and an XML file's root element)"
      ) {
        $0.inputFormat = InputKind(rawValue: $1.lowercased())
        $0.receivedFormat = ReceivedFormat(rawValue: $1.lowercased())
      },
      SharedOptions.config(),
      OptionSpec(
        names: ["--layout"], value: "NAME",
        help: "invoice layout (default: invoice; see `invoicegen layouts`)"
      ) { $0.layout = $1 },
    ]
  }

  /// What is written: the format, its scale, the locale and tagging.
  static var outputs: [OptionSpec<BatchOptions>] {
    [
      SharedOptions.format(
        help:
          "pdf (default), or one PNG/SVG per page: NAME-1.png, NAME-2.png…;\ncii or ubl: one e-invoice (NUMBER.xml) per invoice instead of a PDF;\nfatturapa: one FatturaPA per invoice, named IT{partita IVA}_{progressivo}.xml;\nksef: one Polish FA(3) invoice for KSeF (NUMBER.xml) per invoice",
        choices: OutputFormat.allCases.map(\.rawValue)),
      SharedOptions.scale(),
      SharedOptions.paper(),
      SharedOptions.locale(help: "locale of invoices whose data names none (e.g. de-DE)"),
      SharedOptions.untagged(
        help:
          "PDFs without a structure tree (tagged for screen readers by default;\nconfig \"tagged\": false does the same)"
      ),
    ] + SharedOptions.signing()
  }

  /// How the run is spread: worker threads, shards and chosen invoices.
  static var running: [OptionSpec<BatchOptions>] {
    [
      OptionSpec(
        names: ["--jobs", "-j"], value: "N", help: "worker threads (default: the number of cores)"
      ) { (options, text) throws(CLIError) in
        guard let jobs = Int(text), jobs >= 1, jobs <= 256 else {
          throw .usage("--jobs must be a number from 1 to 256, not \"\(text)\"")
        }
        options.jobs = jobs
      },
      OptionSpec(
        names: ["--shard"], value: "K/N",
        help: "render only invoices whose FNV-1a hash of the number mod N is K-1"
      ) { (options, text) throws(CLIError) in
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n
        else {
          throw .usage("--shard must be K/N with 1 ≤ K ≤ N, such as 2/8, not \"\(text)\"")
        }
        options.shard = (k, n)
      },
      OptionSpec(
        names: ["--shards"], value: "N",
        help:
          "the same, with K from JOB_COMPLETION_INDEX + 1 (Kubernetes Indexed Jobs)\nor from SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN + 1 (Slurm arrays)"
      ) { (options, text) throws(CLIError) in
        guard let n = Int(text), n >= 1 else {
          throw .usage("--shards must be a positive number, not \"\(text)\"")
        }
        options.shards = n
      },
      OptionSpec(
        names: ["--only"], value: "NUMBER",
        help: "render only this invoice (repeatable); the others' problems are not reported"
      ) { $0.only.append($1) },
    ]
  }

  /// What the documents are: refunds as credit notes, e-invoices and their profile.
  static var documents: [OptionSpec<BatchOptions>] {
    [
      OptionSpec(
        names: ["--refunds"], value: "skip|credit-note", choices: ["skip", "credit-note"],
        help:
          "refunded orders (a status column): skipped and counted (default),\nor written as credit notes numbered NUMBER-CN; a partly refunded\norder (refunded_amount) gets one for the refunded part"
      ) {
        $0.refunds = RefundPolicy(rawValue: $1.lowercased())
      },
      OptionSpec(
        names: ["--einvoice"], value: "facturx|none", choices: ["facturx", "none"],
        help: "every PDF a Factur-X e-invoice: PDF/A-3b with factur-x.xml (EN 16931)"
      ) {
        $0.einvoice = EInvoiceKind(rawValue: $1.lowercased())
      },
      OptionSpec(
        names: ["--einvoice-profile"], value: "en16931|xrechnung|peppol",
        choices: ["en16931", "xrechnung", "peppol"],
        help: "the e-invoice specification (default en16931; peppol with --format ubl)"
      ) {
        $0.einvoiceProfile = EInvoiceProfile(rawValue: $1.lowercased())
      },
    ]
  }

  /// How strict, durable and talkative the run is.
  static var checks: [OptionSpec<BatchOptions>] {
    [
      OptionSpec(names: ["--check"], help: "validate everything, write nothing") { options, _ in
        options.check = true
      },
      OptionSpec(
        names: ["--strict"],
        help:
          "any invalid invoice stops the run before anything is written; characters no installed\nfont can show and a missing or unreadable logo are errors, not warnings"
      ) { options, _ in options.strict = true },
      OptionSpec(
        names: ["--skip-unchanged"],
        help:
          "skip invoices whose output was made from the same input, layout, config, version\nand output settings (format, scale, Factur-X, tagging; a hash in .NAME.invoicegen-hash)"
      ) { options, _ in options.skipUnchanged = true },
      OptionSpec(names: ["--durable"], help: "fsync each file and the folder (power-loss safety)") {
        options, _ in options.durable = true
      },
      OptionSpec(
        names: ["--progress"], value: "auto|always|never", choices: ["auto", "always", "never"],
        help: "progress bar on a terminal (auto: only on a terminal)"
      ) {
        $0.progress = ProgressMode(rawValue: $1.lowercased()) ?? .auto
      },
      SharedOptions.quiet(help: "no warnings and no summary line"),
      OptionSpec(
        names: ["--summary"], value: "FILE.json",
        help:
          "write the run's summary as JSON: counts, one failure entry per invoice with its messages,\noutputs and timings (parse, name, render)"
      ) { $0.summary = $1 },
    ]
  }

  /// The batch options in `list`; what they mean together is settled by `RunPlan.resolve`.
  static func parse(_ list: [String]) throws(CLIError) -> BatchOptions {
    var options = BatchOptions()
    try table.parse(list, into: &options)
    guard !options.input.isEmpty else {
      throw .usage("--input is required (a file, or - for standard input)")
    }
    guard !options.out.isEmpty || options.check else {
      throw .usage("--out is required (the folder to write into)")
    }
    return options
  }
}
