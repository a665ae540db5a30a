import CPDFContent
import DataModel
import Foundation
import Layouts
import PageRendering
import Synchronization

/// A batch of received e-invoices: each input file (the XML, or the XML inside a PDF) read into the
/// invoice model and rendered with the invoice layout as its own document.
///
/// One file that cannot be read fails only itself; an invoice whose stated amounts break the
/// EN 16931 arithmetic is written with a notice saying so, and the run exits 2 as for invalid input.
final class ReceivedRun: Sendable {
  let plan: RunPlan
  let files: [String]
  /// `--input-format`, when given: every file must be of this kind.
  let forced: ReceivedFormat?
  /// `--locale`, when given: else each invoice is in its buyer's country's language.
  let locale: String?
  /// What the render threads did.
  let tally = Mutex(RunSummary())

  init(plan: RunPlan, files: [String], forced: ReceivedFormat?, locale: String?) {
    self.plan = plan
    self.files = files
    self.forced = forced
    self.locale = locale
  }

  /// One invoice read, with the name of the document made of it.
  struct Job: Sendable {
    var received: ReceivedInvoice
    var file: String
    var name: String
  }

  /// How many files are read, named and rendered at a time: memory stays flat in the number of files.
  var chunkSize: Int { max(1024, plan.jobs * 256) }

  func run() throws(CLIError) -> Outcome {
    let start = Date()
    if plan.skipUnchanged {
      throw .usage("--skip-unchanged is for orders CSV and invoice JSON, not received e-invoices")
    }
    if !plan.check { try prepareFolder() }
    var usedNames: [String: String] = [:]
    var found = Set<String>()
    let brand = plan.settings.brand
    for chunkStart in stride(from: 0, to: files.count, by: chunkSize) {
      let jobs = files[chunkStart..<min(files.count, chunkStart + chunkSize)].flatMap { file in
        self.jobs(for: file, usedNames: &usedNames)
      }.filter { job in
        found.insert(job.received.invoice.number)
        return isThisRuns(job.received.invoice.number)
      }
      // --check reads and checks every file, and writes nothing.
      guard !plan.check else { continue }
      let pool = WorkerPool(jobs: jobs.count, threads: plan.jobs) { DocumentOutput.resources(for: brand) }
      pool.run({ [self, jobs] index, resources in write(jobs[index], resources: resources) }, tick: {})
    }
    var summary = tally.withLock { $0 }
    for missing in plan.only where !found.contains(missing) {
      Console.error("--only \(missing): no received invoice with that number")
      summary.fail(missing, line: nil, "error: --only \(missing): not in the input")
    }
    summary.seconds = Date().timeIntervalSince(start)
    if !plan.quiet { print(summary.line) }
    let summaryWritten = writeSummary(summary)
    return Outcome(
      failed: !summary.invalid.isEmpty || summary.renderFailures > 0 || !summary.failures.isEmpty,
      outputFailed: summary.writeFailures > 0 || !summaryWritten)
  }

  /// Whether the invoice numbered `number` is this run's: named by `--only` (when given) and in this
  /// shard; the others are counted as skipped.
  private func isThisRuns(_ number: String) -> Bool {
    let wanted = (plan.only.isEmpty || plan.only.contains(number)) && (plan.shard?.contains(number) ?? true)
    if !wanted { tally.withLock { $0.skipped += 1 } }
    return wanted
  }

  /// Writes `--summary FILE`, as a batch of orders does; false when it cannot be written.
  private func writeSummary(_ summary: RunSummary) -> Bool {
    guard let path = plan.summaryPath else { return true }
    return summary.write(to: path)
  }

  /// The invoices in `file` read and named; each that cannot be is said why and counted as invalid.
  private func jobs(for file: String, usedNames: inout [String: String]) -> [Job] {
    let each = read(file)
    if each.count > 1, !plan.quiet {
      Console.warning("\(file): a lotto of \(each.count) invoices: each is written as its own document")
    }
    return each.compactMap { result in
      switch result {
      case .failure(let error):
        Console.error(error.description)
        tally.withLock {
          $0.invalid.append(file)
          $0.fail(file, line: error.line, "error: " + error.description)
        }
        return nil
      case .success(let received):
        return job(for: received, in: file, usedNames: &usedNames)
      }
    }
  }

