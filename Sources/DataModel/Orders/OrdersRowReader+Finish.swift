import Foundation

extension OrdersRowReader {
  // MARK: Invoices

  mutating func finish() -> InvoiceImport {
    var invoices: [Invoice] = []
    var invalid: [String] = []
    if abandonedAt != nil || hasHeaderError {
      // The input could not be read to the end: no invoice from it is complete enough to trust.
      invalid = pending.map(\.number)
      for invoice in pending { invoice.failed = true }
    }
    invoices.reserveCapacity(pending.count)
    var assembler = InvoiceAssembler(
      options: options, file: file, columnOf: columnOf, columnNames: columnNames, pending: pending,
      currencyMarks: currencyMarks)
    assembler.decimalSeparator = decimalSeparator
    assembler.unreadHeaders = header.unreadHeaders
    assembler.otherShardDates = otherShardDates
    var skipped: [SkippedInvoice] = []
    for invoice in pending {
      switch invoice.failed ? .failed : assembler.build(invoice) {
      case .invoice(let built): invoices.append(built)
      case .skipped(let skip): skipped.append(skip)
      case .failed: invalid.append(invoice.number)
      }
      // Free what only the reading needed, so the invoices being built reuse that memory.
      invoice.releaseStorage()
    }
    var seen = Set<String>()
    invalid = invalid.filter { seen.insert($0).inserted }
    var found = diagnostics
    found.append(contentsOf: assembler.diagnostics)
    return InvoiceImport(
      invoices: invoices, diagnostics: found, invalidInvoiceNumbers: invalid,
      rejectedRows: rejectedRows,
      isUnusable: unusable || abandonedAt != nil, skipped: skipped)
  }

  private var hasHeaderError: Bool { headers.isEmpty }
}
