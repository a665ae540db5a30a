import DataModel
import Foundation
import PageKit

/// Logo, seller, title, buyer and the invoice's facts (with the config's custom fields).
public struct InvoiceHead: View {
  let context: InvoiceContext
  /// Whether the buyer and the facts are part of the head (the `details` block comes first).
  let includesDetails: Bool
  /// What a layout changed of the `details` block.
  var overrides = BlockOverrides()
  var invoice: Invoice { context.invoice }
  var settings: InvoiceSettings { context.settings }
  var strings: StringTable { context.strings }
  var format: DocumentFormatter { context.format }
  var title: String { context.title }

  /// The head of `context`'s invoice; without `includesDetails`, only the letterhead and the title.
  public init(_ context: InvoiceContext, includesDetails: Bool = true) {
    self.context = context
    self.includesDetails = includesDetails
  }

  /// The head of `context` with what a layout changed of its details.
  init(_ context: InvoiceContext, includesDetails: Bool, overrides: BlockOverrides) {
    self.init(context, includesDetails: includesDetails)
    self.overrides = overrides
  }

  public var body: some View {
    if let window = settings.envelope {
      VStack(alignment: .leading, spacing: 0) {
        // The letterhead fills the space above the window exactly, so the window lands where the envelope's is.
        letterhead.frame(height: window.top - window.margins.top, alignment: .top)
        // The window's address field is always there; a layout changes it as the details block
        // only where that block comes first (else it also follows, changed there).
        if includesDetails { overrides.slot(.details) { detailsRow } } else { detailsRow }
        titleRow.padding(.top, 10)
      }
      .padding(.bottom, 6)
    } else {
      plainHead
    }
  }

  /// The head without a window: letterhead, title, then the buyer beside the facts.
  var plainHead: some View {
    VStack(alignment: .leading, spacing: 14) {
      letterhead
      titleRow
      if includesDetails { overrides.slot(.details) { details } }
    }
    .padding(.bottom, 6)
  }

  /// The title, with the VERI*FACTU QR code or another verification code at its end when the invoice carries one.
  @ViewBuilder
  var titleRow: some View {
    let heading = Text(title).font(settings.brand.font(22, weight: .bold))
      .foregroundColor(settings.brand.accentColor)
      .accessibilityHeading(.h1)
    if let record = LegalNotes.verifactuRecord(for: context.legal) {
      HStack(alignment: .top) {
        heading
        Spacer(minLength: 12)
        VerifactuMark(record, brand: settings.brand)
      }
    } else if let code = settings.issuer.verificationCode ?? LegalNotes.verificationCode(for: context.legal) {
      HStack(alignment: .top) {
        heading
        Spacer(minLength: 12)
        VerificationMark(code, brand: settings.brand)
      }
    } else {
      heading
    }
  }

  /// The `details` block as the head draws it when it comes first: in the envelope's window, the
  /// address field beside the facts; else `details`.
  @ViewBuilder
  public var detailsRow: some View {
    if let window = settings.envelope {
      HStack(alignment: .top, spacing: 12) {
        addressField(window)
        Spacer(minLength: 0)
        facts.padding(.top, window.returnZone)
      }
    } else {
      details
    }
  }

  /// The buyer beside the invoice's facts: the `details` block.
  public var details: some View {
    HStack(alignment: .top) {
      VStack(alignment: .leading, spacing: 1) {
        Text(strings(.billTo)).font(settings.brand.font(7.5)).foregroundColor(Color(white: 0.45))
        recipient
        if let delivery = invoice.deliveryAddress, delivery != invoice.customer.postalAddress {
          Text(strings(.deliverTo)).font(settings.brand.font(7.5)).foregroundColor(Color(white: 0.45))
            .padding(.top, 6)
          Text(
            delivery.lines(locale: format.locale, sentFrom: context.legal.sellerCountry).joined(
              separator: "\n"))
        }
      }
      .frame(maxWidth: 260, alignment: .leading)
      Spacer()
      facts
    }
  }

  /// The address field of a window envelope: the return address at the foot of its upper zone, the
  /// recipient in its lower zone, the text 5 mm inside the window's left edge.
  func addressField(_ window: EnvelopeWindow) -> some View {
    let inset = window.margins.leading - window.left
    let width = window.width - inset
    return VStack(alignment: .leading, spacing: 0) {
      Text(returnAddress).font(settings.brand.font(6.5)).foregroundColor(Color(white: 0.35)).lineLimit(1)
        .frame(width: width, height: window.returnZone - 4, alignment: .bottomLeading)
        .padding(.bottom, 4)
      recipient.frame(width: width, height: window.height - window.returnZone, alignment: .topLeading)
    }
  }

  /// The seller on one line for the window's return-address zone ("Northwind GmbH · Friedrichstraße 123 · 10117 Berlin").
  var returnAddress: String {
    guard let seller = settings.issuer.seller else { return "" }
    // A letter within one country names no country on its return address either.
    let domestic = recipientAddress(invoice.customer) != partyAddress(invoice.customer)
    return ([seller.name] + (domestic ? recipientAddress(seller) : partyAddress(seller))).joined(
      separator: " · ")
  }

  /// The buyer's name, address, VAT id, registration number (a French buyer's SIREN) and email.
  var recipient: some View {
    (Text(invoice.customer.name).bold()
      + Text(
        InvoiceHead.lines(
          recipientAddress(invoice.customer)
            + [
              invoice.customer.vatId.map { "\(strings(.vatId)) \($0)" },
              invoice.customer.companyId.map { "\(companyIdLabel) \($0)" }, invoice.customer.email,
            ]
            .compactMap { $0 })))
      .lineSpacing(1)
  }

