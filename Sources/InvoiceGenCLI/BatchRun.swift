import DataModel
import EInvoicing
import Foundation
import Layouts
import PageKit
import PageRendering

/// One `invoicegen --input … --out …` run: read, check, name, render in parallel, write atomically, summarize.
final class BatchRun: @unchecked Sendable {
  let plan: RunPlan
  private let lock = NSLock()
  private var summary = RunSummary()
  private var shownWarnings: Set<String> = []
  /// The invoices read, kept as long as the run: a command that exits right after `run` skips freeing them one by one.
  private var imported: InvoiceImport?
  /// The e-invoices of `--format cii`, by invoice number, prepared and checked before anything is written.
  private var einvoices: [String: EInvoiceDocument] = [:]

  init(plan: RunPlan) {
    self.plan = plan
  }

  /// Runs; throws what stops the whole run, and returns how it ended otherwise.
  func run() throws(CLIError) -> Outcome {
    let start = Date()
    let imported = importInput()
    self.imported = imported
    if imported.isUnusable {
      for diagnostic in imported.diagnostics where diagnostic.severity == .error || !plan.quiet {
        Console.show(diagnostic)
      }
      throw .input
    }
    // With --only, the problems of invoices (and rows) not selected are not this run's: one line says how many.
    let wanted = plan.only.isEmpty ? nil : Set(plan.only)
    let selected = imported.diagnostics.filter { diagnostic in
      guard let wanted else { return true }
      return diagnostic.invoiceNumber.map(wanted.contains) ?? false
    }
    // In input order, whatever order the checks found them in.
    let ordered = selected.enumerated().sorted {
      ($0.element.location.line ?? 0, $0.offset) < ($1.element.location.line ?? 0, $1.offset)
    }.map(\.element)
    for diagnostic in ordered where diagnostic.severity == .error || !plan.quiet {
      Console.show(diagnostic)
    }
    let unselected =
      imported.diagnostics.filter { $0.severity == .error }.count
      - selected.filter { $0.severity == .error }.count
    if unselected > 0, !plan.quiet {
      Console.write(
        "note: \(Plural.count(unselected, "error")) in invoices --only did not select, not reported")
    }
    summary.invalid = imported.invalidInvoiceNumbers
    summary.rejectedRows = wanted == nil ? imported.rejectedRows : 0
    summary.skippedOrders = imported.skipped.filter { wanted?.contains($0.number) ?? true }
    for diagnostic in ordered where diagnostic.severity == .error {
      summary.fail(diagnostic.invoiceNumber, line: diagnostic.location.line, diagnostic.description)
    }
    var invoices = imported.invoices
    if let wanted {
      let found = Set(invoices.map(\.number)).union(imported.invalidInvoiceNumbers)
      for missing in plan.only where !found.contains(missing) {
        Console.error("--only \(missing): no invoice with that number in \(plan.input)")
        summary.fail(missing, line: nil, "error: --only \(missing): not in the input")
        summary.invalid.append(missing)
      }
      invoices = invoices.filter { wanted.contains($0.number) }
      summary.invalid = summary.invalid.filter { wanted.contains($0) }
    }
    summary.phases.append(("parse", Date().timeIntervalSince(start)))
    if let (index, count) = plan.shard {
      func mine(_ number: String) -> Bool { Int(OutputName.fnv1a(number) % UInt64(count)) == index - 1 }
      invoices = invoices.filter { mine($0.number) }
      summary.invalid = summary.invalid.filter(mine)
      summary.skippedOrders = summary.skippedOrders.filter { mine($0.number) }
      // A row that belongs to no invoice is the first shard's to report.
      if index != 1 { summary.rejectedRows = 0 }
      summary.keepFailures { failure in failure.invoice.map(mine) ?? (index == 1) }
    }
    let naming = Date()
    // Names: safe, inside the folder, and never two invoices on one file.
    var jobs: [(invoice: Invoice, name: String)] = []
    var taken: [String: String] = [:]
    let pattern = OutputName.Pattern(plan.fileNamePattern)
    for invoice in invoices {
      switch pattern.name(for: invoice) {
      case .failure(.unusable(let message)):
        fail(invoice.number, message)
      case .success(let name):
        let key = name.lowercased()
        if let longest = longestFileName(for: name), longest.utf8.count > AtomicFile.maxNameBytes {
          fail(
            invoice.number,
            "invoice \(Diagnostic.quote(invoice.number)): its file name \(Diagnostic.quote(longest)) would be \(longest.utf8.count) bytes long; file systems allow at most \(AtomicFile.maxNameBytes); set output.fileName in the config to a shorter pattern (such as \"{date}-{customerId}.pdf\")"
          )
        } else if let other = taken[key] {
          fail(
            invoice.number,
            "invoice \"\(invoice.number)\" would be written to \(name), which invoice \"\(other)\" already uses; change one number or the output.fileName pattern"
          )
        } else {
          taken[key] = invoice.number
          jobs.append((invoice, name))
        }
      }
    }
    summary.phases.append(("name", Date().timeIntervalSince(naming)))
    if plan.format.isEInvoiceXML || plan.facturX { jobs = prepareEInvoices(jobs) }
    let invalidCount = summary.distinctInvalid.count + summary.rejectedRows
    if !summary.skippedOrders.isEmpty, !plan.quiet {
      Console.write("note: \(summary.skippedOrdersLine)")
    }
    var outcome = Outcome(failed: invalidCount > 0 || !summary.failures.isEmpty)
    if plan.check {
      let line =
        "\(Plural.count(jobs.count, "invoice")) valid, \(invalidCount) invalid (checked, nothing written)"
      if !plan.quiet { print(line) }
      outcome.outputFailed = !writeSummaryFile(start: start)
      return outcome
    }
    if plan.strict, outcome.failed {
      Console.error("--strict: \(Plural.count(invalidCount, "invalid invoice")); nothing written")
      outcome.outputFailed = !writeSummaryFile(start: start)
      return outcome
    }
    do {
      try FileManager.default.createDirectory(atPath: plan.out, withIntermediateDirectories: true)
    } catch {
      throw .output("\(plan.out): cannot create the output folder: \(error.localizedDescription)")
    }
    guard access(plan.out, W_OK) == 0 else {
      summary.writeFailures = jobs.count
      _ = writeSummaryFile(start: start)
      throw .output("\(plan.out): the output folder is not writable")
    }
    OutputFolder.removeLeftovers(in: plan.out)
    let rendering = Date()
    render(jobs)
    summary.phases.append(("render", Date().timeIntervalSince(rendering)))
    summary.seconds = Date().timeIntervalSince(start)
    if !plan.quiet { print(summary.line) }
    let summaryWritten = writeSummaryFile(start: start)
    outcome.outputFailed = summary.writeFailures > 0 || !summaryWritten
    outcome.failed =
      !summary.invalid.isEmpty || summary.rejectedRows > 0 || summary.renderFailures > 0
      || !summary.failures.isEmpty
    return outcome
  }

