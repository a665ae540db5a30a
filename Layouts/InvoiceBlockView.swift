import DataModel
import PageKit

/// One block of the invoice body as the built-in layout draws it in its place: the view to start
/// from when a layout replaces a block (`configuration.view(for: .totals)`).
///
/// A block of a group is drawn as inside that group: the totals without the VAT summary's room,
/// the bank details with the payment code beside them when the config's blocks have it follow.
public struct InvoiceBlockView: View {
  let block: InvoiceBlock
  let context: InvoiceContext

  /// The built-in view of `block` for `context`'s invoice.
  public init(_ block: InvoiceBlock, _ context: InvoiceContext) {
    self.block = block
    self.context = context
  }

  public var body: some View {
    switch block {
    case .details:
      if context.settings.layout.blocks.first == .details {
        InvoiceHead(context).detailsRow
      } else {
        InvoiceHead(context).details.padding(.bottom, 6)
      }
    case .items: InvoiceItems(context)
    case .amountDue: AmountDue(context)
    case .totals, .vatSummary:
      InvoiceTotals(context).part(InvoiceTotals.Part(block)!)
    case .paymentTerms, .bank, .paymentCode, .notes:
      closingPart(InvoiceClosing.Part(block)!)
    }
  }

  /// A closing block between its neighbours of the config's blocks.
  func closingPart(_ part: InvoiceClosing.Part) -> some View {
    let group =
      InvoiceLayout.blockGroups(context.settings.layout.blocks).first { $0.contains(part.block) } ?? []
    let parts = group.compactMap(InvoiceClosing.Part.init)
    let index = parts.firstIndex(of: part)
    let next = index.flatMap { $0 + 1 < parts.count ? parts[$0 + 1] : nil }
    let previous = index.flatMap { $0 > 0 ? parts[$0 - 1] : nil }
    return InvoiceClosing(context, parts: parts).part(part, next: next, previous: previous)
  }
}
