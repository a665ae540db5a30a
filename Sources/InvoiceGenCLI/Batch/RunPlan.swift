import DataModel
import EInvoicing
import Foundation
import Layouts
import PageRendering

/// Everything a batch run does, settled once: command line, config and environment applied in one place.
///
/// `resolve` is the only place where an option overrides the config (`--locale`, `--refunds`,
/// `--einvoice`, `--untagged`), where the environment is read (the shard variables of Kubernetes and
/// Slurm, `SOURCE_DATE_EPOCH`), and where a conflict or an unknown name becomes a `CLIError`. Every
/// stage of the run reads the plan and nothing else.
struct RunPlan: Sendable {
  /// The input file, or `-` for standard input; `inputName` is how messages name it.
  let input: String
  let inputName: String
  let inputKind: InputKind
  let out: String
  let layoutName: String
  let layout: LayoutRegistry.InvoiceLayoutFunction
  let format: OutputFormat
  let scale: Double
  let jobs: Int
  /// This process's part of the invoices (1-based index and count), from `--shard` or `--shards` and the scheduler.
  let shard: InvoiceShard?
  let only: [String]
  let check: Bool
  let strict: Bool
  let skipUnchanged: Bool
  let durable: Bool
  let quiet: Bool
  let progress: ProgressMode
  let summaryPath: String?
  /// The config file as messages name it ("invoicegen.json", or "the config" when there is none).
  let configName: String
  /// Seller, bank, terms, brand; the default locale already `--locale`'s when given.
  let settings: InvoiceSettings
  /// How rows and JSON become invoices; default locale and refunds already the options' when given.
  let importOptions: ImportOptions
  let fileNamePattern: String
  /// Whether every PDF is a Factur-X hybrid (`--einvoice` wins over the config).
  let facturX: Bool
  /// Whether PDFs are tagged (`--untagged` or the config's `"tagged": false` turn it off).
  let tagged: Bool
  /// The seal every PDF is signed with (`--sign`, else the config's `sign`), opened and checked once.
  let seal: Seal?
  /// The password every PDF is protected with (`--password-file`, else the config's `password`).
  let encryption: PDFEncryption?
  /// The e-invoice specification: `--einvoice-profile`, else Peppol for UBL and EN 16931 otherwise.
  let einvoiceProfile: EInvoiceProfile
  /// The creation date of every PDF: `SOURCE_DATE_EPOCH` when set, else the time each is written.
  let creationDate: Date?
  /// Everything besides the invoice that changes an output's bytes (`--skip-unchanged` hashes it).
  let fingerprint: String

  /// The plan of `options` with `config` (already read) in `environment`; throws what makes the run impossible.
  static func resolve(
    _ options: BatchOptions, config: Config, environment: [String: String],
    layouts: LayoutRegistry = LayoutRegistry()
  ) throws(CLIError) -> RunPlan {
    guard let layout = layouts.invoiceLayout(named: options.layout) else {
      throw .usage(
        "no layout named \"\(options.layout)\"; available: \(layouts.invoiceLayoutNames.joined(separator: ", "))"
      )
    }
    if options.input != "-", !FileManager.default.isReadableFile(atPath: options.input) {
      Console.error("\(options.input): cannot read the input file")
      throw .input
    }
    try DocumentOutput.checkFonts(config.invoiceSettings.brand, configFile: options.config)
    // An e-invoice in XML has no logo and takes its seller from the config: the check is the same.
    let config = try ConfigCheck(
      config: config, strict: options.strict, quiet: options.quiet,
      needsSeller: !options.readsReceivedInvoices
    ).run()
    if options.einvoice == .facturx, options.format != .pdf {
      throw .usage(
        "--einvoice facturx makes PDFs; it cannot be combined with --format \(options.format.rawValue)")
    }
    var settings = config.invoiceSettings
    var importOptions = config.importOptions
    if let locale = options.locale {
      settings.issuer.defaultLocale = locale
      importOptions.defaultLocale = locale
    }
    if let refunds = options.refunds { importOptions.refunds = refunds }
    let shard = try shard(options, environment: environment)
    importOptions.shard = shard
    // A layout of one's own sees every input column, printed or not; the built-in ones read only theirs.
    importOptions.keepsEveryColumn = LayoutRegistry.invoiceLayouts[options.layout] == nil
    let facturX = options.format == .pdf && (options.einvoice ?? config.einvoice ?? .none) == .facturx
    let tagged = !options.untagged && config.tagged
    let seal = try openSeal(options, config: config, environment: environment)
    let encryption = try encryption(options, config: config, archival: facturX)
    let fingerprint =
      "\(InvoiceGenCLI.version)|\(options.layout)|\(options.format)|\(options.scale)|facturx=\(facturX)"
      + "|tagged=\(tagged)|sealed=\(seal?.subject ?? "")|encrypted=\(encryption != nil)"
      + "|restricted=\(encryption?.ownerPassword != nil)|\(config.fingerprint)"
    return RunPlan(
      input: options.input, inputName: options.input == "-" ? "<stdin>" : options.input,
      inputKind: options.inputFormat ?? InputKind.detect(path: options.input), out: options.out,
      layoutName: options.layout, layout: layout, format: options.format, scale: options.scale,
      jobs: options.jobs, shard: shard, only: options.only,
      check: options.check, strict: options.strict, skipUnchanged: options.skipUnchanged,
      durable: options.durable, quiet: options.quiet, progress: options.progress,
      summaryPath: options.summary,
      configName: options.config ?? "the config", settings: settings, importOptions: importOptions,
      fileNamePattern: config.fileNamePattern, facturX: facturX, tagged: tagged, seal: seal,
      encryption: encryption,
      einvoiceProfile: options.einvoiceProfile ?? (options.format == .ubl ? .peppol : .en16931),
      creationDate: sourceDate(environment), fingerprint: fingerprint)
  }

