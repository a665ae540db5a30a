import DataModel
import Foundation
import Synchronization

/// The layouts `invoicegen` knows by name: the built-in ones, and those a program built on
/// invoicegen adds (`InvoiceGenCommand.main(layouts:)` in a package of one's own).
public enum LayoutRegistry {
  /// Makes an invoice document from an invoice and the run's settings.
  public typealias InvoiceLayoutFunction = @Sendable (Invoice, InvoiceSettings) -> PreparedDocument

  /// An invoice layout with its name for `--layout` and a line for `invoicegen layouts`.
  public struct NamedLayout: Sendable {
    public var name: String
    public var summary: String
    public var document: InvoiceLayoutFunction

    public init(
      name: String, summary: String = "an invoice layout of your own",
      document: @escaping InvoiceLayoutFunction
    ) {
      self.name = name
      self.summary = summary
      self.document = document
    }
  }

  /// The built-in invoice layouts by name; `invoice` is the default.
  public static let invoiceLayouts: [String: InvoiceLayoutFunction] = [
    "invoice": InvoiceLayout.document(for:settings:)
  ]

  /// The layouts added at run time, in the order added.
  private static let added = Mutex<[NamedLayout]>([])

  /// Adds `layouts` (a later one of the same name wins, also over a built-in one).
  public static func add(_ layouts: [NamedLayout]) {
    added.withLock { $0 += layouts }
  }

  /// The invoice layout named `name`, added or built in.
  public static func invoiceLayout(named name: String) -> InvoiceLayoutFunction? {
    added.withLock { $0.last { $0.name == name }?.document } ?? invoiceLayouts[name]
  }

  /// Every invoice layout name, sorted.
  public static var invoiceLayoutNames: [String] {
    Set(invoiceLayouts.keys).union(added.withLock { $0.map(\.name) }).sorted()
  }

  /// The name of the default invoice layout.
  public static let defaultInvoiceLayout = "invoice"

  /// Every layout name with what it makes, for `invoicegen layouts`.
  public static var descriptions: [(name: String, summary: String)] {
    [
      ("invoice", "invoices and credit notes (default for orders CSV and invoice JSON)"),
      ("report", "reports from report JSON or any CSV (used by `invoicegen report`)"),
    ] + added.withLock { $0.map { ($0.name, $0.summary) } }
  }
}
