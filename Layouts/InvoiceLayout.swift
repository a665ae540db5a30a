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
    let document = Document(
      title: "\(title) \(invoice.number)",
      author: settings.author ?? settings.issuer.seller?.name,
      subject: strings(invoice.isCreditNote ? .creditNoteFor : .invoiceFor, invoice.customer.name),
      keywords: [title, invoice.number, invoice.customer.name],
      creator: settings.creator
    ) {
      Page(
        size: paper,
        margins: settings.envelope?.margins ?? EdgeInsets(top: 36, leading: 48, bottom: 32, trailing: 48)
      ) {
        InvoiceHead(invoice: invoice, settings: settings, strings: strings, format: format, title: title)
        InvoiceItems(invoice: invoice, strings: strings, format: format, brand: brand)
        InvoiceTotals(invoice: invoice, strings: strings, format: format, brand: brand)
        InvoiceClosing(invoice: invoice, settings: settings, strings: strings, format: format)
      }
      .header { page in
        if page.pageNumber > 1 {
          HStack {
            Text("\(title) \(invoice.number)").bold()
            Spacer()
            Text(invoice.customer.name)
          }
          .font(brand.font(8))
          .foregroundColor(Color(white: 0.4))
        }
      }
      .background { page in
        if page.pageNumber == 1, let envelope = settings.envelope { envelope.marks() }
      }
      .footer { page in
        VStack(spacing: 4) {
          Rectangle().fill(Color(white: 0.8)).frame(height: 0.5)
          HStack(alignment: .top) {
            Text(
              settings.issuer.text(settings.issuer.legalLine, for: invoice.locale) ?? settings.issuer.seller?
                .name ?? ""
            )
            .lineLimit(2)
            Spacer()
            Text(strings(.pageOfCount, format.integer(page.pageNumber), format.integer(page.pageCount)))
              .fixedSize()
          }
        }
        .font(brand.font(7.5))
        .foregroundColor(Color(white: 0.4))
      }
      // The Swiss QR-bill: its own page, the 105 mm strip at the bottom, where it can be torn off.
      if case .success(let bill)? = settings.issuer.swissQRBill(for: invoice) {
        Page(size: paper, margins: EdgeInsets(0)) {
          VStack(alignment: .leading, spacing: 0) {
            Color.clear.frame(height: paper.height - SwissQRBillView.height)
            SwissQRBillView(bill: bill, language: locale.language.languageCode?.identifier ?? "en")
          }
        }
      }
    }
    return PreparedDocument(
      document: document, environment: documentEnvironment(locale: locale, brand: brand))
  }
}

/// Logo, seller, title, buyer and the invoice's facts.
struct InvoiceHead: View {
  let invoice: Invoice
  let settings: InvoiceSettings
  let strings: StringTable
  let format: DocumentFormatter
  let title: String

