import DataModel
import Foundation
import Testing

@testable import InvoiceGenCLI

/// The batch run's stages on their own: the plan settles options, config and environment once; the
/// selection keeps this run's invoices; the naming gives each one file.
@Suite struct RunStagesTests {
  static let orders = CommandRunner.packageRoot.appendingPathComponent("SampleData/orders.csv").path

  /// Options reading the sample orders into a scratch folder, changed by `change`.
  static func options(_ change: (inout BatchOptions) -> Void = { _ in }) -> BatchOptions {
    var options = BatchOptions()
    options.input = orders
    options.out = FileManager.default.temporaryDirectory.appendingPathComponent("run-stages").path
    change(&options)
    return options
  }

  /// Twelve invoices read from JSON, numbered `N-1`… with one item each.
  static func invoices(_ count: Int = 12) -> InvoiceImport {
    let list = (1...count).map { index in
      """
      {"invoiceNumber": "N-\(index)", "invoiceDate": "2026-04-01", "currency": "EUR",
       "customer": {"name": "Customer \(index)"},
       "items": [{"description": "Item", "quantity": 1, "unitPrice": "10.00", "taxRate": 19}]}
      """
    }
    let json = "{\"invoices\": [" + list.joined(separator: ",") + "]}"
    return InvoiceJSONImporter().importBytes(Array(json.utf8), name: "test.json")
  }

  @Test func theShardComesFromKubernetesOrSlurmAndTheOptionsNeverBoth() throws {
    let config = Config()
    let kubernetes = try RunPlan.resolve(
      Self.options { $0.shards = 3 }, config: config, environment: ["JOB_COMPLETION_INDEX": "1"])
    #expect(kubernetes.shard?.index == 2 && kubernetes.shard?.count == 3)
    // A Slurm array --array=5-8 is counted from its first task.
    let slurm = try RunPlan.resolve(
      Self.options { $0.shards = 4 }, config: config,
      environment: ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5"])
    #expect(slurm.shard?.index == 3 && slurm.shard?.count == 4)
    let given = try RunPlan.resolve(Self.options { $0.shard = (2, 5) }, config: config, environment: [:])
    #expect(given.shard?.index == 2 && given.shard?.count == 5)
    #expect(throws: CLIError.self) {
      try RunPlan.resolve(
        Self.options { $0.shards = 3 }, config: config, environment: ["JOB_COMPLETION_INDEX": "3"])
    }
    #expect(throws: CLIError.self) {
      try RunPlan.resolve(
        Self.options {
          $0.shards = 3
          $0.shard = (1, 3)
        }, config: config, environment: ["JOB_COMPLETION_INDEX": "0"])
    }
  }

  @Test func optionsOverrideTheConfigInOnePlace() throws {
    var config = Config()
    config.tagged = true
    let plan = try RunPlan.resolve(
      Self.options {
        $0.locale = "de-CH"
        $0.untagged = true
        $0.refunds = .creditNote
      }, config: config, environment: ["SOURCE_DATE_EPOCH": "1767225600"])
    #expect(plan.settings.issuer.defaultLocale == "de-CH")
    #expect(plan.importOptions.defaultLocale == "de-CH")
    #expect(plan.importOptions.refunds == .creditNote)
    #expect(!plan.tagged)
    #expect(plan.creationDate == Date(timeIntervalSince1970: 1_767_225_600))
    let plain = try RunPlan.resolve(Self.options(), config: config, environment: [:])
    #expect(plain.settings.issuer.defaultLocale == Issuer.fallbackLocale)
    #expect(plain.tagged && plain.creationDate == nil)
    #expect(plain.fingerprint != plan.fingerprint)
  }

  @Test func conflictsAndUnknownNamesAreRaisedByThePlan() {
    let config = Config()
    for (change, words) in [
      ({ (options: inout BatchOptions) in options.layout = "nope" }, "no layout named \"nope\""),
      (
        { (options: inout BatchOptions) in
          options.einvoice = .facturx
          options.format = .png
        }, "--einvoice facturx makes PDFs"
      ),
    ] as [((inout BatchOptions) -> Void, String)] {
      do {
        _ = try RunPlan.resolve(Self.options(change), config: config, environment: [:])
        Issue.record("expected \(words)")
      } catch {
        #expect(error.description.contains(words), "\(error.description)")
      }
    }
  }

  @Test func shardsPartitionTheInvoices() throws {
    let imported = Self.invoices()
    #expect(imported.invoices.count == 12)
    var seen: [String] = []
    for index in 1...4 {
      let plan = try RunPlan.resolve(
        Self.options {
          $0.shard = (index, 4)
          $0.quiet = true
        }, config: Config(), environment: [:])
      let (invoices, summary) = InvoiceSelection(plan: plan).select(imported)
      #expect(summary.invalid.isEmpty)
      seen += invoices.map(\.number)
    }
    // Every invoice in exactly one shard.
    #expect(seen.sorted() == imported.invoices.map(\.number).sorted())
  }

  @Test func onlyKeepsTheNamedInvoicesAndCountsTheMissing() throws {
    let plan = try RunPlan.resolve(
      Self.options {
        $0.only = ["N-3", "N-99"]
        $0.quiet = true
      }, config: Config(), environment: [:])
    let (invoices, summary) = InvoiceSelection(plan: plan).select(Self.invoices())
    #expect(invoices.map(\.number) == ["N-3"])
    #expect(summary.invalid == ["N-99"])
  }

  @Test func twoInvoicesNeverShareAFile() throws {
    var config = Config()
    // A pattern that names both invoices alike, in letters of different case.
    config.fileNamePattern = "{customer}.pdf"
    let plan = try RunPlan.resolve(Self.options { $0.quiet = true }, config: config, environment: [:])
    let json = """
      [{"invoiceNumber": "A", "invoiceDate": "2026-04-01", "currency": "EUR", "customer": {"name": "Acme"},
        "items": [{"description": "x", "quantity": 1, "unitPrice": 1, "taxRate": 0}]},
       {"invoiceNumber": "B", "invoiceDate": "2026-04-01", "currency": "EUR", "customer": {"name": "ACME"},
        "items": [{"description": "x", "quantity": 1, "unitPrice": 1, "taxRate": 0}]},
       {"invoiceNumber": "C", "invoiceDate": "2026-04-01", "currency": "EUR", "customer": {"name": "Other"},
        "items": [{"description": "x", "quantity": 1, "unitPrice": 1, "taxRate": 0}]}]
      """
    let imported = InvoiceJSONImporter().importBytes(Array(json.utf8), name: "test.json")
    #expect(imported.invoices.count == 3)
    var summary = RunSummary()
    var naming = OutputNaming(plan: plan)
    let jobs = naming.name(imported.invoices, summary: &summary)
    #expect(jobs.map(\.name) == ["Acme.pdf", "Other.pdf"])
    #expect(summary.invalid == ["B"])
    #expect(summary.failures.first?.messages.first?.contains("which invoice \"A\" already uses") == true)
  }
}
