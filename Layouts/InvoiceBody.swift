import DataModel
import PageKit

/// The built-in invoice body: the config's `layout.blocks` in order, each group kept as the shipped
/// layout keeps it (the `details` block that comes first is drawn in the head, which `InvoiceLayout`
/// owns, changed as this body says).
///
/// A layout changes only what it names, and everything else the config says still applies:
///
///     configuration.body
///       .replacing(.totals) { MyTotals(configuration.context) }
///       .inserting(.before, .items) { Text("Thank you for your order.") }
public struct InvoiceBody: View {
  /// Where an inserted view goes.
  public enum Position: Sendable {
    case before, after
  }

  let context: InvoiceContext
  var overrides = BlockOverrides()

  /// The body of `context`'s invoice as the config's blocks make it.
  public init(_ context: InvoiceContext) {
    self.context = context
  }

  /// This body with `block` drawn by `content` instead (in the block's place and group); a block the
  /// config leaves out stays out.
  public func replacing(_ block: InvoiceBlock, @ViewBuilder with content: () -> some View) -> InvoiceBody {
    var changed = self
    changed.overrides.replace(block, with: AnyView(content()))
    return changed
  }

  /// This body with `content` drawn before or after `block` (when the config shows that block).
  public func inserting(
    _ position: Position, _ block: InvoiceBlock, @ViewBuilder content: () -> some View
  ) -> InvoiceBody {
    var changed = self
    changed.overrides.insert(AnyView(content()), position, block)
    return changed
  }

  public var body: some View {
    let blocks = context.settings.layout.blocks
    let groups = InvoiceLayout.blockGroups(blocks)
    let detailsFirst = blocks.first == .details
    for (index, group) in groups.enumerated() where !(index == 0 && detailsFirst) {
      InvoiceLayout.body(group, context, overrides: overrides)
    }
  }
}