  var body: some View {
    if let window = settings.envelope {
      VStack(alignment: .leading, spacing: 0) {
        // The letterhead fills the space above the window exactly, so the window lands where the envelope's is.
        letterhead.frame(height: window.top - window.margins.top, alignment: .top)
        HStack(alignment: .top, spacing: 12) {
          addressField(window)
          Spacer(minLength: 0)
          facts.padding(.top, window.returnZone)
        }
        Text(title).font(settings.brand.font(22, weight: .bold)).foregroundColor(settings.brand.accentColor)
          .accessibilityHeading(.h1)
          .padding(.top, 10)
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
      Text(title).font(settings.brand.font(22, weight: .bold)).foregroundColor(settings.brand.accentColor)
        .accessibilityHeading(.h1)
      HStack(alignment: .top) {
        VStack(alignment: .leading, spacing: 1) {
          Text(strings(.billTo)).font(settings.brand.font(7.5)).foregroundColor(Color(white: 0.45))
          recipient
        }
        .frame(maxWidth: 260, alignment: .leading)
        Spacer()
        facts
      }
    }
    .padding(.bottom, 6)
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
    return ([seller.name] + sellerAddress(seller)).joined(separator: " · ")
  }

  /// The buyer's name, address, VAT id and email.
  var recipient: some View {
    (Text(invoice.customer.name).bold()
      + Text(
        InvoiceHead.lines(
          invoice.customer.address
            + [invoice.customer.vatId.map { "\(strings(.vatId)) \($0)" }, invoice.customer.email]
            .compactMap { $0 })))
      .lineSpacing(1)
  }

  /// The logo (or the seller's name) and the seller's address block.
  var letterhead: some View {
    HStack(alignment: .top) {
      if let logo = settings.brand.logo {
        Image(file: logo).resizable().scaledToFit().frame(width: 140, height: 48, alignment: .leading)
          .accessibilityLabel(settings.issuer.seller?.name ?? "Logo")
      } else if let seller = settings.issuer.seller {
        Text(seller.name).font(settings.brand.font(16, weight: .bold)).foregroundColor(
          settings.brand.accentColor)
      }
      Spacer()
      if let seller = settings.issuer.seller {
        // One paragraph of lines: one text to shape instead of one per line.
        (Text(seller.name).bold()
          + Text(
            InvoiceHead.lines(
              sellerAddress(seller) + [seller.email].compactMap { $0 }
                + [seller.vatId.map { "\(strings(.vatId)) \($0)" }].compactMap { $0 })))
          .font(settings.brand.font(8))
          .lineSpacing(1)
          .multilineTextAlignment(.trailing)
      }
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
      if let delivery = invoice.deliveryDate { fact(.deliveryDate, format.date(delivery)) }
      if let period = invoice.billingPeriod {
        fact(.servicePeriod, "\(format.date(period.lowerBound)) – \(format.date(period.upperBound))")
      }
    }
    .accessibilityTable(headers: .firstColumn)
  }

  /// The seller's address lines as the config gives them, or made from its parts in the document's language.
  func sellerAddress(_ seller: Party) -> [String] {
    guard seller.address.isEmpty, let postal = seller.postalAddress else { return seller.address }
    return postal.lines(locale: format.locale)
  }

  /// `lines`, each on its own line after what comes before.
  static func lines(_ lines: [String]) -> String {
    lines.map { "\n" + $0 }.joined()
  }

  func fact(_ key: StringKey, _ value: String) -> GridRow {
    GridRow {
      Text(strings(key)).foregroundColor(Color(white: 0.45))
      Text(value).bold()
    }
  }
}

/// The line items, as a table that repeats its header and carries the running total over pages.
struct InvoiceItems: View {
  /// The padding of every cell; the totals below end where the amounts do, at its trailing edge.
  static let cellPadding = EdgeInsets(top: 3.5, leading: 4, bottom: 3.5, trailing: 4)

  let invoice: Invoice
  let strings: StringTable
  let format: DocumentFormatter
  let brand: Brand

  var body: some View {
    let currency = invoice.currency
    let hasDiscount = invoice.items.contains { !$0.discount.isZero || !$0.discountAmount.isZero }
    // Tax the export gave for the whole invoice has no per-line rate to show.
    let hasRate = invoice.givenTax == nil
    let hasUnit = invoice.items.contains { $0.unit != nil }
    var columns = [
      TableColumn(strings(.position), width: .fit, alignment: .trailing),
      TableColumn(strings(.description), width: .fraction(1)),
      TableColumn(strings(.quantity), width: .fit, alignment: .trailing),
    ]
    if hasUnit { columns.append(TableColumn(strings(.unit), width: .fit)) }
    columns.append(TableColumn(strings(.unitPrice), width: .fit, alignment: .trailing))
    if hasDiscount { columns.append(TableColumn(strings(.discount), width: .fit, alignment: .trailing)) }
    if hasRate { columns.append(TableColumn(strings(.vat), width: .fit, alignment: .trailing)) }
    columns.append(TableColumn(strings(.amount), width: .fit, alignment: .trailing))
    let amounts = invoice.totals.lineAmounts
    let rows = invoice.items.enumerated().map { index, item -> [String] in
      var cells = [
        format.integer(index + 1), item.sku.map { "\(item.description) (\($0))" } ?? item.description,
        format.number(item.quantity),
      ]
      if hasUnit { cells.append(item.unit.map { UnitNames.name($0, locale: format.locale) } ?? "") }
      cells.append(format.price(item.unitPrice, currency: currency))
      if hasDiscount {
        cells.append(
          !item.discountAmount.isZero
            ? format.money(Money(item.discountAmount.negated, currency))
            : item.discount.isZero ? "" : format.percent(item.discount))
      }
      if hasRate { cells.append(format.percent(item.taxRate)) }
      cells.append(format.money(amounts[index]))
      return cells
    }
    // "Carried forward" at page breaks prints the exact running totals the invoice computed.
    let running = invoice.totals.runningTotals
    var style = TableStyle()
    style.headerBackground = brand.accentColor.opacity(0.12)
    style.zebra = Color(white: 0.965)
    style.cellPadding = InvoiceItems.cellPadding
    let amountColumn = columns.count - 1
    return Table(
      columns: columns, rows: TableRows(rows),
      continuation: TableContinuation(
        carriedLabel: strings(.carriedForward), broughtLabel: strings(.broughtForward), column: amountColumn,
        labelColumn: 1, initial: format.money(Money.zero(currency)),
        widestTotal: running.max { $0.amount.units.magnitude < $1.amount.units.magnitude }.map(format.money)
      ) { _, row, _ in format.money(running[row]) }
    )
    .tableStyle(style)
  }
}

/// Subtotal, VAT per rate and the total, then the VAT summary.
struct InvoiceTotals: View {
  let invoice: Invoice
  let strings: StringTable
  let format: DocumentFormatter
  let brand: Brand

