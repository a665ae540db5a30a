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
      LayoutRegistry.NamedLayout(
        name: "__NAME__", summary: "the __NAME__ invoice layout", document: __NAME__Layout.document)
    ])

    """#

  static let layoutSwift = #"""
    import DataModel
    import Foundation
    import Layouts
    import PageKit

    /// The __NAME__ invoice: a copy of invoicegen's built-in layout, written with its public blocks.
    ///
    /// Change what you like: reorder the blocks, put your own views between them, replace one with
    /// a view of your own. `context` has the invoice, the run's settings (seller, bank, brand, the
    /// config's layout section), the labels in the invoice's language and its number formats.
    enum __NAME__Layout {
      static func document(for invoice: Invoice, settings: InvoiceSettings) -> PreparedDocument {
        let context = InvoiceContext(invoice: invoice, settings: settings)
        let brand = settings.brand
        let title = context.title
        let pages = Page(
          size: brand.paper(locale: context.locale, country: invoice.customer.postalAddress?.country),
          margins: settings.envelope?.margins ?? EdgeInsets(top: 36, leading: 48, bottom: 32, trailing: 48)
        ) {
          InvoiceHead(context)
          InvoiceItems(context)
          InvoiceTotals(context)
          InvoiceClosing(context)
        }
        .header { page in
          if page.pageNumber > 1 { InvoiceLayout.runningHead(invoice, title: title, brand: brand) }
        }
        .background { page in
          if page.pageNumber == 1, let envelope = settings.envelope { envelope.marks() }
        }
        .footer { page in InvoiceFooter(context, page: page) }
        let document = Document(
          title: "\(title) \(invoice.number)",
          author: settings.author ?? settings.issuer.seller?.name,
          subject: title, keywords: [title, invoice.number, invoice.customer.name],
          creator: settings.creator
        ) {
          if case .success(let bill)? = settings.issuer.swissQRBill(for: invoice) {
            pages.slip(height: SwissQRBillView.height) {
              SwissQRBillView(bill: bill, language: context.locale.language.languageCode?.identifier ?? "en")
            }
          } else {
            pages
          }
        }
        return PreparedDocument(
          document: document, environment: documentEnvironment(locale: context.locale, brand: brand))
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
      let prepared = __NAME__Layout.document(for: invoice, settings: InvoiceSettings())
      #expect(prepared.document.title == "Invoice T-1")
      let pdf = try DocumentRenderer(document: prepared.document, environment: prepared.environment).pdfData()
      #expect(pdf.starts(with: Data("%PDF-".utf8)))
      #expect(pdf.count > 2_000)
    }

    """#

  static let readme = #"""
    # __NAME__: invoicegen with the __NAME__ invoice layout

    Made by `invoicegen new-layout __NAME__`. The layout is `Sources/__NAME__/__NAME__Layout.swift`,
    a copy of invoicegen's built-in invoice written with its public blocks: change it freely.

        swift build -c release                      # needs invoicegen's C libraries: make deps in invoicegen
        .build/release/__NAME__ --input orders.csv --out invoices/ --layout __NAME__
        swift test                                  # renders an invoice with the layout

    The executable is invoicegen itself with this layout added: every option, --config, --check,
    sharding, e-invoices, preview and diff work as documented in invoicegen's README.

    """#

  static let gitignore = ".build/\n.swiftpm/\n"
}
