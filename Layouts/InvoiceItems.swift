import DataModel
import Foundation
import PageKit

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
