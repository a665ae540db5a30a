import DataModel
import EInvoicing
import Foundation
import Layouts
import PageKit
import PageRendering

/// One `invoicegen --input … --out …` run, as stages that hand values on: read → validate (select,
/// name, e-invoice) → (check) → render → summarize.
///
/// Each stage is a type of its own (`InvoiceValidation` with `InvoiceSelection`, `OutputNaming` and
/// `EInvoicePreparation`; `JobSource` and `InvoiceRendering`) that reads the `RunPlan` and what the
/// stage before handed it. Invoices pass one at a time: an orders CSV is read as an `OrdersIndex`,
/// each invoice is read, checked and dropped by the validation pass, and read again when the render
/// stage takes it, so memory follows the largest invoice and the index, not the input. Only the
/// render stage runs on several threads, and its shared state sits behind `Mutex`es.
final class BatchRun {
  let plan: RunPlan
  /// The render stage's jobs (and the input they are read from), kept as long as the run: a command
  /// that exits right after `run` skips freeing them.
  private var source: JobSource?

  init(plan: RunPlan) {
    self.plan = plan
  }

  /// Runs; throws what stops the whole run, and returns how it ended otherwise.
  func run() throws(CLIError) -> Outcome {
    let start = Date()
    let input = try read()
    let selection = InvoiceSelection(plan: plan)
    let validated = InvoiceValidation(plan: plan).validate(input, selection: selection)
    var summary = selection.select(validated.read, validNumbers: validated.validNumbers)
    summary.phases.append(("parse", Date().timeIntervalSince(start)))
    // The naming and e-invoice failures found on the way, shown after the reading's problems.
    let naming = Date()
    for failure in validated.namingFailures { failure.report(into: &summary) }
    summary.phases.append(("name", Date().timeIntervalSince(naming)))
    var preparation = EInvoicePreparation(plan: plan)
    for failure in validated.einvoiceFailures { preparation.report(failure, into: &summary) }
    for line in preparation.repeated.closingLines { Console.write(line) }
    validated.legal.report(into: &summary)
    var tickets = validated.tickets
    if let stopped = stopBeforeWriting(jobs: validated.selected, &summary, start: start) { return stopped }
    try prepareFolder(jobs: tickets.count, &summary, start: start)
    let refused = try recordVerifactu(validated.verifactu, &summary)
    if !refused.isEmpty { tickets.removeAll { refused.contains($0.number) } }
    if plan.format == .fatturapa { try nameForTheSdI(&tickets, &summary) }
    let rendering = Date()
    let source = JobSource(tickets: tickets, input: input, plan: plan)
    self.source = source
    summary = InvoiceRendering(plan: plan, summary: summary).run(source)
    summary.phases.append(("render", Date().timeIntervalSince(rendering)))
    summary.seconds = Date().timeIntervalSince(start)
    if !plan.quiet { print(summary.line) }
    let summaryWritten = writeSummaryFile(&summary, start: start)
    return Outcome(
      failed: !summary.invalid.isEmpty || summary.rejectedRows > 0 || summary.renderFailures > 0
        || !summary.failures.isEmpty,
      outputFailed: summary.writeFailures > 0 || !summaryWritten)
  }

  /// The read stage: an orders CSV's index, or invoice JSON read whole; an unusable input stops the run.
  private func read() throws(CLIError) -> sending any InvoiceInput {
    let input: any InvoiceInput
    let unusable: InvoiceImport?
    if plan.inputKind == .json {
      let imported = InvoiceJSONImporter(options: plan.importOptions).importFile(
        plan.input, name: plan.inputName)
      input = LoadedInvoices(imported)
      unusable = imported.isUnusable ? imported : nil
    } else {
      let index = OrdersCSVImporter(options: plan.importOptions).index(
        plan.input, name: plan.inputName, spoolFolder: spoolFolder, threads: plan.jobs)
      input = index
      // Every problem of an unusable file, as a whole-file read shows them.
      unusable = index.isUnusable ? index.readAll() : nil
    }
    if let unusable {
      for diagnostic in unusable.diagnostics where diagnostic.severity == .error || !plan.quiet {
        Console.show(diagnostic)
      }
      throw .input
    }
    return input
  }

  /// Where an input that cannot be read twice is spooled: the output folder when it exists and is
  /// writable (the same disk as the documents), else the temporary folder.
  private var spoolFolder: String? {
    access(plan.out, W_OK) == 0 ? plan.out : nil
  }

  /// With `--check`, or `--strict` and an invalid invoice, the run ends here: the outcome, or nil to go on writing.
  private func stopBeforeWriting(jobs: Int, _ summary: inout RunSummary, start: Date) -> Outcome? {
    let invalidCount = summary.distinctInvalid.count + summary.rejectedRows
    if !summary.skippedOrders.isEmpty, !plan.quiet {
      Console.write("note: \(summary.skippedOrdersLine)")
    }
    var outcome = Outcome(failed: invalidCount > 0 || !summary.failures.isEmpty)
    if plan.check {
      let line =
        "\(Plural.count(jobs, "invoice")) valid, \(invalidCount) invalid (checked, nothing written)"
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

  /// Appends the VERI*FACTU records of the invoices about to be written to the chain beside them,
  /// synced before any document is written: an invoice a customer may get is always recorded.
  /// Returns the invoices recorded before with other amounts: they fail, and their documents stay.
  private func recordVerifactu(_ records: [VerifactuRecord], _ summary: inout RunSummary) throws(CLIError)
    -> Set<String>
  {
    guard !records.isEmpty else { return [] }
    let chain = VerifactuChain(folder: plan.out)
    let (added, refused) = try chain.append(records, at: plan.creationDate ?? Date())
    for (number, reason) in refused {
      Console.error("invoice \(Diagnostic.quote(number)): \(reason)")
      summary.fail(number, line: nil, reason)
      summary.invalid.append(number)
    }
    if added > 0 {
      summary.outputs.append(chain.path)
      if !plan.quiet {
        Console.write("note: \(Plural.count(added, "VERI*FACTU record")) added to \(chain.path)")
      }
    }
    return Set(refused.map(\.number))
  }

  /// Names each FatturaPA file as the SdI asks, with its invoice's progressive number (kept beside them).
  private func nameForTheSdI(_ tickets: inout [InvoiceValidation.Ticket], _ summary: inout RunSummary)
    throws(CLIError)
  {
    guard !tickets.isEmpty else { return }
    let numbering = FatturaPANumbering(folder: plan.out)
    let progressivi = try numbering.progressivi(for: tickets.map(\.number))
    let vatId = plan.settings.issuer.seller?.vatId ?? ""
    for index in tickets.indices {
      tickets[index].name = FatturaPANumbering.name(vatId: vatId, progressivo: progressivi[index])
    }
    summary.outputs.append(numbering.path)
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
    return summary.write(to: path)
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
