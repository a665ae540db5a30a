import DataModel
import EInvoicing
import Foundation
import PageRendering

/// A received e-invoice written again as another e-invoice (`--format cii|ubl|ksef`): a Polish
/// seller's Peppol UBL from its ERP as the FA(3) KSeF takes, for instance.
///
/// The invoice model read from the file is prepared as any other invoice is, with the received
/// seller as the issuer: what the target format cannot hold is said, invoice by invoice, and nothing
/// is written for it.
extension ReceivedRun {
  /// Writes `job`'s invoice in the run's XML format to `path`, or says why it cannot be.
  func convert(_ job: Job, to path: String) {
    let received = job.received
    let number = received.invoice.number
    var issuer = received.issuer
    issuer.legal = plan.settings.issuer.legal
    issuer.legal.sellerCountry = nil
    var made = EInvoiceDocument.make(received.invoice, issuer: issuer, profile: plan.einvoiceProfile)
    if plan.format == .ksef, case .success(let document) = made {
      let problems = KSeFWriter.problems(document)
      if !problems.isEmpty { made = .failure(EInvoiceFailure(problems: problems)) }
    }
    do {
      let document = try made.get()
      let xml =
        switch plan.format {
        case .ubl: UBLWriter.xml(document)
        case .ksef:
          KSeFWriter.xml(
            document, created: plan.creationDate ?? Date(), system: "invoicegen \(InvoiceGenCLI.version)")
        default: CIIWriter.xml(document)
        }
      try AtomicFile.write(Data(xml), to: path, durable: plan.durable)
      tally.withLock {
        $0.written += 1
        $0.outputs.append(path)
      }
    } catch let failure as EInvoiceFailure {
      for problem in failure.problems {
        let message = "\(job.file): invoice \"\(number)\": \(problem.message)"
        Console.error(message + (problem.hint.map { "\nhint: " + $0 } ?? ""))
        tally.withLock { $0.fail(number, line: Int?.none, "error: " + message) }
      }
      tally.withLock { $0.invalid.append(number) }
    } catch {
      let message = "\(job.file): invoice \"\(number)\": \(error)"
      Console.error(message)
      tally.withLock {
        $0.writeFailures += 1
        $0.fail(number, line: Int?.none, "error: " + message)
      }
    }
  }
}
