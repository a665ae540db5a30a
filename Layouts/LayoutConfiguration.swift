import DataModel
import Foundation

/// What a config's `layout` section changes in the built-in invoice layout, without Swift.
///
/// Extra fields in the details block, extra and hidden item columns, the blocks and their order,
/// the logo's place, a footer of one to three columns, the title per document kind and labels per
/// language. The defaults give the layout as shipped.
public struct LayoutConfiguration: Sendable {
  /// Extra rows of the details block, from input columns or JSON fields (`layout.fields`).
  public var fields: [CustomField] = []
  /// Built-in item columns left out on every invoice (`layout.itemColumns.hide`).
  public var hiddenColumns: Set<ItemColumn> = []
  /// Extra item columns from input fields (`layout.itemColumns.add`).
  public var addedColumns: [AddedColumn] = []
  /// Whether a column with no value on any line of an invoice is left out of that invoice
  /// (`layout.itemColumns.hideEmpty`; the unit, discount and added columns).
  public var hidesEmptyColumns = true
  /// The blocks of the body, in order; those not listed are left out (`layout.blocks`).
  public var blocks: [InvoiceBlock] = InvoiceBlock.standard
  /// The footer's columns, each a text per language with `{placeholders}`; empty: the legal line.
  public var footer: [LocalizedText] = []
  /// The document title per kind, replacing "Invoice" or "Credit note" (`layout.title`).
  public var titles: [DocumentKind: LocalizedText] = [:]
  /// Labels per language over the shipped ones, or for a language not shipped (`layout.labels`).
  public var labels = CustomLabels()
  /// Where the logo sits in the letterhead (`layout.logo`).
  public var logoPosition: LogoPosition = .leading
  /// How the input writes dates, for custom fields of the `date` format that are not ISO 8601.
  public var inputDateFormat: DateFormat = .iso8601

  public init() {}

  /// Whether `column` is shown on an invoice, before looking at whether it is empty there.
  public func shows(_ column: ItemColumn) -> Bool { !hiddenColumns.contains(column) }
}

/// A document kind the title can be set for.
public enum DocumentKind: String, CaseIterable, Sendable {
  case invoice
  case creditNote = "credit-note"
}

/// Where the logo sits in the letterhead.
public enum LogoPosition: String, CaseIterable, Sendable {
  case leading, trailing, none
}

/// A block of the invoice body that `layout.blocks` places.
public enum InvoiceBlock: String, CaseIterable, Sendable {
  /// The buyer, the invoice's facts (number, dates, references) and the custom fields.
  case details
  /// The line items.
  case items
  /// Subtotal, tax per rate and the total.
  case totals
  /// Net, tax and gross per rate.
  case vatSummary = "vat-summary"
  /// The payment terms and the amount due by the due date.
  case paymentTerms = "payment-terms"
  /// The account to pay to.
  case bank
  /// The payment QR code (EPC), beside the bank details when it follows them.
  case paymentCode = "payment-code"
  /// The invoice's notes, or the config's default notes.
  case notes

  /// The blocks of the shipped layout, in its order.
  public static let standard: [InvoiceBlock] = [
    .details, .items, .totals, .vatSummary, .paymentTerms, .bank, .paymentCode, .notes,
  ]
}

/// A built-in column of the item table.
public enum ItemColumn: String, CaseIterable, Sendable {
  case position, description, quantity, unit
  case unitPrice = "unit-price"
  case discount, tax, amount

  /// The columns `layout.itemColumns.hide` may name: every one but the description and amount.
  public static let hideable: [ItemColumn] = [.position, .quantity, .unit, .unitPrice, .discount, .tax]
}

/// How a custom field's value is printed.
public enum FieldFormat: String, CaseIterable, Sendable {
  /// As written.
  case text
  /// A decimal number in the document's locale.
  case number
  /// An amount in the invoice's currency.
  case money
  /// A date in the document's locale (ISO 8601 or the input's date format).
  case date
}

/// An extra row of the details block: a label per language and the field whose value it prints.
public struct CustomField: Sendable {
  public var label: LocalizedText
  /// The input column (after the config's `columns` mapping) or JSON field of the invoice.
  public var field: String
  public var format: FieldFormat

  public init(label: LocalizedText, field: String, format: FieldFormat = .text) {
    self.label = label
    self.field = field
    self.format = format
  }
}

/// An extra item column: a label per language, the item field, where it goes, its format and alignment.
public struct AddedColumn: Sendable {
  public var label: LocalizedText
  /// The input column or JSON field of each item.
  public var field: String
  /// The built-in column (or the field of another added column) it follows; nil: before the amount.
  public var after: String?
  public var format: FieldFormat
  /// Whether it is aligned to the trailing edge; numbers, money and dates are by default.
  public var trailing: Bool

  public init(
    label: LocalizedText, field: String, after: String? = nil, format: FieldFormat = .text,
    trailing: Bool? = nil
  ) {
    self.label = label
    self.field = field
    self.after = after
    self.format = format
    self.trailing = trailing ?? (format != .text)
  }
}