  /// The seal of `--sign` or the config's `sign`, for PDFs; `--sign` with another format is a usage error.
  static func openSeal(_ options: some DocumentOptions, config: Config, environment: [String: String])
    throws(CLIError) -> Seal?
  {
    guard
      let settings = try SealSettings.resolve(
        sign: options.sign, passwordFile: options.signPasswordFile, timestampURL: options.signTSA,
        config: config.sign)
    else { return nil }
    guard options.format == .pdf else {
      // The config's seal is for the PDFs of a nightly run: an XML or image run leaves it be.
      if options.sign == nil, options.signTSA == nil { return nil }
      throw .usage("--sign seals PDFs; it cannot be combined with --format \(options.format.rawValue)")
    }
    return try settings.open(environment: environment, at: Date())
  }

  /// The password protection of `--password-file` or the config's `password`, for PDFs; refused
  /// for archival PDFs (PDF/A forbids encryption), and `--password-file` with another format.
  static func encryption(_ options: some DocumentOptions, config: Config, archival: Bool) throws(CLIError)
    -> PDFEncryption?
  {
    guard
      let settings = try PasswordSettings.resolve(
        file: options.passwordFile, ownerFile: options.ownerPasswordFile, config: config.password)
    else { return nil }
    guard options.format == .pdf else {
      if options.passwordFile == nil { return nil }
      throw .usage(
        "--password-file protects PDFs; it cannot be combined with --format \(options.format.rawValue)")
    }
    if archival {
      throw .usage(
        "a password cannot protect a PDF/A document (Factur-X, --pdfa): PDF/A forbids encryption; leave out --password-file or the config's password"
      )
    }
    return try settings.encryption()
  }

  /// `--shard K/N`, or `--shards N` with K from the scheduler's variables.
  private static func shard(_ options: BatchOptions, environment: [String: String]) throws(CLIError)
    -> InvoiceShard?
  {
    if options.shard != nil, options.shards != nil {
      throw .usage("use either --shard K/N or --shards N, not both")
    }
    guard let count = options.shards else {
      return options.shard.map { InvoiceShard(index: $0.index, count: $0.count) }
    }
    guard let index = shardIndex(environment), index >= 0, index < count else {
      throw .usage(
        "--shards \(count) needs JOB_COMPLETION_INDEX set to 0…\(count - 1) (a Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID set to \(count) consecutive values (a Slurm array)"
      )
    }
    return InvoiceShard(index: index + 1, count: count)
  }

  /// This process's 0-based shard from the scheduler: a Kubernetes Indexed Job's completion index, or a
  /// Slurm array task's id counted from the array's first id (`--array=1-8` and `--array=0-7` both work).
  static func shardIndex(_ environment: [String: String]) -> Int? {
    if let text = environment["JOB_COMPLETION_INDEX"] { return Int(text) }
    guard let task = environment["SLURM_ARRAY_TASK_ID"].flatMap({ Int($0) }) else { return nil }
    return task - (environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0)
  }

  /// `SOURCE_DATE_EPOCH` as a date, when set to a number of seconds.
  static func sourceDate(_ environment: [String: String]) -> Date? {
    environment["SOURCE_DATE_EPOCH"].flatMap { TimeInterval($0) }.map { Date(timeIntervalSince1970: $0) }
  }
}
