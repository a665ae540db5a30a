import DataModel
import Foundation
import PageKit

/// Subtotal, VAT per rate and the total (the `totals` block), then the VAT summary (`vat-summary`).
public struct InvoiceTotals: View {
  /// A block this view draws.
  public enum Part: Sendable, CaseIterable {
    /// Subtotal, tax per rate and the total (`totals`).
    case totals
    /// Net, tax and gross per rate, with the notes on tax (`vat-summary`).
    case vatSummary

    /// The block of `layout.blocks` this part is.
    public var block: InvoiceBlock { self == .totals ? .totals : .vatSummary }

    /// The part that draws `block`, if this view draws it.
    public init?(_ block: InvoiceBlock) {
      switch block {
      case .totals: self = .totals
      case .vatSummary: self = .vatSummary
      default: return nil
      }
    }
  }

  let invoice: Invoice
  let strings: StringTable
  let format: DocumentFormatter
  let brand: Brand
  /// The amount due when it differs from the total (a received invoice with a prepayment).
  var amountDue: Money? = nil
  /// Which of the two it shows, in order.
  var parts: [Part] = [.totals, .vatSummary]
  /// The notes on tax the seller country's law asks for, printed with the VAT summary.
  var legalNotes: [String] = []
  /// Whether tax lines of zero are left out of the totals (`layout.hideZeroTax`).
  var hidesZeroTax = false
  /// What a layout changed of these blocks.
  var overrides = BlockOverrides()

  /// The totals and VAT summary of `context`'s invoice, or only those of `parts` in their order.
  public init(_ context: InvoiceContext, parts: [Part] = [.totals, .vatSummary]) {
    invoice = context.invoice
    strings = context.strings
    format = context.format
    brand = context.brand
    amountDue = context.settings.received?.amountDue
    self.parts = parts
    legalNotes = context.legalNotes
    hidesZeroTax = context.settings.layout.hidesZeroTax
  }

  /// The totals of `context` with what a layout changed of them.
  init(_ context: InvoiceContext, parts: [Part], overrides: BlockOverrides) {
    self.init(context, parts: parts)
    self.overrides = overrides
  }

  public var body: some View {
    // Every amount on the page ends on one edge: the item table's Amount column, inside its cell padding.
    VStack(alignment: .trailing, spacing: 10) {
      for part in parts {
        overrides.slot(part.block) { self.part(part) }
      }
    }
    .padding(.trailing, InvoiceItems.cellPadding.trailing)
    .frame(maxWidth: .infinity, alignment: .trailing)
    .keepTogether()
  }

  /// One part as the built-in layout draws it inside this view.
  @ViewBuilder
  public func part(_ part: Part) -> some View {
    switch part {
    case .totals: amounts(invoice.totals)
    case .vatSummary:
      vatSummary(invoice.totals)
      if !legalNotes.isEmpty { legalNotesView }
    }
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
        if !(hidesZeroTax && totals.taxes[index].tax.amount.isZero) {
          GridRow {
            Text(taxLabel(totals.taxes[index]))
            Text(format.money(totals.taxes[index].tax))
          }
        }
      }
      Rectangle().fill(brand.accentColor).frame(height: 1).accessibilityHidden(true)
      GridRow {
        Text(strings(.total)).bold()
        Text(format.money(totals.grandTotal)).bold()
      }
      .font(brand.font(11, weight: .bold))
      if let amountDue {
        // A received invoice's amount due as stated, when prepayment or rounding make it differ.
        GridRow {
          Text(strings(.amountDue)).bold()
          Text(format.money(amountDue)).bold()
        }
      }
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

  /// The notes the seller country's law asks for, under the VAT summary and ending on its edge.
  var legalNotesView: some View {
    VStack(alignment: .trailing, spacing: 2) {
      ForEach(legalNotes, id: \.self) { note in Text(note).multilineTextAlignment(.trailing) }
    }
    .font(brand.font(8))
    .frame(maxWidth: 320, alignment: .trailing)
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