  /// The longest name this run would write for an invoice named `name`: its PDF's hash sidecar, or its last page's PNG or SVG.
  private func longestFileName(for name: String) -> String? {
    switch plan.format {
    case .pdf: return plan.skipUnchanged ? "." + name + ".invoicegen-hash" : name
    case .png: return OutputName.stem(name) + "-99999.png"
    case .svg: return OutputName.stem(name) + "-99999.svg"
    case .cii, .ubl: return OutputName.stem(name) + ".xml"
    }
  }

  /// Checks every job as an e-invoice; a job that is not a valid one fails with each problem, located.
  private func prepareEInvoices(_ jobs: [(invoice: Invoice, name: String)]) -> [(
    invoice: Invoice, name: String
  )] {
    var kept: [(invoice: Invoice, name: String)] = []
    var saidInConfig = Set<String>()
    for job in jobs {
      switch EInvoiceDocument.make(job.invoice, issuer: plan.settings.issuer, profile: plan.einvoiceProfile) {
      case .success(let document):
        einvoices[job.invoice.number] = document
        kept.append(
          (job.invoice, plan.format.isEInvoiceXML ? OutputName.stem(job.name) + ".xml" : job.name))
      case .failure(let failure):
        for problem in failure.problems {
          if problem.isInConfig {
            // The seller's gaps are the config's: said once, and still fail every invoice.
            let message =
              "\(plan.configName): \(problem.message)"
              + (problem.hint.map { "\nhint: " + $0 } ?? "")
            if saidInConfig.insert(problem.message).inserted { Console.error(message) }
            summary.fail(job.invoice.number, line: job.invoice.source.line, "error: " + message)
            continue
          }
          let message =
            "\(job.invoice.source): invoice \(Diagnostic.quote(job.invoice.number)): \(problem.message)"
            + (problem.hint.map { "\nhint: " + $0 } ?? "")
          Console.error(message)
          summary.fail(job.invoice.number, line: job.invoice.source.line, "error: " + message)
        }
        summary.invalid.append(job.invoice.number)
      }
    }
    return kept
  }

