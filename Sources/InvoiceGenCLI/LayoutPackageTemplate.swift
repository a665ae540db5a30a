/// The files `invoicegen new-layout NAME` writes: a Swift package whose executable is invoicegen
/// with the layout NAME added, its test and its README.
///
/// `__NAME__` stands for the layout's name and `__DEPENDENCY__` for the package dependency on invoicegen.
enum LayoutPackageTemplate {
  static let packageSwift = #"""
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "__NAME__",
      products: [.executable(name: "__NAME__", targets: ["__NAME__"])],
      dependencies: [__DEPENDENCY__],
      targets: [
        .executableTarget(
          name: "__NAME__",
          dependencies: [
            .product(name: "InvoiceGenCLI", package: "__PACKAGE__"),
            .product(name: "Layouts", package: "__PACKAGE__"),
            .product(name: "PageKit", package: "__PACKAGE__"),
            .product(name: "DataModel", package: "__PACKAGE__"),
          ]),
        .testTarget(
          name: "__NAME__Tests",
          dependencies: [
            "__NAME__",
            .product(name: "PageRendering", package: "__PACKAGE__"),
          ]),
      ]
    )

    """#

  static let mainSwift = #"""
    import InvoiceGenCLI
    import Layouts

    // invoicegen with this package's layout added: every option works, and --layout __NAME__ picks it.
    InvoiceGenCommand.main(layouts: [
      .invoice("__NAME__", summary: "the __NAME__ invoice", style: __NAME__Layout())
    ])

    """#

  static let layoutSwift = #"""
    import Layouts
    import PageKit

    /// The __NAME__ invoice: invoicegen's built-in invoice, everything the config says included, with
    /// the totals block as a view of its own. Until you edit it, it is the built-in totals.
    ///
    /// Replace other blocks, or insert views: `.inserting(.before, .items) { Text("…") }`.
    /// `configuration.context` has the invoice, the settings (the config's `layout.options` too),
    /// the labels in the invoice's language and its formats.
    struct __NAME__Layout: InvoiceStyle {
      func makeBody(configuration: Configuration) -> InvoiceBody {
        configuration.body.replacing(.totals) {
          configuration.view(for: .totals)
        }
      }
    }

    """#

  static let testSwift = #"""
    import DataModel
    import Foundation
    import Layouts
    import PageRendering
    import Testing

    @testable import __NAME__

    /// The layout renders an invoice into a one-page PDF titled with the invoice's number.
    @Test func theLayoutRendersAnInvoice() throws {
      let invoice = try Invoice(
        number: "T-1", issueDate: CalendarDate(year: 2026, month: 3, day: 1)!, currency: Currency(code: "EUR")!,
        customer: Party(name: "ACME GmbH", address: ["Hauptstraße 1", "10115 Berlin"]),
        items: [LineItem(description: "Consulting", quantity: ExactDecimal(8), unitPrice: ExactDecimal(150), taxRate: ExactDecimal(19))])
      let prepared = InvoiceLayout.document(for: invoice, settings: InvoiceSettings(), style: __NAME__Layout())
      #expect(prepared.document.title == "Invoice T-1")
      let pdf = try DocumentRenderer(document: prepared.document, environment: prepared.environment).pdfData()
      #expect(pdf.starts(with: Data("%PDF-".utf8)))
      #expect(pdf.count > 2_000)
    }

    """#

  static let readme = #"""
    # __NAME__: invoicegen with the __NAME__ invoice layout

    `Sources/__NAME__/__NAME__Layout.swift` is invoicegen's built-in invoice with its totals block as a
    view of its own: edit it, replace other blocks, insert views. Everything the config says still
    applies; every input column is in `invoice.fields`; `layout.options` holds settings of your own.

    Needs invoicegen's C libraries and pkg-config file: run `make deps` in an invoicegen checkout once.

        swift build -c release && swift test
        .build/release/__NAME__ --input orders.csv --config invoicegen.json --out invoices/ --layout __NAME__

    """#

  static let gitignore = ".build/\n.swiftpm/\n"
}
