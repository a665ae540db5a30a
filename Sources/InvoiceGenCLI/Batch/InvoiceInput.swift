import DataModel
import Foundation

/// The invoices of an input, read one at a time: an orders CSV's index, or invoice JSON already read.
protocol InvoiceInput: AnyObject {
  /// The number of invoices (valid or not).
  var count: Int { get }
  /// Invoice `index` read, with the problems found on the way.
  func read(_ index: Int) -> IndexedInvoice
  /// Invoices `range` read on up to `jobs` threads, in order.
  func read(_ range: Range<Int>, jobs: Int) -> [IndexedInvoice]
  /// What reading found outside any invoice: its problems, rows of no invoice, invoices known invalid.
  var outside: InvoiceImport { get }
}

extension InvoiceInput {
  /// Invoices `range` read one after the other (an input whose invoices are already in memory).
  func read(_ range: Range<Int>, jobs: Int) -> [IndexedInvoice] { range.map { read($0) } }
}

extension OrdersIndex: InvoiceInput {
  var outside: InvoiceImport {
    InvoiceImport(
      invoices: [], diagnostics: fileProblems,
      // The input could not be read to the end: no invoice from it is complete enough to trust.
      invalidInvoiceNumbers: isAbandoned ? (0..<count).map(number) : [], rejectedRows: rejectedRowCount,
      isUnusable: isUnusable)
  }
}

/// Invoice JSON, read whole (a JSON document is parsed at once), handed on one invoice at a time.
final class LoadedInvoices: InvoiceInput {
  private var imported: InvoiceImport
  private let invoices: [Invoice]

  init(_ imported: InvoiceImport) {
    invoices = imported.invoices
    self.imported = imported
    self.imported.invoices = []
  }

  var count: Int { invoices.count }

  func read(_ index: Int) -> IndexedInvoice {
    IndexedInvoice(
      number: invoices[index].number, outcome: .invoice(invoices[index]), rowDiagnostics: [],
      assemblyDiagnostics: [])
  }

  var outside: InvoiceImport { imported }
}
