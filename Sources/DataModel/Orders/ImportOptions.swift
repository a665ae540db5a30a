/// How inputs are read and what fills the gaps: CSV dialect, column names, and invoice defaults.
///
/// The CLI reads its config file into this; tests build it directly.
public struct ImportOptions: Sendable {
  /// The CSV delimiter (`,` `;` or tab), or `nil` to detect it from the header line.
  public var delimiter: UInt8?
  /// `.` or `,` (European exports) between the whole and fractional digits of numbers in CSV, or
  /// `nil` to learn it from the file's first number that can only be read one way (`80,00`, `9.99`).
  public var decimalSeparator: UInt8?
  /// How dates are written; ISO 8601 by default.
  public var dateFormat: DateFormat = .iso8601
  /// The character encoding of CSV input.
  public var encoding: TextEncoding = .utf8
  /// Header names of the input mapped onto canonical names: `["InvoiceNo": "invoice_number"]`.
  public var columns: [String: String] = [:]
  /// Our invoice-level columns read from the first of several of the export's that is filled in a
  /// row: `["customer_name": ["Billing Name", "Shipping Name"]]`.
  public var columnChoices: [String: [String]] = [:]
  /// Header names never read, even when they match one of ours or a common alias (`"Notes": null`
  /// in the config's `columns`, for a staff-only column that must not print).
  public var ignoredColumns: Set<String> = []
  /// The currency of invoices that name none.
  public var defaultCurrency: Currency?
  /// The tax rate in percent of items that name none.
  public var defaultTaxRate: ExactDecimal?
  /// The locale of invoices that name none.
  public var defaultLocale: String?
  /// The customer name of invoices whose rows give none ("Cash sale"), instead of an error.
  public var defaultCustomerName: String?
  /// The seller, from the config: the same for every invoice of a run.
  public var seller: Party?
  /// Order statuses as an export writes them, mapped onto ours (`["Erstattet": .refunded]`), by lower-cased text.
  public var statuses: [String: OrderStatus] = [:]
  /// What to do with refunded orders.
  public var refunds: RefundPolicy = .skip
  /// Invoice-level fields outside the model a layout prints (`layout.fields`), read into
  /// `Invoice.fields`: an input column's name (or a name the `columns` mapping gives a column), or a
  /// JSON field of the invoice. An orders CSV without such a column is an error naming both.
  public var customFields: [String] = []
  /// Item-level fields outside the model a layout prints (`layout.itemColumns.add`), read into
  /// `LineItem.fields` the same way.
  public var customItemFields: [String] = []
  /// Whether every input column outside the model reaches the layout, printed or not (a layout of
  /// one's own): under its header in `Invoice.fields` and `LineItem.fields`, or a JSON invoice's
  /// and item's every field outside the model.
  public var keepsEveryColumn = false
  /// Where the config names each custom field, for the error when an input lacks it.
  public var customFieldOrigins: [String: String] = [:]
  /// This process's shard: the orders CSV reader skips other shards' rows after their invoice number.
  public var shard: InvoiceShard?

  public init() {}
}

/// The invoices read from an input, and every problem found on the way.
public struct InvoiceImport: Sendable {
  /// The valid invoices, in the order they first appear.
  public var invoices: [Invoice]
  /// Errors and warnings, in input order.
  public var diagnostics: [Diagnostic]
  /// Numbers of invoices that appeared in the input but are invalid.
  public var invalidInvoiceNumbers: [String]
  /// Rows that belong to no invoice (no invoice number, too few fields), each with an error.
  public var rejectedRows: Int
  /// Whether an error made the whole input unusable (unreadable, no header, missing column, JSON syntax).
  public var isUnusable: Bool
  /// Orders left out because of their status (refunded, voided, cancelled).
  public var skipped: [SkippedInvoice]

  public init(
    invoices: [Invoice], diagnostics: [Diagnostic], invalidInvoiceNumbers: [String], rejectedRows: Int = 0,
    isUnusable: Bool = false, skipped: [SkippedInvoice] = []
  ) {
    self.invoices = invoices
    self.diagnostics = diagnostics
    self.invalidInvoiceNumbers = invalidInvoiceNumbers
    self.rejectedRows = rejectedRows
    self.isUnusable = isUnusable
    self.skipped = skipped
  }

  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  /// The warnings among the diagnostics, such as unknown columns.
  public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
