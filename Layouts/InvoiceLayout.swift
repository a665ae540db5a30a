import DataModel
import Foundation
import PageKit

/// Renders an invoice (or credit note) with any `InvoiceStyle`, the built-in one by default.
///
/// It owns what every layout shares: the paper and margins, the head (letterhead, title, the
/// envelope window's address field and marks, and the details block when it comes first), a
/// received e-invoice's notices, the Swiss QR-bill slip, the PDF's title, author, subject and
/// keywords in the document's language, and the environment. The style supplies the body (the
/// built-in one: a line-item table with repeated header and carried totals, totals, VAT summary,
/// payment terms, bank details and notes, as the config's blocks order them), the running head and
/// the footer.
public enum InvoiceLayout {
  /// The built-in layout's document for `invoice`.
  public static func document(for invoice: Invoice, settings: InvoiceSettings) -> PreparedDocument {
    document(for: invoice, settings: settings, style: DefaultInvoiceStyle())
  }

  /// The document for `invoice` drawn with `style`.
  public static func document(
    for invoice: Invoice, settings: InvoiceSettings, style: some InvoiceStyle
  ) -> PreparedDocument {
    let context = InvoiceContext(invoice: invoice, settings: settings)
    let configuration = InvoiceStyleConfiguration(context: context)
    let locale = context.locale
    let brand = settings.brand
    let paper = brand.paper(locale: locale, country: invoice.customer.postalAddress?.country)
    let body = style.makeBody(configuration: configuration)
    // A body made from the built-in one changes the details block in the head too.
    let overrides = (body as? InvoiceBody)?.overrides ?? BlockOverrides()
    let pages = Page(size: paper, margins: margins(settings)) {
      InvoiceHead(context, includesDetails: settings.layout.blocks.first == .details, overrides: overrides)
      if let received = settings.received {
        ReceivedSection(notes: received, part: .notice, strings: context.strings, brand: brand)
      }
      body
      if let received = settings.received {
        ReceivedSection(notes: received, part: .details, strings: context.strings, brand: brand)
      }
    }
    .header { page in style.makeHeader(configuration: configuration, page: page) }
    .background { page in
      if page.pageNumber == 1, let envelope = settings.envelope { envelope.marks() }
    }
    .footer { page in style.makeFooter(configuration: configuration, page: page) }
    return PreparedDocument(
      document: document(context, title: configuration.title, pages: pages),
      environment: documentEnvironment(locale: locale, brand: brand))
  }

  /// The PDF around `pages`: its metadata in the document's language, and the Swiss QR-bill slip.
  static func document(_ context: InvoiceContext, title: String, pages: Page) -> Document {
    let invoice = context.invoice
    let settings = context.settings
    let numbered = numberedTitle(title, invoice)
    return Document(
      title: numbered,
      author: settings.author ?? settings.issuer.seller?.name,
      subject: context.strings(invoice.isCreditNote ? .creditNoteFor : .invoiceFor, invoice.customer.name),
      keywords: [title, invoice.number, invoice.customer.name],
      creator: settings.creator
    ) {
      if case .success(let bill)? = settings.issuer.swissQRBill(for: invoice) {
        // The Swiss QR-bill: the 105 mm strip at the bottom of the last page, where it can be
        // torn off, or on a page of its own when the invoice leaves no room for it.
        pages.slip(height: SwissQRBillView.height) {
          SwissQRBillView(bill: bill, language: context.locale.language.languageCode?.identifier ?? "en")
        }
      } else {
        pages
      }
    }
  }

  /// The page margins: the envelope window's, else the shipped ones.
  public static func margins(_ settings: InvoiceSettings) -> EdgeInsets {
    settings.envelope?.margins ?? EdgeInsets(top: 36, leading: 48, bottom: 32, trailing: 48)
  }

  /// The view of one group of blocks (the `details` block that comes first is the head's), with
  /// what a layout changed of them.
  @ViewBuilder
  static func body(_ group: [InvoiceBlock], _ context: InvoiceContext, overrides: BlockOverrides) -> some View
  {
    switch group[0] {
    case .details, .items, .amountDue:
      overrides.slot(group[0]) { InvoiceBlockView(group[0], context) }
    case .totals, .vatSummary:
      let totals = InvoiceTotals(
        context, parts: group.compactMap(InvoiceTotals.Part.init), overrides: overrides)
      if PlacedImages.any(context, at: .totals) {
        HStack(alignment: .top, spacing: 12) {
          PlacedImages(context, place: .totals)
          totals
        }
        .keepTogether()
      } else {
        totals
      }
    case .paymentTerms, .bank, .paymentCode, .notes:
      InvoiceClosing(context, parts: group.compactMap(InvoiceClosing.Part.init), overrides: overrides)
    }
  }

  /// The blocks in order, neighbours that are laid out together in one group: the totals with the
  /// VAT summary, and the payment terms, bank, payment code and notes (kept together on a page).
  public static func blockGroups(_ blocks: [InvoiceBlock]) -> [[InvoiceBlock]] {
    func family(_ block: InvoiceBlock) -> Int {
      switch block {
      case .details: return 0
      case .items: return 1
      case .totals, .vatSummary: return 2
      case .paymentTerms, .bank, .paymentCode, .notes: return 3
      case .amountDue: return 4
      }
    }
    var groups: [[InvoiceBlock]] = []
    for block in blocks {
      if let last = groups.last?.last, family(last) == family(block), (2...3).contains(family(block)) {
        groups[groups.count - 1].append(block)
      } else {
        groups.append([block])
      }
    }
    return groups
  }

  /// "Invoice INV-1": the title with the invoice's number, unless a config title prints the number
  /// itself ("Rechnung Nr. {invoice.number}"), which is not given it twice.
  static func numberedTitle(_ title: String, _ invoice: Invoice) -> String {
    title.contains(invoice.number) ? title : "\(title) \(invoice.number)"
  }

  /// The head of pages 2 and on: the title with the number, and the customer.
  public static func runningHead(_ invoice: Invoice, title: String, brand: Brand) -> some View {
    HStack {
      Text(numberedTitle(title, invoice)).bold()
      Spacer()
      Text(invoice.customer.name)
    }
    .font(brand.font(8))
    .foregroundColor(Color(white: 0.4))
  }
}
