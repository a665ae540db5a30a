import DataModel
import PageKit

/// What an invoice layout supplies: its body, and optionally the head of pages 2 and on and the
/// footer of every page.
///
/// Everything around them is owned once by `InvoiceLayout`, which renders any style: the paper and
/// margins, the head (letterhead, title, the envelope window's address field and marks), the Swiss
/// QR-bill slip, a received e-invoice's notices, the PDF's metadata and the environment (language,
/// direction, fonts). So a layout of one's own changes only what it changes, and a fix to those
/// reaches it.
///
/// The built-in invoice is `DefaultInvoiceStyle`, whose body is the config's `layout.blocks`. A
/// style of one's own usually starts from that body:
///
///     struct AcmeStyle: InvoiceStyle {
///       func makeBody(configuration: Configuration) -> InvoiceBody {
///         configuration.body.replacing(.totals) { AcmeTotals(configuration.context) }
///       }
///     }
public protocol InvoiceStyle: Sendable {
  associatedtype Body: View
  associatedtype Header: View
  associatedtype Footer: View
  typealias Configuration = InvoiceStyleConfiguration

  /// The flowing content of the pages under the head; by default `configuration.body`, the config's
  /// blocks. Return that body changed (an `InvoiceBody`) so a change of the details block reaches the
  /// head; a body of one's own of several views needs `@ViewBuilder`.
  func makeBody(configuration: Configuration) -> Body
  /// The head of every page after the first; by default the title, number and customer.
  @ViewBuilder func makeHeader(configuration: Configuration, page: PageContext) -> Header
  /// The foot of every page; by default the config's footer, or the legal line, and "Page N of M".
  @ViewBuilder func makeFooter(configuration: Configuration, page: PageContext) -> Footer
}

extension InvoiceStyle {
  public func makeBody(configuration: Configuration) -> InvoiceBody { configuration.body }

  public func makeHeader(configuration: Configuration, page: PageContext) -> RunningHead {
    RunningHead(configuration, page: page)
  }

  public func makeFooter(configuration: Configuration, page: PageContext) -> InvoiceFooter {
    InvoiceFooter(configuration.context, page: page)
  }
}

/// The built-in invoice: the config's blocks, the running head and the footer, as shipped.
public struct DefaultInvoiceStyle: InvoiceStyle {
  public init() {}
}

/// What a style is given to make its views from: the invoice's context and its blocks.
public struct InvoiceStyleConfiguration {
  /// The invoice, the run's settings, the labels in the invoice's language and its formats.
  public let context: InvoiceContext

  /// The document's title ("Rechnung", "Tax invoice"), worked out once.
  public let title: String

  public init(context: InvoiceContext) {
    self.context = context
    title = context.title
  }

  /// The built-in body: the config's blocks in order (the head is drawn above it).
  public var body: InvoiceBody { InvoiceBody(context) }

  /// The blocks the config shows, in order.
  public var blocks: [InvoiceBlock] { context.settings.layout.blocks }

  /// The built-in view of one block, as the body draws it in its place.
  public func view(for block: InvoiceBlock) -> InvoiceBlockView { InvoiceBlockView(block, context) }
}

/// The head of pages 2 and on: the title with the number, and the customer.
public struct RunningHead: View {
  let invoice: Invoice
  let title: String
  let brand: Brand
  let page: PageContext

  /// The running head of `configuration`'s invoice on `page` (nothing on page 1).
  public init(_ configuration: InvoiceStyleConfiguration, page: PageContext) {
    invoice = configuration.context.invoice
    title = configuration.title
    brand = configuration.context.brand
    self.page = page
  }

  public var body: some View {
    if page.pageNumber > 1 {
      InvoiceLayout.runningHead(invoice, title: title, brand: brand)
    }
  }
}