  private func fail(_ number: String, _ message: String) {
    Console.error(message)
    summary.fail(number, line: nil, "error: " + message)
    summary.invalid.append(number)
  }

  private func importInput() -> InvoiceImport {
    if plan.inputKind == .json {
      return InvoiceJSONImporter(options: plan.importOptions).importFile(plan.input, name: plan.inputName)
    }
    return OrdersCSVImporter(options: plan.importOptions).importFile(plan.input, name: plan.inputName)
  }

  private func render(_ jobs: [(invoice: Invoice, name: String)]) {
    let progress = Progress(mode: plan.progress, total: jobs.count)
    let brand = plan.settings.brand
    let pool = WorkerPool(jobs: jobs.count, threads: plan.jobs) { DocumentOutput.resources(for: brand) }
    pool.run(
      { [self] index, resources in
        let job = jobs[index]
        renderOne(job.invoice, name: job.name, resources: resources)
      }, tick: { progress.show(done: pool.completed) })
    progress.finish()
  }

  private func renderOne(_ invoice: Invoice, name: String, resources: RenderResources) {
    let folder = plan.out
    let path = folder + "/" + name
    let hash = String(OutputName.fnv1a(plan.fingerprint + "|" + invoice.canonicalEncoding), radix: 16)
    let hashPath = folder + "/." + name + ".invoicegen-hash"
    if plan.skipUnchanged, plan.format == .pdf, FileManager.default.fileExists(atPath: path),
      let recorded = try? String(contentsOfFile: hashPath, encoding: .utf8), recorded == hash
    {
      record { $0.skipped += 1 }
      return
    }
    if plan.skipUnchanged {
      // A hash left from an earlier run must never vouch for a PDF this run replaces.
      unlink(hashPath)
    }
    if plan.format.isEInvoiceXML, let document = einvoices[invoice.number] {
      do {
        let xml = plan.format == .ubl ? UBLWriter.xml(document) : CIIWriter.xml(document)
        try AtomicFile.write(Data(xml), to: path, durable: plan.durable)
        record {
          $0.written += 1
          $0.outputs.append(path)
        }
      } catch {
        let message = "invoice \"\(invoice.number)\": \(error)"
        Console.error(message)
        record {
          $0.writeFailures += 1
          $0.fail(invoice.number, line: invoice.source.line, "error: " + message)
        }
      }
      return
    }
    let prepared = plan.layout(invoice, plan.settings)
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: resources)
    renderer.missingGlyphsAreErrors = plan.strict
    renderer.tagged = plan.tagged
    renderer.unreadableImagesAreErrors = plan.strict
    do {
      // A Factur-X PDF carries its CII as factur-x.xml, in a PDF/A-3b.
      let archive = einvoices[invoice.number].map { document in
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
      if plan.format == .pdf, plan.skipUnchanged {
        try AtomicFile.write(Data(hash.utf8), to: hashPath)
      }
      for warning in renderer.warnings where !plan.quiet && isFirstSighting(of: warning.message) {
        Console.warning("invoice \"\(invoice.number)\": \(warning.message)")
      }
      record {
        $0.written += 1
        $0.outputs.append(contentsOf: outputs)
      }
    } catch {
      let message = "invoice \"\(invoice.number)\": \(error)"
      Console.error(message)
      record {
        if case .output? = error as? RenderError { $0.writeFailures += 1 } else { $0.renderFailures += 1 }
        $0.fail(invoice.number, line: invoice.source.line, "error: " + message)
      }
    }
  }

  /// Whether no invoice of this run has shown `message` yet (a huge or missing logo is said once, not per invoice).
  private func isFirstSighting(of message: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return shownWarnings.insert(message).inserted
  }

  private func record(_ change: (inout RunSummary) -> Void) {
    lock.lock()
    change(&summary)
    lock.unlock()
  }

  /// Writes `--summary` if asked; false (after saying why) when it could not be written.
  private func writeSummaryFile(start: Date) -> Bool {
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
