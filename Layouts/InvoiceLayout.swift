import DataModel
import Foundation
import PageKit

/// The built-in `invoice` layout: a professional invoice (or credit note) that flows over pages.
///
/// Seller and logo, buyer block, invoice facts, a line-item table with repeated header and carried
/// totals, VAT summary per rate, totals, payment terms with bank details, notes, and a footer with
/// the legal line and "Page N of M". Every label comes from `StringTable`.
public enum InvoiceLayout {
  public static func document(for invoice: Invoice, settings: InvoiceSettings) -> PreparedDocument {
    let context = InvoiceContext(invoice: invoice, settings: settings)
    let locale = context.locale
    let strings = context.strings
    let brand = settings.brand
    let title = context.title
    // A config title that prints the number itself ("Invoice {invoice.number}") is not given it twice.
    let numbered = title.contains(invoice.number) ? title : "\(title) \(invoice.number)"
    // One language per document: the PDF title too ("Rechnung 123", "Gutschrift 123").
    let paper = brand.paper(locale: locale, country: invoice.customer.postalAddress?.country)
    let groups = blockGroups(settings.layout.blocks)
    let pages = Page(size: paper, margins: margins(settings)) {
      InvoiceHead(context, includesDetails: settings.layout.blocks.first == .details)
      if let received = settings.received {
        ReceivedSection(notes: received, part: .notice, strings: strings, brand: brand)
      }
      for (index, group) in groups.enumerated() {
        body(group, context, isFirst: index == 0)
      }
      if let received = settings.received {
        ReceivedSection(notes: received, part: .details, strings: strings, brand: brand)
      }
    }
    .header { page in
      if page.pageNumber > 1 { runningHead(invoice, title: numbered, brand: brand) }
    }
    .background { page in
      if page.pageNumber == 1, let envelope = settings.envelope { envelope.marks() }
    }
    .footer { page in InvoiceFooter(context, page: page) }
    let document = Document(
      title: numbered,
      author: settings.author ?? settings.issuer.seller?.name,
      subject: strings(invoice.isCreditNote ? .creditNoteFor : .invoiceFor, invoice.customer.name),
      keywords: [title, invoice.number, invoice.customer.name],
      creator: settings.creator
    ) {
      if case .success(let bill)? = settings.issuer.swissQRBill(for: invoice) {
        // The Swiss QR-bill: the 105 mm strip at the bottom of the last page, where it can be
        // torn off, or on a page of its own when the invoice leaves no room for it.
        pages.slip(height: SwissQRBillView.height) {
          SwissQRBillView(bill: bill, language: locale.language.languageCode?.identifier ?? "en")
        }
      } else {
        pages
      }
    }
    return PreparedDocument(
      document: document, environment: documentEnvironment(locale: locale, brand: brand))
  }

  /// The page margins: the envelope window's, else the shipped ones.
  public static func margins(_ settings: InvoiceSettings) -> EdgeInsets {
    settings.envelope?.margins ?? EdgeInsets(top: 36, leading: 48, bottom: 32, trailing: 48)
  }

  /// The view of one group of blocks; the `details` block that comes first is part of the head.
  @ViewBuilder
  static func body(_ group: [InvoiceBlock], _ context: InvoiceContext, isFirst: Bool) -> some View {
    switch group[0] {
    case .details:
      if !isFirst { InvoiceHead(context).details.padding(.bottom, 6) }
    case .items: InvoiceItems(context)
    case .totals, .vatSummary:
      if PlacedImages.any(context, at: .totals) {
        HStack(alignment: .top, spacing: 12) {
          PlacedImages(context, place: .totals)
          InvoiceTotals(context, parts: group)
        }
        .keepTogether()
      } else {
        InvoiceTotals(context, parts: group)
      }
    case .paymentTerms, .bank, .paymentCode, .notes: InvoiceClosing(context, parts: group)
    case .amountDue: AmountDue(context)
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

  /// The head of pages 2 and on: the title with the number, and the customer.
  public static func runningHead(_ invoice: Invoice, title: String, brand: Brand) -> some View {
    HStack {
      Text(title.contains(invoice.number) ? title : "\(title) \(invoice.number)").bold()
      Spacer()
      Text(invoice.customer.name)
    }
    .font(brand.font(8))
    .foregroundColor(Color(white: 0.4))
  }
}
