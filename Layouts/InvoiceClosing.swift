import DataModel
import Foundation
import PageKit

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
