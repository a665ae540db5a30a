import PageKit

/// What a layout changed of the built-in blocks: a block replaced, views inserted before or after one.
///
/// `InvoiceBody.replacing(_:with:)` and `inserting(_:_:content:)` write it; every block's group
/// (the head, the totals, the closing blocks) draws each of its blocks through `slot(_:builtIn:)`,
/// so a block changed keeps its place, its group's alignment and what keeps the group on one page.
struct BlockOverrides {
  /// One block's changes.
  struct Change {
    var replacement: AnyView?
    var before: [AnyView] = []
    var after: [AnyView] = []
  }

  private(set) var changes: [InvoiceBlock: Change] = [:]

  /// Whether nothing was changed.
  var isEmpty: Bool { changes.isEmpty }

  mutating func replace(_ block: InvoiceBlock, with view: AnyView) {
    changes[block, default: Change()].replacement = view
  }

  mutating func insert(_ view: AnyView, _ position: InvoiceBody.Position, _ block: InvoiceBlock) {
    switch position {
    case .before: changes[block, default: Change()].before.append(view)
    case .after: changes[block, default: Change()].after.append(view)
    }
  }

  /// Whether `block` was replaced.
  func replaces(_ block: InvoiceBlock) -> Bool { changes[block]?.replacement != nil }

  /// `block` as the layout has it: what was inserted before it, its replacement or `builtIn`, and
  /// what was inserted after it.
  @ViewBuilder
  func slot(_ block: InvoiceBlock, @ViewBuilder builtIn: () -> some View) -> some View {
    if let change = changes[block] {
      ForEach(Array(change.before.indices), id: \.self) { index in change.before[index] }
      if let replacement = change.replacement { replacement } else { builtIn() }
      ForEach(Array(change.after.indices), id: \.self) { index in change.after[index] }
    } else {
      builtIn()
    }
  }
}
