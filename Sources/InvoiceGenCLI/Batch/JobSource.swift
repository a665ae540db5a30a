import DataModel
import EInvoicing
import Foundation
import Synchronization

/// The render stage's jobs, each made when a worker takes it: an invoice is read again from the
/// input only then (with its e-invoice), so the invoices in memory are the ones being drawn.
final class JobSource: Sendable {
  /// A job that could not be made again.
  struct Failure: Error {
    let number: String
    let message: String
  }

  /// The tickets, and the input their invoices are read from again.
  private struct Maker {
    let tickets: [InvoiceValidation.Ticket]
    let input: any InvoiceInput
  }

  let count: Int
  private let plan: RunPlan
  /// The input is read by one worker at a time (the index's reader is not shared).
  private let maker: Mutex<Maker>

  /// The jobs of `tickets`, each read again from `input` when taken.
  init(tickets: [InvoiceValidation.Ticket], input: sending any InvoiceInput, plan: RunPlan) {
    count = tickets.count
    self.plan = plan
    maker = Mutex(Maker(tickets: tickets, input: input))
  }

  /// Job `index`; its e-invoice is made outside the lock.
  func job(_ index: Int) -> Result<RenderJob, Failure> {
    let made: Result<RenderJob, Failure> = maker.withLock { maker in
      let ticket = maker.tickets[index]
      let read = maker.input.read(ticket.index)
      guard case .invoice(let made) = read.outcome,
        let invoice = ticket.isRefundNote ? read.refundNote : made,
        invoice.number == ticket.number
      else { return .failure(changed(ticket.number)) }
      return .success(RenderJob(invoice: invoice, name: ticket.name))
    }
    guard case .success(var job) = made, plan.format.isEInvoiceXML || plan.facturX else {
      return made
    }
    guard
      case .success(let document) = EInvoiceDocument.make(
        job.invoice, issuer: plan.settings.issuer, profile: plan.einvoiceProfile)
    else { return .failure(changed(job.invoice.number)) }
    job.einvoice = document
    return .success(job)
  }

  /// The failure of an invoice that is no longer what the validation pass read.
  private func changed(_ number: String) -> Failure {
    Failure(
      number: number,
      message:
        "invoice \(Diagnostic.quote(number)): the input changed while it was read; nothing written for it")
  }
}
