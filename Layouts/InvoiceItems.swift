import DataModel
import Foundation
import PageKit

/// The line items, as a table that repeats its header and carries the running total over pages.
///
/// Its columns are the built-in ones the config does not hide (unit and discount only where an
/// item has one), with the config's added columns in their places.
public struct InvoiceItems: View {
  /// The padding of every cell; the totals below end where the amounts do, at its trailing edge.
  public static let cellPadding = EdgeInsets(top: 3.5, leading: 4, bottom: 3.5, trailing: 4)

  let context: InvoiceContext

  /// The item table of `context`'s invoice.
  public init(_ context: InvoiceContext) {
    self.context = context
  }

  /// One column: its header and alignment, and the text of each item's cell.
  struct Column {
    let name: String
    let column: TableColumn
    let cell: (Int, LineItem) -> String
  }

  public var body: some View {
    let invoice = context.invoice
    let strings = context.strings
    let format = context.format
    let columns = visibleColumns()
    let rows = invoice.items.enumerated().map { index, item in columns.map { $0.cell(index, item) } }
    // "Carried forward" at page breaks prints the exact running totals the invoice computed.
    let running = invoice.totals.runningTotals
    var style = TableStyle()
    style.headerBackground = context.brand.accentColor.opacity(0.12)
    style.zebra = Color(white: 0.965)
    style.cellPadding = InvoiceItems.cellPadding
    let amountColumn = columns.count - 1
    let labelColumn = columns.firstIndex { $0.name == ItemColumn.description.rawValue } ?? 0
    return Table(
      columns: columns.map(\.column), rows: TableRows(rows),
      continuation: TableContinuation(
        carriedLabel: strings(.carriedForward), broughtLabel: strings(.broughtForward), column: amountColumn,
        labelColumn: labelColumn, initial: format.money(Money.zero(invoice.currency)),
        widestTotal: running.max { $0.amount.units.magnitude < $1.amount.units.magnitude }.map(format.money)
      ) { _, row, _ in format.money(running[row]) }
    )
    .tableStyle(style)
  }

  /// The built-in columns shown on this invoice, then the added ones put after the column they name.
  func visibleColumns() -> [Column] {
    let layout = context.settings.layout
    var columns = builtInColumns().filter { column in
      guard let builtIn = ItemColumn(rawValue: column.name) else { return true }
      return layout.shows(builtIn)
    }
    for added in layout.addedColumns where added.under == nil {
      let values = context.invoice.items.map { $0.fields[added.field] }
      if layout.hidesEmptyColumns, values.allSatisfy({ $0 == nil }) { continue }
      let column = Column(
        name: added.field,
        column: TableColumn(
          context.text(added.label), width: .fit, alignment: added.trailing ? .trailing : .leading)
      ) { _, item in item.fields[added.field].map { context.formatted($0, as: added.format) } ?? "" }
      let place = added.after.flatMap { after in columns.firstIndex { $0.name == after } }.map { $0 + 1 }
      // Nothing named: before the amount, which stays last for the carried totals.
      columns.insert(column, at: min(place ?? columns.count - 1, columns.count - 1))
    }
    return columns
  }

  /// Every built-in column this invoice has something for (unit and discount only where an item has one).
  func builtInColumns() -> [Column] {
    let invoice = context.invoice
    let strings = context.strings
    let format = context.format
    let currency = invoice.currency
    let hidesEmpty = context.settings.layout.hidesEmptyColumns
    let hasDiscount =
      !hidesEmpty || invoice.items.contains { !$0.discount.isZero || !$0.discountAmount.isZero }
    // Tax the export gave for the whole invoice has no per-line rate to show.
    let hasRate = invoice.givenTax == nil
    let hasUnit = !hidesEmpty || invoice.items.contains { $0.unit != nil }
    let amounts = invoice.totals.lineAmounts
    var columns = [
      Column(name: "position", column: TableColumn(strings(.position), width: .fit, alignment: .trailing)) {
        index, _ in format.integer(index + 1)
      },
      Column(name: "description", column: TableColumn(strings(.description), width: .fraction(1))) {
        _, item in description(item)
      },
      Column(name: "quantity", column: TableColumn(strings(.quantity), width: .fit, alignment: .trailing)) {
        _, item in format.number(item.quantity)
      },
    ]
    if hasUnit {
      columns.append(
        Column(name: "unit", column: TableColumn(strings(.unit), width: .fit)) { _, item in
          item.unit.map { UnitNames.name($0, locale: format.locale) } ?? ""
        })
    }
    columns.append(
      Column(name: "unit-price", column: TableColumn(strings(.unitPrice), width: .fit, alignment: .trailing))
      {
        _, item in format.price(item.unitPrice, currency: currency)
      })
    if hasDiscount {
      columns.append(
        Column(name: "discount", column: TableColumn(strings(.discount), width: .fit, alignment: .trailing)) {
          _, item in
          !item.discountAmount.isZero
            ? format.money(Money(item.discountAmount.negated, currency))
            : item.discount.isZero ? "" : format.percent(item.discount)
        })
    }
    if hasRate {
      columns.append(
        Column(name: "tax", column: TableColumn(strings(.vat), width: .fit, alignment: .trailing)) {
          _, item in
          format.percent(item.taxRate)
        })
    }
    columns.append(
      Column(name: "amount", column: TableColumn(strings(.amount), width: .fit, alignment: .trailing)) {
        index, _ in format.money(amounts[index])
      })
    return columns
  }

  /// An item's description: its article number in parentheses unless an added column prints it,
  /// the mark the law asks for, and the details the config places under it (smaller and grey).
  func description(_ item: LineItem) -> String {
    let layout = context.settings.layout
    let printsSKU =
      item.sku.map { sku in layout.addedColumns.contains { item.fields[$0.field] == sku } } ?? true
    var text = Self.plain(
      item.sku.map { printsSKU ? item.description : "\(item.description) (\($0))" } ?? item.description)
    // A mark the law asks for (Japan's ※ on reduced-rate items) follows the description.
    if let mark = LegalNotes.itemMark(for: item, facts: context.legal) { text += " \(mark)" }
    let details = layout.addedColumns.filter { $0.under != nil }.compactMap { added in
      item.fields[added.field].map { Self.plain(context.formatted($0, as: added.format)) }
    }.filter { !$0.isEmpty }
    guard !details.isEmpty else { return text }
    return text + String(TableColumn.detailSeparator) + details.joined(separator: " · ")
  }

  /// `text` without the character that starts a cell's detail, so no input can make one.
  static func plain(_ text: String) -> String {
    text.utf8.contains(0x1E) ? text.filter { $0 != TableColumn.detailSeparator } : text
  }
}
