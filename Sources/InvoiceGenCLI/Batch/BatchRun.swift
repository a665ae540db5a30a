import DataModel
import EInvoicing
import Foundation
import Layouts
import PageKit
import PageRendering

/// One `invoicegen --input … --out …` run, as stages that hand values on: read → select → name →
/// e-invoice → (check) → render → summarize.
///
/// Each stage is a type of its own (`InvoiceSelection`, `OutputNaming`, `EInvoicePreparation`,
/// `InvoiceRendering`) that reads the `RunPlan` and what the stage before handed it; only the
/// render stage runs on several threads, and its shared tally sits behind a `Mutex`.
final class BatchRun {
  let plan: RunPlan
  /// The invoices read, kept as long as the run: a command that exits right after `run` skips freeing them one by one.
  private var imported: InvoiceImport?

  init(plan: RunPlan) {
    self.plan = plan
  }

  /// Runs; throws what stops the whole run, and returns how it ended otherwise.
  func run() throws(CLIError) -> Outcome {
    let start = Date()
    let imported = try read()
    var (invoices, summary) = InvoiceSelection(plan: plan).select(imported)
    summary.phases.append(("parse", Date().timeIntervalSince(start)))
    let naming = Date()
    var jobs = OutputNaming(plan: plan).name(invoices, summary: &summary)
    invoices = []
    summary.phases.append(("name", Date().timeIntervalSince(naming)))
    var einvoices: [String: EInvoiceDocument] = [:]
    if plan.format.isEInvoiceXML || plan.facturX {
      (jobs, einvoices) = EInvoicePreparation(plan: plan).prepare(jobs, summary: &summary)
    }
    if let stopped = stopBeforeWriting(jobs, &summary, start: start) { return stopped }
    try prepareFolder(jobs: jobs.count, &summary, start: start)
    let rendering = Date()
    summary = InvoiceRendering(plan: plan, einvoices: einvoices, summary: summary).run(jobs)
    summary.phases.append(("render", Date().timeIntervalSince(rendering)))
    summary.seconds = Date().timeIntervalSince(start)
    if !plan.quiet { print(summary.line) }
    let summaryWritten = writeSummaryFile(&summary, start: start)
    return Outcome(
      failed: !summary.invalid.isEmpty || summary.rejectedRows > 0 || summary.renderFailures > 0
        || !summary.failures.isEmpty,
      outputFailed: summary.writeFailures > 0 || !summaryWritten)
  }

  /// The read stage: the orders CSV or invoice JSON as invoices and diagnostics; an unusable input stops the run.
  private func read() throws(CLIError) -> InvoiceImport {
    let imported =
      plan.inputKind == .json
      ? InvoiceJSONImporter(options: plan.importOptions).importFile(plan.input, name: plan.inputName)
      : OrdersCSVImporter(options: plan.importOptions).importFile(plan.input, name: plan.inputName)
    self.imported = imported
    if imported.isUnusable {
      for diagnostic in imported.diagnostics where diagnostic.severity == .error || !plan.quiet {
        Console.show(diagnostic)
      }
      throw .input
    }
    return imported
  }

  /// With `--check`, or `--strict` and an invalid invoice, the run ends here: the outcome, or nil to go on writing.
  private func stopBeforeWriting(_ jobs: [RenderJob], _ summary: inout RunSummary, start: Date) -> Outcome? {
    let invalidCount = summary.distinctInvalid.count + summary.rejectedRows
    if !summary.skippedOrders.isEmpty, !plan.quiet {
      Console.write("note: \(summary.skippedOrdersLine)")
    }
    var outcome = Outcome(failed: invalidCount > 0 || !summary.failures.isEmpty)
    if plan.check {
      let line =
        "\(Plural.count(jobs.count, "invoice")) valid, \(invalidCount) invalid (checked, nothing written)"
      if !plan.quiet { print(line) }
      outcome.outputFailed = !writeSummaryFile(&summary, start: start)
      return outcome
    }
    if plan.strict, outcome.failed {
      Console.error("--strict: \(Plural.count(invalidCount, "invalid invoice")); nothing written")
      outcome.outputFailed = !writeSummaryFile(&summary, start: start)
      return outcome
    }
    return nil
  }

  /// Creates the output folder, checks it can be written, and removes what killed runs left in it.
  private func prepareFolder(jobs: Int, _ summary: inout RunSummary, start: Date) throws(CLIError) {
    do {
      try FileManager.default.createDirectory(atPath: plan.out, withIntermediateDirectories: true)
    } catch {
      throw .output("\(plan.out): cannot create the output folder: \(error.localizedDescription)")
    }
    guard access(plan.out, W_OK) == 0 else {
      summary.writeFailures = jobs
      _ = writeSummaryFile(&summary, start: start)
      throw .output("\(plan.out): the output folder is not writable")
    }
    OutputFolder.removeLeftovers(in: plan.out)
  }

  /// Writes `--summary` if asked; false (after saying why) when it could not be written.
  private func writeSummaryFile(_ summary: inout RunSummary, start: Date) -> Bool {
    guard let path = plan.summaryPath else { return true }
    summary.seconds = Date().timeIntervalSince(start)
    do {
      try AtomicFile.write(summary.json(), to: path)
      return true
    } catch {
      let reason = if case .output(_, let reason)? = error as? RenderError { reason } else { "\(error)" }
      Console.error("\(path): cannot write the summary: \(reason)")
      return false
    }
  }
}

/// Housekeeping in the output folder.
enum OutputFolder {
  /// Removes temporary files left by a killed run (their process is gone), never those of a live run.
  ///
  /// Names that do not say their owner (written by earlier versions) are removed only when
  /// they are over a day old, so a run of an older version in the same folder is left alone.
  static func removeLeftovers(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(".") && name.hasSuffix(AtomicFile.suffix) {
      let path = folder + "/" + name
      if let owner = OutputOwner(temporaryName: name) {
        if owner.isGone { unlink(path) }
      } else if let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]
        as? Date,
        Date().timeIntervalSince(modified) > 86_400
      {
        unlink(path)
      }
    }
  }
}
