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
  /// For each footer column that is a link (`{"link": URL, "text": …}`), the address with its
  /// `{placeholders}`; nil for a column of text. As many as `footer` has columns, or none.
  public var footerLinks: [LocalizedText?] = []
  /// The footer's type size in points (`layout.footerStyle.size`).
  public var footerSize = 7.5
  /// The footer columns' relative widths (`layout.footerStyle.widths`); empty: equal widths.
  public var footerWidths: [Double] = []
  /// Pictures besides the logo (a seal, a certification mark), each with its place and size (`layout.images`).
  public var images: [PlacedImage] = []
  /// The layout package's own settings (`layout.options`), which the built-in layout ignores.
  public var options: [String: JSONOption] = [:]
  /// Whether a tax line of zero is left out of the totals (`layout.hideZeroTax`).
  public var hidesZeroTax = false
  /// How the document writes dates (`layout.dateStyle`).
  public var dateStyle: DateStyle = .abbreviated
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
  /// The amount due and its due date as one large line ("$780.70 due March 31, 2026"); not in the
  /// shipped order, placed where `layout.blocks` names it.
  case amountDue = "amount-due"

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
  /// A web address (http, https or mailto) printed as a clickable link, with the field's `text` or the address.
  case link
}

/// An extra row of the details block: a label per language and the field whose value it prints.
public struct CustomField: Sendable {
  public var label: LocalizedText
  /// The input column (after the config's `columns` mapping) or JSON field of the invoice.
  public var field: String
  public var format: FieldFormat
  /// The text a `link` shows instead of the address ("Pay online").
  public var text: LocalizedText?

  public init(label: LocalizedText, field: String, format: FieldFormat = .text, text: LocalizedText? = nil) {
    self.label = label
    self.field = field
    self.format = format
    self.text = text
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
  /// The column it is printed under instead of being a column of its own: `description`, where it
  /// is a smaller grey line under each item's text (a billing period).
  public var under: ItemColumn?

  public init(
    label: LocalizedText, field: String, after: String? = nil, format: FieldFormat = .text,
    trailing: Bool? = nil, under: ItemColumn? = nil
  ) {
    self.label = label
    self.field = field
    self.after = after
    self.format = format
    self.trailing = trailing ?? (format != .text && format != .link)
    self.under = under
  }
}

/// A picture of `layout.images`: a seal or a second logo, placed in the letterhead, the footer or
/// beside the totals, at a width (and optionally a height) in millimetres.
public struct PlacedImage: Sendable {
  /// Where it goes.
  public enum Place: String, CaseIterable, Sendable {
    /// Beside the logo.
    case letterhead
    /// In the footer of every page, after its columns.
    case footer
    /// Beside the totals, on their leading side.
    case totals
  }

  /// The file (SVG, PNG or JPEG), resolved against the config's folder.
  public var file: String
  public var place: Place
  /// The width in millimetres; the height follows the picture's shape unless `height` is given.
  public var width: Double
  public var height: Double?
  /// What the picture says, for screen readers (its alternative text).
  public var description: LocalizedText?

  public init(
    file: String, place: Place, width: Double, height: Double? = nil, description: LocalizedText? = nil
  ) {
    self.file = file
    self.place = place
    self.width = width
    self.height = height
    self.description = description
  }
}

/// A JSON value of a layout package's own settings (`layout.options`), as the config wrote it.
public indirect enum JSONOption: Sendable, Hashable {
  case string(String)
  /// A number as written (`"2.5"`), so a package can read it exactly.
  case number(String)
  case bool(Bool)
  case null
  case array([JSONOption])
  case object([String: JSONOption])

  /// The text of a string value.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The value of a number (or a numeric string) as a `Double`.
  public var double: Double? {
    switch self {
    case .number(let text), .string(let text): return Double(text)
    default: return nil
    }
  }
}