  var body: some View {
    // Every amount on the page ends on one edge: the item table's Amount column, inside its cell padding.
    VStack(alignment: .trailing, spacing: 10) {
      amounts(invoice.totals)
      vatSummary(invoice.totals)
    }
    .padding(.trailing, InvoiceItems.cellPadding.trailing)
    .frame(maxWidth: .infinity, alignment: .trailing)
    .keepTogether()
  }

  /// The items' total and the charges (when there are any), the subtotal, the tax per rate and the total.
  func amounts(_ totals: DataModel.InvoiceTotals) -> some View {
    Grid(alignment: .trailing, horizontalSpacing: 16, verticalSpacing: 3) {
      if !invoice.allowancesCharges.isEmpty {
        GridRow {
          Text(strings(.itemsTotal))
          Text(format.money(totals.lineTotal))
        }
        ForEach(Array(invoice.allowancesCharges.indices), id: \.self) { index in
          GridRow {
            Text(chargeLabel(invoice.allowancesCharges[index], rates: totals.taxes.count))
            Text(
              format.money(Money(invoice.allowancesCharges[index].signedAmount, invoice.currency)))
          }
        }
      }
      GridRow {
        Text(strings(.subtotal))
        Text(format.money(totals.subtotal))
      }
      ForEach(Array(totals.taxes.indices), id: \.self) { index in
        GridRow {
          Text(taxLabel(totals.taxes[index]))
          Text(format.money(totals.taxes[index].tax))
        }
      }
      Rectangle().fill(brand.accentColor).frame(height: 1).accessibilityHidden(true)
      GridRow {
        Text(strings(.total)).bold()
        Text(format.money(totals.grandTotal)).bold()
      }
      .font(brand.font(11, weight: .bold))
    }
    .accessibilityTable(headers: .firstColumn)
    .frame(width: 250, alignment: .trailing)
  }

  /// The VAT summary: net, tax and gross per rate, and the notes on tax.
  func vatSummary(_ totals: DataModel.InvoiceTotals) -> some View {
    VStack(alignment: .leading, spacing: 4) {
      Text(strings(.vatSummary)).font(brand.font(8, weight: .bold)).accessibilityHeading(.h2)
      Grid(alignment: .trailing, horizontalSpacing: 14, verticalSpacing: 1) {
        GridRow {
          Text(strings(.rate))
          Text(strings(.netAmount))
          Text(strings(.taxAmount))
          Text(strings(.total))
        }
        .foregroundColor(Color(white: 0.45))
        ForEach(totals.taxes, id: \.self) { tax in
          GridRow {
            Text(tax.rate.map(format.percent) ?? tax.name ?? "")
            Text(format.money(tax.net))
            Text(format.money(tax.tax))
            Text(format.money(tax.gross))
          }
        }
      }
      .accessibilityTable(headers: .firstRow)
      if invoice.pricesIncludeTax { Text(strings(.pricesIncludeVat)) }
      if let reason = invoice.taxExemptionReason { Text(reason).italic() }
    }
    .font(brand.font(8))
  }

