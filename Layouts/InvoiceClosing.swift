import DataModel
import Foundation
import PageKit

/// Payment terms, bank details with the payment code, and notes: the closing blocks, kept together.
public struct InvoiceClosing: View {
  /// A block this view draws.
  public enum Part: Sendable, CaseIterable {
    case paymentTerms, bank, paymentCode, notes

    /// The block of `layout.blocks` this part is.
    public var block: InvoiceBlock {
      switch self {
      case .paymentTerms: return .paymentTerms
      case .bank: return .bank
      case .paymentCode: return .paymentCode
      case .notes: return .notes
      }
    }

    /// The part that draws `block`, if this view draws it.
    public init?(_ block: InvoiceBlock) {
      guard let part = Part.allCases.first(where: { $0.block == block }) else { return nil }
      self = part
    }
  }

  let context: InvoiceContext
  /// The blocks shown, in order.
  let parts: [Part]
  /// What a layout changed of these blocks.
  var overrides = BlockOverrides()
  var invoice: Invoice { context.invoice }
  var settings: InvoiceSettings { context.settings }
  var strings: StringTable { context.strings }
  var format: DocumentFormatter { context.format }

  /// The closing of `context`'s invoice with `parts` in their order.
  public init(_ context: InvoiceContext, parts: [Part] = [.paymentTerms, .bank, .paymentCode, .notes]) {
    self.context = context
    self.parts = parts
  }

  /// The closing of `context` with what a layout changed of it.
  init(_ context: InvoiceContext, parts: [Part], overrides: BlockOverrides) {
    self.init(context, parts: parts)
    self.overrides = overrides
  }

  public var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      ForEach(Array(parts.indices), id: \.self) { index in
        overrides.slot(parts[index].block) {
          part(
            parts[index], next: index + 1 < parts.count ? parts[index + 1] : nil,
            previous: index > 0 ? parts[index - 1] : nil)
        }
      }
    }
    .keepTogether()
  }

  /// One closing block as the built-in layout draws it between `previous` and `next`: the payment
  /// code stands beside the bank details when it follows them (and neither was replaced).
  @ViewBuilder
  public func part(_ part: Part, next: Part?, previous: Part?) -> some View {
    let codeBesideBank = next == .paymentCode && !overrides.replaces(.paymentCode)
    let drawnBesideBank = previous == .bank && !overrides.replaces(.bank)
    switch part {
    case .paymentTerms: paymentTerms
    case .bank: bank(withCode: codeBesideBank)
    case .paymentCode: if !drawnBesideBank { paymentCode }
    case .notes: notes
    }
  }

  /// The payment terms and the amount due by the due date; for a credit note, how it is settled.
  @ViewBuilder
  var paymentTerms: some View {
    if settings.issuer.paymentTerms != nil || invoice.dueDate != nil || settings.issuer.earlyPayment != nil,
      !invoice.isCreditNote
    {
      VStack(alignment: .leading, spacing: 2) {
        Text(strings(.paymentTerms)).bold().accessibilityHeading(.h2)
        if let due = invoice.dueDate {
          Text(strings(.paymentDue, format.money(invoice.totals.grandTotal), format.date(due)))
        }
        if let early = context.earlyPayment {
          Text(
            strings(
              .earlyPayment, format.percent(early.terms.percent), format.date(early.date),
              format.money(early.amount)))
        }
        if let terms = settings.issuer.text(settings.issuer.paymentTerms, for: invoice.locale) {
          Text(FooterTemplate.fill(terms, context))
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
  }

  /// The bank details, with the payment code beside them when `withCode`.
  @ViewBuilder
  func bank(withCode: Bool) -> some View {
    if let bank = settings.issuer.bank, !invoice.isCreditNote {
      HStack(alignment: .top, spacing: 16) {
        bankDetails(bank)
        if withCode, case .success? = settings.issuer.epcPayment(for: invoice) {
          Spacer(minLength: 0)
          paymentCode
        }
      }
    }
  }

  /// The EPC payment QR code with its caption, when the invoice has one.
  @ViewBuilder
  var paymentCode: some View {
    if !invoice.isCreditNote, case .success(let code)? = settings.issuer.epcPayment(for: invoice) {
      VStack(alignment: .center, spacing: 2) {
        QRCode(code.payload, errorCorrection: .medium).frame(width: 78, height: 78)
          .accessibilityLabel(strings(.scanToPay))
        Text(strings(.scanToPay)).font(settings.brand.font(7)).foregroundColor(Color(white: 0.35))
      }
    }
  }

  /// The invoice's notes, or the config's default notes.
  @ViewBuilder
  var notes: some View {
    if let notes = invoice.notes
      ?? settings.issuer.text(settings.issuer.notes, for: invoice.locale).map({
        FooterTemplate.fill($0, context)
      })
    {
      VStack(alignment: .leading, spacing: 2) {
        Text(strings(.notes)).bold().accessibilityHeading(.h2)
        Text(notes)
      }
    }
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
