import DataModel
import EInvoicing
import Foundation
import PageRendering
import Synchronization

/// One invoice to write, the file name it was given, and its e-invoice (`--format cii|ubl`, Factur-X).
struct RenderJob: Sendable {
  var invoice: Invoice
  var name: String
  var einvoice: EInvoiceDocument? = nil
}

/// The render stage: every job drawn on the worker threads and written atomically, with what happened tallied.
///
/// The tally (a `RunSummary`) and the warnings already shown are the only shared state, each
/// behind a `Mutex`; everything else is the plan, read-only. Jobs come from a `JobSource`, one at a
/// time, so only the invoices being drawn are in memory.
final class InvoiceRendering: Sendable {
  let plan: RunPlan
  private let tally: Mutex<RunSummary>
  private let shownWarnings = Mutex<Set<String>>([])
  /// Write failures by their reason (a full disk), so each is shown for its first few invoices and
  /// then counted: 2,000 invoices on a full disk make four lines, not 2,000.
  private let writeFailures = Mutex<[String: Int]>([:])

  init(plan: RunPlan, summary: RunSummary) {
    self.plan = plan
    tally = Mutex(summary)
  }

  /// Renders and writes every job of `source`, showing progress; returns the summary with what was
  /// written and what failed.
  func run(_ source: JobSource) -> RunSummary {
    let progress = Progress(mode: plan.progress, total: source.count)
    let brand = plan.settings.brand
    let pool = WorkerPool(jobs: source.count, threads: plan.jobs) { DocumentOutput.resources(for: brand) }
    pool.run(
      { [self] index, resources in
        switch source.job(index) {
        case .success(let job): write(job, resources: resources)
        case .failure(let failure): fail(failure)
        }
      },
      tick: { progress.show(done: pool.completed) })
    progress.finish()
    for (reason, count) in writeFailures.withLock({ $0 }).sorted(by: { $0.key < $1.key })
    where count > RepeatedProblems.shown {
      Console.error(
        "\(Plural.count(count - RepeatedProblems.shown, "more invoice")) could not be written: \(reason)")
    }
    return tally.withLock { $0 }
  }

  /// Whether a write failure for `reason` is among the first few of its kind, shown in full.
  private func showsWriteFailure(_ reason: String) -> Bool {
    writeFailures.withLock { counts in
      counts[reason, default: 0] += 1
      return counts[reason]! <= RepeatedProblems.shown
    }
  }

  /// Counts a job that could not be made again from the input (the input changed while it was read).
  private func fail(_ failure: JobSource.Failure) {
    Console.error(failure.message)
    tally.withLock {
      $0.renderFailures += 1
      $0.fail(failure.number, line: nil, "error: " + failure.message)
    }
  }

  /// Writes one job: skipped when unchanged, an e-invoice's XML, or its rendered document.
  private func write(_ job: RenderJob, resources: RenderResources) {
    let path = plan.out + "/" + job.name
    // The content hash is only recorded and compared with --skip-unchanged: encoding costs 1 % of a run.
    let hash =
      plan.skipUnchanged
      ? String(OutputName.fnv1a(plan.fingerprint + "|" + job.invoice.canonicalEncoding), radix: 16) : ""
    let hashPath = plan.out + "/." + job.name + ".invoicegen-hash"
    if plan.skipUnchanged, plan.format == .pdf, FileManager.default.fileExists(atPath: path),
      let recorded = try? String(contentsOfFile: hashPath, encoding: .utf8), recorded == hash
    {
      tally.withLock { $0.skipped += 1 }
      return
    }
    if plan.skipUnchanged {
      // A hash left from an earlier run must never vouch for a PDF this run replaces.
      unlink(hashPath)
    }
    do {
      let outputs: [String]
      if plan.format.isEInvoiceXML, let document = job.einvoice {
        let xml =
          switch plan.format {
          case .ubl: UBLWriter.xml(document)
          case .fatturapa:
            FatturaPAWriter.xml(
              document, progressivo: FatturaPANumbering.progressivo(inName: job.name),
              regime: plan.settings.issuer.legal.regimeFiscale)
          case .ksef:
            KSeFWriter.xml(
              document, created: plan.creationDate ?? Date(), system: "invoicegen \(InvoiceGenCLI.version)")
          default: CIIWriter.xml(document)
          }
        try AtomicFile.write(Data(xml), to: path, durable: plan.durable)
        outputs = [path]
      } else {
        outputs = try render(job, to: path, resources: resources)
        if plan.format == .pdf, plan.skipUnchanged { try AtomicFile.write(Data(hash.utf8), to: hashPath) }
      }
      tally.withLock {
        $0.written += 1
        $0.outputs.append(contentsOf: outputs)
      }
    } catch {
      let message = "invoice \"\(job.invoice.number)\": \(error)"
      let isOutput = if case .output? = error as? RenderError { true } else { plan.format.isEInvoiceXML }
      if case .output(_, let reason)? = error as? RenderError {
        if showsWriteFailure(reason) { Console.error(message) }
      } else {
        Console.error(message)
      }
      tally.withLock {
        if isOutput { $0.writeFailures += 1 } else { $0.renderFailures += 1 }
        $0.fail(job.invoice.number, line: job.invoice.source.line, "error: " + message)
      }
    }
  }

  /// Lays out and draws the job's invoice to `path` (a Factur-X PDF/A-3b when it has an e-invoice); returns the files written.
  private func render(_ job: RenderJob, to path: String, resources: RenderResources) throws -> [String] {
    let prepared = plan.layout(job.invoice, plan.settings)
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: resources)
    renderer.missingGlyphsAreErrors = plan.strict
    renderer.cutContentIsAnError = plan.strict
    renderer.tagged = plan.tagged
    renderer.signer = plan.seal
    renderer.encryption = plan.encryption
    renderer.unreadableImagesAreErrors = plan.strict
    // A Factur-X PDF carries its CII as factur-x.xml, in a PDF/A-3b.
    let archive = job.einvoice.map { document in
      PDFArchive(
        attachment: PDFArchive.Attachment(
          name: "factur-x.xml", data: Data(CIIWriter.xml(document)), mimeType: "text/xml",
          description: "Factur-X invoice (EN 16931)", relationship: "Alternative"),
        facturX: PDFArchive.FacturX(conformanceLevel: "EN 16931"))
    }
    let outputs = try DocumentOutput.write(
      renderer, format: plan.format, to: path, scale: plan.scale, durable: plan.durable,
      creationDate: plan.creationDate, archive: archive
    ).files
    for warning in renderer.warnings where !plan.quiet && isFirstSighting(of: warning.message) {
      Console.warning("invoice \"\(job.invoice.number)\": \(warning.message)")
    }
    return outputs
  }

  /// Whether no invoice of this run has shown `message` yet (a huge or missing logo is said once, not per invoice).
  private func isFirstSighting(of message: String) -> Bool {
    shownWarnings.withLock { $0.insert(message).inserted }
  }
}