  /// `received`, read from `file`, named; nil after saying why it cannot be.
  private func job(for received: ReceivedInvoice, in file: String, usedNames: inout [String: String]) -> Job?
  {
    for warning in received.warnings where !plan.quiet { Console.warning(warning) }
    switch OutputName.make(pattern: plan.fileNamePattern, invoice: received.invoice) {
    case .failure(let failure):
      Console.error("\(file): \(failure)")
      tally.withLock { $0.invalid.append(file) }
      return nil
    case .success(let preferred):
      let name = uniqueName(preferred, for: file, used: usedNames)
      if name != preferred, !plan.quiet {
        Console.warning(
          "\(file): invoice \"\(received.invoice.number)\" is written to \(name): \(preferred) is \(usedNames[preferred] ?? "")'s"
        )
      }
      usedNames[name] = file
      // Converted to an e-invoice in XML (`--format cii|ubl|ksef`), the file is NAME.xml.
      return Job(
        received: received, file: file,
        name: plan.format.isEInvoiceXML ? OutputName.stem(name) + ".xml" : name)
    }
  }

  /// `preferred`, or when another file has it (two senders may use one number) a name made of `file`'s own.
  private func uniqueName(_ preferred: String, for file: String, used: [String: String]) -> String {
    guard used[preferred] != nil else { return preferred }
    let ending = String(preferred.dropFirst(OutputName.stem(preferred).count))
    let stem = OutputName.sanitize(OutputName.stem(URL(fileURLWithPath: file).lastPathComponent))
    var name = stem + ending
    var counter = 2
    while used[name] != nil {
      name = stem + "-\(counter)" + ending
      counter += 1
    }
    return name
  }

  /// The invoices in `file`: its XML, or the XML a PDF embeds; a file that cannot be read is one failure.
  func read(_ file: String) -> [Result<ReceivedInvoice, ReceivedInvoiceError>] {
    guard FileManager.default.isReadableFile(atPath: file) else {
      return [.failure(ReceivedInvoiceError(file: file, line: nil, message: "cannot be read"))]
    }
    if SignedEnvelope.isEnvelope(path: file) { return readSigned(file) }
    // Only PDF or not matters here: the reader tells CII from UBL by the root it reads anyway.
    guard forced.map({ $0 == .pdf }) ?? ReceivedFormat.isPDF(file) else {
      return readEach(path: file, file: file, forced: forced)
    }
    switch EmbeddedInvoice.xml(inPDF: file) {
    case .failure(let failure):
      return [.failure(ReceivedInvoiceError(file: file, line: nil, message: failure.description))]
    case .success(let embedded):
      guard let temporary = privateCopy(embedded.data) else {
        return [
          .failure(ReceivedInvoiceError(file: file, line: nil, message: "cannot unpack \(embedded.name)"))
        ]
      }
      defer { unlink(temporary) }
      return readEach(path: temporary, file: "\(file) (\(embedded.name))", forced: nil)
    }
  }

  /// The invoices signed in the envelope `file` (`.p7m`): read when its signature is intact, each
  /// with the check's verdict among its details; an envelope whose signature fails is not read.
  private func readSigned(_ file: String) -> [Result<ReceivedInvoice, ReceivedInvoiceError>] {
    let envelope: SignedEnvelope
    switch SignedEnvelope.open(path: file, file: file) {
    case .failure(let failure): return [.failure(failure)]
    case .success(let opened): envelope = opened
    }
    guard envelope.isIntact else {
      return [.failure(ReceivedInvoiceError(file: file, line: nil, message: envelope.verdict + "; not read"))]
    }
    if !plan.quiet { Console.write("note: \(file): \(envelope.verdict)") }
    guard let temporary = privateCopy(envelope.content) else {
      return [
        .failure(ReceivedInvoiceError(file: file, line: nil, message: "cannot unpack the signed document"))
      ]
    }
    defer { unlink(temporary) }
    return readEach(path: temporary, file: "\(file) (signed document)", forced: forced).map { result in
      result.map { received in
        var received = received
        received.details.append(envelope.detail)
        return received
      }
    }
  }

  /// `data` in a new file only this user can read (the streaming reader reads files), or nil.
  private func privateCopy(_ data: Data) -> String? {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "invoicegen-\(getpid())-\(UUID().uuidString).xml"
    ).path
    let made = FileManager.default.createFile(
      atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
    return made ? temporary : nil
  }

  /// Each invoice in the XML at `path`, localized and held to `forced`'s syntax when given.
  private func readEach(path: String, file: String, forced: ReceivedFormat?) -> [Result<
    ReceivedInvoice, ReceivedInvoiceError
  >] {
    let each: [Result<ReceivedInvoice, ReceivedInvoiceError>]
    do {
      each = try ReceivedInvoiceReader.readEach(path: path, file: file)
    } catch {
      return [.failure(error)]
    }
    return each.map { result in
      result.flatMap { received in
        if let forced, forced.rawValue != received.syntax.rawValue {
          return .failure(
            ReceivedInvoiceError(
              file: file, line: 1,
              message: "is \(received.syntax.rawValue.uppercased()), not \(forced.rawValue.uppercased())"))
        }
        var received = received
        localize(&received)
        if received.syntax == .ksef {
          received.issuer.verificationCode = ksefCode(received, path: path, file: file)
        }
        return .success(received)
      }
    }
  }