  /// "Shipping", "Voucher SUMMER10", with its rate when the invoice has several ("Shipping (7 %)").
  func chargeLabel(_ charge: AllowanceCharge, rates: Int) -> String {
    let name: String
    if let reason = charge.reason, charge.purpose == .discount {
      // An order discount's reason is mostly a code ("WELCOME10"): say what it is.
      name = "\(strings(.allowance)) (\(reason))"
    } else if let reason = charge.reason {
      name = reason
    } else {
      switch (charge.purpose, charge.kind) {
      case (.shipping, _): name = strings(.shipping)
      case (.discount, _), (.other, .allowance): name = strings(.allowance)
      case (.other, .charge): name = strings(.charge)
      }
    }
    guard rates > 1, let rate = charge.taxRate else { return name }
    // "Discount (FALL10)" gains its rate inside its parentheses: "Discount (FALL10, 19 %)".
    if name.hasSuffix(")") { return "\(name.dropLast()), \(format.percent(rate)))" }
    return "\(name) (\(format.percent(rate)))"
  }

  /// "VAT 19 %", or the export's own name for tax it gave ("California State Tax 7.25%").
  func taxLabel(_ tax: TaxBreakdown) -> String {
    if let name = tax.name { return name }
    guard let rate = tax.rate else { return strings(.taxAmount) }
    return strings(.vatAtRate, format.percent(rate))
  }
}

/// Payment terms, bank details and notes.
struct InvoiceClosing: View {
  let invoice: Invoice
  let settings: InvoiceSettings
  let strings: StringTable
  let format: DocumentFormatter

  var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      if settings.issuer.paymentTerms != nil || invoice.dueDate != nil, !invoice.isCreditNote {
        VStack(alignment: .leading, spacing: 2) {
          Text(strings(.paymentTerms)).bold().accessibilityHeading(.h2)
          if let due = invoice.dueDate {
            Text(strings(.paymentDue, format.money(invoice.totals.grandTotal), format.date(due)))
          }
          if let terms = settings.issuer.text(settings.issuer.paymentTerms, for: invoice.locale) {
            Text(terms)
          }
        }
      }
      if invoice.isCreditNote {
        // Nothing to pay: say how the amount is settled instead of asking for payment.
        Text(
          strings(
            .creditNoteSettlement,
            format.money(Money(invoice.totals.grandTotal.amount.negated, invoice.currency))))
      }
      if let bank = settings.issuer.bank, !invoice.isCreditNote {
        HStack(alignment: .top, spacing: 16) {
          bankDetails(bank)
          if case .success(let code)? = settings.issuer.epcPayment(for: invoice) {
            Spacer(minLength: 0)
            VStack(alignment: .center, spacing: 2) {
              QRCode(code.payload, errorCorrection: .medium).frame(width: 78, height: 78)
                .accessibilityLabel(strings(.scanToPay))
              Text(strings(.scanToPay)).font(settings.brand.font(7)).foregroundColor(Color(white: 0.35))
            }
          }
        }
      }
      if let notes = invoice.notes ?? settings.issuer.text(settings.issuer.notes, for: invoice.locale) {
        VStack(alignment: .leading, spacing: 2) {
          Text(strings(.notes)).bold().accessibilityHeading(.h2)
          Text(notes)
        }
      }
    }
    .keepTogether()
  }

  /// The account holder, bank, IBAN and BIC.
  func bankDetails(_ bank: BankAccount) -> some View {
    VStack(alignment: .leading, spacing: 2) {
      Text(strings(.bankDetails)).bold().accessibilityHeading(.h2)
      Grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 1) {
        if let holder = bank.holder ?? settings.issuer.seller?.name {
          GridRow {
            Text(strings(.accountHolder))
            Text(holder)
          }
        }
        if let name = bank.bankName {
          GridRow {
            Text("")
            Text(name)
          }
        }
        GridRow {
          Text(strings(.iban))
          Text(bank.iban)
        }
        if let bic = bank.bic {
          GridRow {
            Text(strings(.bic))
            Text(bic)
          }
        }
      }
      .accessibilityTable(headers: .firstColumn)
    }
  }
}
