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
    let locale = Locale(identifier: invoice.locale ?? settings.issuer.defaultLocale)
    let strings = StringTable(locale: locale)
    let format = DocumentFormatter.forCurrentThread(locale: locale)
    let brand = settings.brand
    let title = invoice.isCreditNote ? strings(.creditNote) : strings(.invoice)
    // One language per document: the PDF title too ("Rechnung 123", "Gutschrift 123").
    let paper = brand.paper(locale: locale, country: invoice.customer.postalAddress?.country)
    let pages = Page(
      size: paper,
      margins: settings.envelope?.margins ?? EdgeInsets(top: 36, leading: 48, bottom: 32, trailing: 48)
    ) {
      InvoiceHead(invoice: invoice, settings: settings, strings: strings, format: format, title: title)
      if let received = settings.received {
        ReceivedSection(notes: received, part: .notice, strings: strings, brand: brand)
      }
      InvoiceItems(invoice: invoice, strings: strings, format: format, brand: brand)
      InvoiceTotals(
        invoice: invoice, strings: strings, format: format, brand: brand,
        amountDue: settings.received?.amountDue)
      InvoiceClosing(invoice: invoice, settings: settings, strings: strings, format: format)
      if let received = settings.received {
        ReceivedSection(notes: received, part: .details, strings: strings, brand: brand)
      }
    }
    .header { page in
      if page.pageNumber > 1 { runningHead(invoice, title: title, brand: brand) }
    }
    .background { page in
      if page.pageNumber == 1, let envelope = settings.envelope { envelope.marks() }
    }
    .footer { page in footer(invoice, settings: settings, strings: strings, format: format, page: page) }
    let document = Document(
      title: "\(title) \(invoice.number)",
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

  /// The head of pages 2 and on: the title with the number, and the customer.
  static func runningHead(_ invoice: Invoice, title: String, brand: Brand) -> some View {
    HStack {
      Text("\(title) \(invoice.number)").bold()
      Spacer()
      Text(invoice.customer.name)
    }
    .font(brand.font(8))
    .foregroundColor(Color(white: 0.4))
  }

  /// The foot of every page: a rule, the seller's legal line and "Page N of M".
  static func footer(
    _ invoice: Invoice, settings: InvoiceSettings, strings: StringTable, format: DocumentFormatter,
    page: PageContext
  ) -> some View {
    VStack(spacing: 4) {
      Rectangle().fill(Color(white: 0.8)).frame(height: 0.5)
      HStack(alignment: .top) {
        Text(
          settings.issuer.text(settings.issuer.legalLine, for: invoice.locale) ?? settings.issuer.seller?.name
            ?? ""
        )
        .lineLimit(2)
        Spacer()
        Text(strings(.pageOfCount, format.integer(page.pageNumber), format.integer(page.pageCount)))
          .fixedSize()
      }
    }
    .font(settings.brand.font(7.5))
    .foregroundColor(Color(white: 0.4))
  }
}