  /// The label of the buyer's registration number: SIREN for a buyer in France.
  var companyIdLabel: String {
    context.legal.buyerCountry == "FR" ? "SIREN" : strings(.companyId)
  }

  /// The logo (or the seller's name) and the seller's address block.
  var letterhead: some View {
    HStack(alignment: .top) {
      if settings.layout.logoPosition == .trailing {
        sellerBlock(alignment: .leading)
        Spacer()
        if PlacedImages.any(context, at: .letterhead) { PlacedImages(context, place: .letterhead) }
        mark(alignment: .trailing)
      } else {
        mark(alignment: .leading)
        if PlacedImages.any(context, at: .letterhead) { PlacedImages(context, place: .letterhead) }
        Spacer()
        sellerBlock(alignment: .trailing)
      }
    }
  }

  /// The logo, or the seller's name in the accent colour when there is none (or `layout.logo` is `none`).
  @ViewBuilder
  func mark(alignment: Alignment) -> some View {
    if let logo = settings.brand.logo, settings.layout.logoPosition != .none {
      Image(file: logo).resizable().scaledToFit().frame(width: 140, height: 48, alignment: alignment)
        .accessibilityLabel(settings.issuer.seller?.name ?? "Logo")
    } else if let seller = settings.issuer.seller {
      Text(seller.name).font(settings.brand.font(16, weight: .bold)).foregroundColor(
        settings.brand.accentColor)
    }
  }

  /// The seller's name, address, email and VAT id, aligned to the side away from the logo.
  @ViewBuilder
  func sellerBlock(alignment: TextAlignment) -> some View {
    if let seller = settings.issuer.seller {
      // One paragraph of lines: one text to shape instead of one per line.
      (Text(seller.name).bold()
        + Text(
          InvoiceHead.lines(
            partyAddress(seller) + [seller.email].compactMap { $0 }
              + [seller.vatId.map { "\(context.sellerRegistrationLabel) \($0)" }].compactMap { $0 })))
        .font(settings.brand.font(8))
        .lineSpacing(1)
        .multilineTextAlignment(alignment)
    }
  }

  /// The invoice's number, dates, customer id and references.
  var facts: some View {
    Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 2) {
      fact(invoice.isCreditNote ? .creditNoteNumber : .invoiceNumber, invoice.number)
      fact(.invoiceDate, format.date(invoice.issueDate))
      // A credit note is not paid: it has no due date.
      if let due = invoice.dueDate, !invoice.isCreditNote { fact(.dueDate, format.date(due)) }
      if let id = invoice.customer.id { fact(.customerId, id) }
      if let order = invoice.purchaseOrder { fact(.purchaseOrder, order) }
      if let original = invoice.precedingInvoice { fact(.precedingInvoice, original) }
      // The date of supply, which VAT law asks for (§ 14 UStG, Art. 226 VAT Directive).
      // With `legal.deliveryDate: "issue-date"`, an invoice without one is delivered on its date of issue.
      if let delivery = invoice.deliveryDate ?? LegalNotes.deliveryDate(for: context.legal) {
        fact(.deliveryDate, format.date(delivery))
      }
      if let period = invoice.billingPeriod {
        fact(.servicePeriod, "\(format.date(period.lowerBound)) – \(format.date(period.upperBound))")
      }
      // The config's own rows (`layout.fields`), in the document's language, where the invoice has a value.
      ForEach(Array(settings.layout.fields.indices), id: \.self) { index in
        let field = settings.layout.fields[index]
        if let value = invoice.fields[field.field] {
          let label = FooterTemplate.fill(context.text(field.label), context)
          if field.format == .link, let url = InvoiceContext.linkURL(value) {
            link(label, field.text.map { FooterTemplate.fill(context.text($0), context) } ?? value, url)
          } else {
            fact(label, context.formatted(value, as: field.format))
          }
        }
      }
    }
    .accessibilityTable(headers: .firstColumn)
  }

  /// A party's address lines as the data gives them, or made from its parts in the document's language
  /// (the seller of the config, a received invoice's parties).
  func partyAddress(_ party: Party) -> [String] {
    guard party.address.isEmpty, let postal = party.postalAddress else { return party.address }
    return postal.lines(locale: format.locale)
  }

  /// The recipient's address lines, without the country line on a letter within the seller's country.
  func recipientAddress(_ party: Party) -> [String] {
    let sender = context.legal.sellerCountry
    guard let sender else { return partyAddress(party) }
    guard party.address.isEmpty, let postal = party.postalAddress else {
      // Lines as the data gives them: a last line that names the seller's country goes.
      if party.address.count > 1, let last = party.address.last,
        PostalAddress.countryCode(last, locale: format.locale) == sender
      {
        return Array(party.address.dropLast())
      }
      return party.address
    }
    return postal.lines(locale: format.locale, sentFrom: sender)
  }

  /// `lines`, each on its own line after what comes before.
  static func lines(_ lines: [String]) -> String {
    lines.map { "\n" + $0 }.joined()
  }

  func fact(_ key: StringKey, _ value: String) -> GridRow {
    fact(strings(key), value)
  }

  /// A row whose value is a clickable link (a `/URI` annotation, tagged as a Link) in the accent colour.
  func link(_ label: String, _ text: String, _ url: URL) -> GridRow {
    GridRow {
      Text(label).foregroundColor(Color(white: 0.45))
      Text(text).bold().underline().foregroundColor(settings.brand.accentColor).link(url)
    }
  }

  func fact(_ label: String, _ value: String) -> GridRow {
    GridRow {
      Text(label).foregroundColor(Color(white: 0.45))
      Text(value).bold()
    }
  }
}
