import DataModel
import Foundation
import PageKit

/// The `amount-due` block: what to pay and by when as one large line ("$780.70 due March 31, 2026").
///
/// The amount is the received invoice's stated amount due, else the total; without a due date the
/// line reads "Amount due: $780.70". The label `amountDueBy` ("%1 due %2") can be changed per
/// language in `layout.labels` ("%1 USD due %2").
public struct AmountDue: View {
  let context: InvoiceContext

  /// The amount-due line of `context`'s invoice (nothing for a credit note: it is not paid).
  public init(_ context: InvoiceContext) {
    self.context = context
  }

  public var body: some View {
    if !context.invoice.isCreditNote {
      Text(line)
        .font(context.brand.font(15, weight: .bold))
        .accessibilityHeading(.h2)
        .padding(.bottom, 4)
    }
  }

  /// "$780.70 due March 31, 2026", or "Amount due: $780.70".
  var line: String {
    let amount = context.format.money(context.amountDue)
    guard let due = context.invoice.dueDate else { return "\(context.strings(.amountDue)): \(amount)" }
    return context.strings(.amountDueBy, amount, context.format.date(due))
  }
}