  /// The invoice's language: `--locale`, else Polish for an FA(3) invoice (the law's visualisation
  /// is Polish), else its buyer's country's, else English.
  private func localize(_ received: inout ReceivedInvoice) {
    let country = received.syntax == .ksef ? "PL" : received.invoice.customer.postalAddress?.country
    received.invoice.locale = locale ?? CountryLanguage.tag(for: country) ?? "en"
  }

  /// KSeF's QR code I for the FA(3) at `path`: its link from the SHA-256 of the file's bytes as
  /// read, with the KSeF number `file`'s name carries (an invoice saved under its KSeF number), or OFFLINE.
  private func ksefCode(_ received: ReceivedInvoice, path: String, file: String) -> VerificationCode? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    var hex = [CChar](repeating: 0, count: 65)
    data.withUnsafeBytes { ig_sha256_hex($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &hex) }
    let digest = stride(from: 0, to: 64, by: 2).map { offset in
      UInt8(
        String(decoding: hex[offset..<offset + 2].map { UInt8(bitPattern: $0) }, as: UTF8.self), radix: 16)
        ?? 0
    }
    return VerificationCode.ksef(
      sellerNIP: received.issuer.seller?.vatId ?? "", issueDate: received.invoice.issueDate, sha256: digest,
      ksefNumber: VerificationCode.ksefNumber(inFileName: file))
  }

  /// The run's settings for one received invoice: its own seller, bank and terms, the config's brand.
  func settings(for received: ReceivedInvoice) -> InvoiceSettings {
    var settings = plan.settings
    settings.issuer = received.issuer
    settings.issuer.defaultLocale = received.invoice.locale ?? Issuer.fallbackLocale
    settings.author = received.issuer.seller?.name
    // The document is the sender's: the receiver's logo and window-envelope layout do not belong on it.
    settings.brand.logo = nil
    settings.envelope = nil
    let total = received.invoice.totals.grandTotal.amount
    // A credit note states its amount due positive (EN 16931) or, as an FA(3) correction does, negative.
    let stated = received.stated.due
    let due = received.invoice.isCreditNote && !stated.isNegative ? stated.negated : stated
    settings.received = ReceivedNotes(
      amountDue: due == total ? nil : Money(due, received.invoice.currency),
      details: received.details.map { ($0.label, $0.value) }, disagreements: received.disagreements)
    return settings
  }

  private func write(_ job: Job, resources: RenderResources) {
    let path = plan.out + "/" + job.name
    if plan.format.isEInvoiceXML { return convert(job, to: path) }
    let received = job.received
    let number = received.invoice.number
    do {
      let prepared = plan.layout(received.invoice, settings(for: received))
      let renderer = DocumentRenderer(
        document: prepared.document, environment: prepared.environment, resources: resources)
      renderer.tagged = plan.tagged
      renderer.signer = plan.seal
      renderer.encryption = plan.encryption
      renderer.missingGlyphsAreErrors = plan.strict
      let written = try DocumentOutput.write(
        renderer, format: plan.format, to: path, scale: plan.scale, durable: plan.durable,
        creationDate: plan.creationDate)
      for disagreement in received.disagreements {
        Console.error("\(job.file): invoice \"\(number)\": \(disagreement)")
      }
      tally.withLock {
        $0.written += 1
        $0.outputs.append(contentsOf: written.files)
        for disagreement in received.disagreements {
          $0.fail(number, line: Int?.none, "error: " + disagreement)
        }
      }
    } catch {
      let message = "\(job.file): invoice \"\(number)\": \(error)"
      Console.error(message)
      let isOutput = if case .output? = error as? RenderError { true } else { false }
      tally.withLock {
        if isOutput { $0.writeFailures += 1 } else { $0.renderFailures += 1 }
        $0.fail(number, line: Int?.none, "error: " + message)
      }
    }
  }

  private func prepareFolder() throws(CLIError) {
    do {
      try FileManager.default.createDirectory(atPath: plan.out, withIntermediateDirectories: true)
    } catch {
      throw .output("\(plan.out): cannot create the output folder: \(error.localizedDescription)")
    }
    guard access(plan.out, W_OK) == 0 else { throw .output("\(plan.out): the output folder is not writable") }
  }
}
