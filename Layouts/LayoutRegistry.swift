import DataModel
import Foundation

/// The layouts one `invoicegen` program knows by name: the built-in ones and those its `main` adds
/// (`InvoiceGenCommand.main(layouts:)` in a package of one's own). A value handed down the run,
/// never a global.
public struct LayoutRegistry: Sendable {
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

    /// The invoice layout `name` drawn with `style` (everything else as the built-in layout has it).
    public static func invoice(
      _ name: String, summary: String = "an invoice layout of your own", style: some InvoiceStyle
    ) -> NamedLayout {
      NamedLayout(name: name, summary: summary) { invoice, settings in
        InvoiceLayout.document(for: invoice, settings: settings, style: style)
      }
    }
  }

  /// The built-in invoice layouts by name; `invoice` is the default.
  public static let invoiceLayouts: [String: InvoiceLayoutFunction] = [
    "invoice": InvoiceLayout.document(for:settings:)
  ]

  /// The name of the default invoice layout.
  public static let defaultInvoiceLayout = "invoice"

  /// The layouts added by the program, in order (a later one of a name wins, also over a built-in one).
  public let added: [NamedLayout]

  public init(added: [NamedLayout] = []) {
    self.added = added
  }

  /// The invoice layout named `name`, added or built in.
  public func invoiceLayout(named name: String) -> InvoiceLayoutFunction? {
    added.last { $0.name == name }?.document ?? Self.invoiceLayouts[name]
  }

  /// Every invoice layout name, sorted.
  public var invoiceLayoutNames: [String] {
    Set(Self.invoiceLayouts.keys).union(added.map(\.name)).sorted()
  }

  /// Every layout name with what it makes, for `invoicegen layouts`.
  public var descriptions: [(name: String, summary: String)] {
    [
      ("invoice", "invoices and credit notes (default for orders CSV and invoice JSON)"),
      ("report", "reports from report JSON or any CSV (used by `invoicegen report`)"),
    ] + added.map { ($0.name, $0.summary) }
  }
}
