import DataModel
import Foundation

/// The validation pass: every invoice of the input read, checked, selected, named and (for
/// e-invoices) checked against EN 16931, one at a time, keeping only what the run needs later.
///
/// Each invoice is dropped as soon as it is checked: the pass keeps the problems found (shown later,
/// in input order, as a whole-file read shows them), the numbers of the valid invoices, and a ticket
/// per invoice to render (its place in the input and its file name). The render stage reads each
/// ticket's invoice again. The naming and e-invoice failures are kept to be shown after the
/// reading's problems, in the order the stages would have shown them.
struct InvoiceValidation {
  let plan: RunPlan

  /// An invoice to render: where it is in the input and the file name it was given.
  struct Ticket: Sendable {
    let index: Int
    /// The invoice's number as assembled (a credit note's is its order's with `-CN`).
    let number: String
    var name: String
    /// Whether the ticket is the credit note for a partly refunded order's refund, not its invoice.
    var isRefundNote = false
  }

  /// What the pass found.
  struct Result {
    /// The reading's problems, invalid invoices, rows of no invoice and skipped orders (no invoices).
    var read: InvoiceImport
    /// The numbers of every valid invoice read that `--only` names (none without `--only`).
    var validNumbers: [String] = []
    /// The invoices to render, in input order (none with `--check`, which renders nothing).
    var tickets: [Ticket] = []
    /// How many invoices would be rendered: the tickets, or with `--check` what they would have been.
    var selected = 0
    /// Invoices with no usable file name or payment code.
    var namingFailures: [OutputNaming.Failure] = []
    var einvoiceFailures: [EInvoicePreparation.Failure] = []
    /// The legal particulars the invoices miss.
    var legal: LegalCheck
    /// The VERI*FACTU records of the invoices to render, in input order (a Spanish seller's with `legal.verifactu`).
    var verifactu: [VerifactuRecord] = []

    /// Counts `ticket`, and keeps it unless the run only checks (a ticket a run of millions of
    /// invoices keeps for nothing is tens of megabytes).
    mutating func take(_ ticket: Ticket, check: Bool) {
      selected += 1
      if !check { tickets.append(ticket) }
    }
  }

  /// Reads every invoice of `input`, keeping what `selection` wants.
  func validate(_ input: any InvoiceInput, selection: InvoiceSelection) -> Result {
    var result = Result(read: input.outside, legal: LegalCheck(plan: plan))
    var naming = OutputNaming(plan: plan)
    let preparation = EInvoicePreparation(plan: plan)
    // Invoices are read in blocks on every job's thread (this one too), then checked here one at a time, in input order.
    let blocks = InvoiceBlocks(input, jobs: plan.jobs, size: 64)
    blocks.withEachBlock { start, invoices in
      // By index, so each invoice is borrowed from the block, not copied out of it (1,152 bytes, every field retained).
      for offset in invoices.indices {
        take(
          invoices[offset], at: start + offset, into: &result, selection: selection, naming: &naming,
          preparation: preparation)
      }
    }
    if input is OrdersIndex {
      // An orders CSV names each invalid invoice once (its rows may fail it several ways).
      var seen = Set<String>()
      result.read.invalidInvoiceNumbers = result.read.invalidInvoiceNumbers.filter {
        seen.insert($0).inserted
      }
    }
    return result
  }

  /// Keeps what input entry `index`, read, gives: its problems, and its invoice checked or why there is none.
  private func take(
    _ read: IndexedInvoice, at index: Int, into result: inout Result, selection: InvoiceSelection,
    naming: inout OutputNaming, preparation: EInvoicePreparation
  ) {
    result.read.diagnostics += read.diagnostics
    switch read.outcome {
    case .invoice(let invoice):
      check(
        invoice, at: index, into: &result, selection: selection, naming: &naming, preparation: preparation)
      if let note = read.refundNote {
        check(
          note, at: index, into: &result, selection: selection, naming: &naming, preparation: preparation,
          isRefundNote: true)
      }
    case .skipped(let skip):
      result.read.skipped.append(skip)
    case .failed:
      result.read.invalidInvoiceNumbers.append(read.number)
    }
  }

  /// Checks, names and (for e-invoices) prepares `invoice`, input entry `index`, taking its ticket when it passes.
  private func check(
    _ invoice: Invoice, at index: Int, into result: inout Result, selection: InvoiceSelection,
    naming: inout OutputNaming, preparation: EInvoicePreparation, isRefundNote: Bool = false
  ) {
    let makesEInvoices = plan.format.isEInvoiceXML || plan.facturX
    func ticket(_ name: String) -> Ticket {
      Ticket(index: index, number: invoice.number, name: name, isRefundNote: isRefundNote)
    }
    if !plan.only.isEmpty, plan.only.contains(invoice.number) {
      result.validNumbers.append(invoice.number)
    }
    guard selection.wants(invoice.number) else { return }
    // Wrong payment data fails its invoice like a wrong name: the code would pay the wrong way.
    if case .failure(let problem)? = plan.settings.issuer.epcPayment(for: invoice) {
      result.namingFailures.append(
        OutputNaming.Failure(
          number: invoice.number,
          message:
            "invoice \(Diagnostic.quote(invoice.number)): payment.qr: \(problem); set payment.qr to auto (euro invoices only) or none"
        ))
      return
    }
    if case .failure(let problem)? = plan.settings.issuer.swissQRBill(for: invoice) {
      result.namingFailures.append(
        OutputNaming.Failure(
          number: invoice.number,
          message: "invoice \(Diagnostic.quote(invoice.number)): payment.qr: \(problem)"))
      return
    }
    // A missing legal particular is a warning; with --strict it fails the invoice.
    guard result.legal.check(invoice) else { return }
    switch naming.name(invoice) {
    case .failure(let failure):
      result.namingFailures.append(failure)
      return
    case .success(let name) where makesEInvoices:
      switch preparation.prepare(RenderJob(invoice: invoice, name: name)) {
      case .success(let job):
        result.take(ticket(job.name), check: plan.check)
      case .failure(let failure):
        result.einvoiceFailures.append(failure)
        return
      }
    case .success(let name):
      result.take(ticket(name), check: plan.check)
    }
    if !plan.check, let record = result.legal.verifactuRecord(for: invoice) {
      result.verifactu.append(record)
    }
  }
}
