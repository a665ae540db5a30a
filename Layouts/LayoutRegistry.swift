import DataModel
import Foundation

/// The layouts `invoicegen` knows by name; a new invoice layout is one Swift file and one line here.
public enum LayoutRegistry {
  /// Makes an invoice document from an invoice and the run's settings.
  public typealias InvoiceLayoutFunction = @Sendable (Invoice, InvoiceSettings) -> PreparedDocument

  /// Invoice layouts by name; `invoice` is the default.
  public static let invoiceLayouts: [String: InvoiceLayoutFunction] = [
    "invoice": InvoiceLayout.document(for:settings:)
  ]

  /// The name of the default invoice layout.
  public static let defaultInvoiceLayout = "invoice"

  /// Every layout name with what it makes, for `invoicegen layouts`.
  public static var descriptions: [(name: String, summary: String)] {
    [
      ("invoice", "invoices and credit notes (default for orders CSV and invoice JSON)"),
      ("report", "reports from report JSON or any CSV (used by `invoicegen report`)"),
    ]
  }
}
