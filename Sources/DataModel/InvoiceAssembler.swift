import Foundation

/// Turns the invoices collected from an orders CSV's rows into checked `Invoice` values.
///
/// Invoice-level values (dates, currency, customer, locale…) were kept as raw bytes, one per
/// column, while rows were read; here each is checked once (`FieldText`, `InvoiceRules`), dates
/// are read (learning from the file whether slashed dates put the day or the month first), and the
/// totals are computed. Problems fail their invoice with a located diagnostic.
struct InvoiceAssembler {
  let options: ImportOptions
  let file: String
  let columnOf: ColumnIndex
  /// `column "Name"` for each column.
  let columnNames: [String]
  /// Every invoice of the file: the slashed-date order is learned from all of them.
  let pending: [PendingInvoice]
  /// The first currency mark each invoice's prices were written with, by invoice.
  let currencyMarks: [ObjectIdentifier: (mark: CurrencyMark, location: SourceLocation, field: String)]
  /// The problems found, in the order found.
  private(set) var diagnostics: [Diagnostic] = []
  /// The order of day and month in the file's slashed dates, once a date needed it.
  private var slashedDateOrder: SlashedDateOrder?

  init(
    options: ImportOptions, file: String, columnOf: ColumnIndex, columnNames: [String],
    pending: [PendingInvoice],
    currencyMarks: [ObjectIdentifier: (mark: CurrencyMark, location: SourceLocation, field: String)]
  ) {
    self.options = options
    self.file = file
    self.columnOf = columnOf
    self.columnNames = columnNames
    self.pending = pending
    self.currencyMarks = currencyMarks
  }

  private mutating func fail(_ invoice: PendingInvoice, _ diagnostic: Diagnostic) {
    invoice.failed = true
    var diagnostic = diagnostic
    diagnostic.invoiceNumber = invoice.number
    diagnostics.append(diagnostic)
  }

  /// Whether the file's slashed dates put the day or the month first: a part over 12 shows it.
  ///
  /// Only invoices not yet built are looked at; built ones had no slashed date, or this would have
  /// run for them.
  private func learnSlashedDateOrder() -> SlashedDateOrder {
    var firstOver12 = false
    var secondOver12 = false
    let columns = [OrderField.invoiceDate, .dueDate].compactMap { columnOf[$0] }
    for invoice in pending {
      for column in columns {
        guard let bytes = invoice.levelValue(column), let parts = DateFormat.slashedParts(bytes) else {
          continue
        }
        if parts.first > 12 { firstOver12 = true }
        if parts.second > 12 { secondOver12 = true }
      }
    }
    switch (firstOver12, secondOver12) {
    case (true, false): return .dayFirst
    case (false, true): return .monthFirst
    default: return .unknown
    }
  }

  mutating func build(_ invoice: PendingInvoice) -> Invoice? {
    var ok = true
    var checked = [(String, SourceLocation, String)??](repeating: nil, count: OrderField.allCases.count)
    // Invoice-level values are checked like item fields (UTF-8, length, control characters), once each.
    func value(_ field: OrderField) -> (String, SourceLocation, String)? {
      if let done = checked[field.ordinal] { return done }
      guard let column = columnOf[field], let bytes = invoice.levelValue(column) else { return nil }
      let location = SourceLocation(file: file, line: invoice.levelLine(column))
      switch FieldText.check(bytes) {
      case .success(let text):
        let result = (text.trimmingSpaces, location, columnNames[column])
        checked[field.ordinal] = result
        return result
      case .failure(let violation):
        fail(invoice, Diagnostic(location, field: columnNames[column], violation))
        ok = false
        checked[field.ordinal] = .some(nil)
        return nil
      }
    }
    let start = SourceLocation(file: file, line: invoice.line)
    func rejected(_ field: OrderField) -> Bool {
      if case .some(.none) = checked[field.ordinal] { return true }
      return false
    }
    func missing(_ field: OrderField, hint: String? = nil) {
      let name = columnOf[field].map { columnNames[$0] } ?? "column \"\(field.rawValue)\""
      fail(
        invoice,
        Diagnostic(
          .error, start, field: name, "is empty in every row of invoice \(Diagnostic.quote(invoice.number))",
          hint: hint))
      ok = false
    }
    func date(_ field: OrderField) -> CalendarDate? {
      guard let (text, location, name) = value(field) else { return nil }
      let format = options.dateFormat
      if let date = text.utf8.withContiguousStorageIfAvailable({ format.parse($0) })
        ?? format.parse(Array(text.utf8))
      {
        return date
      }
      var hint =
        format == .iso8601
        ? "dates are written as 2026-03-31 (ISO 8601) or 31.03.2026; set csv.dateFormat in the config for another format"
        : "the config's csv.dateFormat is \"\(format.pattern)\", which \(Diagnostic.quote(text)) does not match; change the format or the data"
      var message = "\(Diagnostic.quote(text)) is not a date"
      if format == .iso8601, DateFormat.slashedParts(text.utf8) != nil {
        if slashedDateOrder == nil { slashedDateOrder = learnSlashedDateOrder() }
        switch slashedDateOrder {
        case .dayFirst?:
          if let date = DateFormat.dayFirstSlashed.parse(Array(text.utf8)) { return date }
        case .monthFirst?:
          if let date = DateFormat.monthFirstSlashed.parse(Array(text.utf8)) { return date }
        default:
          message = "\(Diagnostic.quote(text)) is ambiguous: the day and the month could be either way round"
          hint =
            "the file's slashed dates do not show which comes first (no part over 12); set csv.dateFormat in the config to d/M/yyyy or M/d/yyyy"
        }
      }
      fail(invoice, Diagnostic(.error, location, field: name, message, hint: hint))
      ok = false
      return nil
    }
    let issue = date(.invoiceDate)
    if issue == nil, value(.invoiceDate) == nil, !rejected(.invoiceDate) { missing(.invoiceDate) }
    let due = date(.dueDate)
    // The first currency symbol or code the invoice's prices were written with (`€80.00`), if any.
    let written = currencyMarks.isEmpty ? nil : currencyMarks[ObjectIdentifier(invoice)]
    var currency = options.defaultCurrency
    if let (code, location, name) = value(.currency) {
      switch InvoiceRules.currency(code) {
      case .success(let known): currency = known
      case .failure(let violation):
        fail(invoice, Diagnostic(location, field: name, violation))
        ok = false
      }
    } else if !rejected(.currency) {
      // Data that names a currency only through its prices (`€80.00`) is in that currency.
      if let codes = written?.mark.currencies, codes.count == 1 {
        currency = Currency(code: codes.first!)
      }
      if currency == nil {
        missing(.currency, hint: "give a currency per invoice or set defaults.currency in the config")
      }
    }
    var name = value(.customerName)?.0
    if name == nil || name!.isEmpty, !rejected(.customerName) {
      if let fallback = options.defaultCustomerName {
        name = fallback
      } else {
        missing(
          .customerName, hint: "give a customer name or set defaults.customerName (such as \"Cash sale\")")
      }
    }
    var pricesIncludeTax = false
    if let (text, location, field) = value(.pricesIncludeTax) {
      switch text.lowercased() {
      case "true", "yes", "1", "y": pricesIncludeTax = true
      case "false", "no", "0", "n": pricesIncludeTax = false
      default:
        fail(
          invoice,
          Diagnostic(.error, location, field: field, "\(Diagnostic.quote(text)) is not true or false"))
        ok = false
      }
    }
    var locale = options.defaultLocale
    if let (text, location, field) = value(.locale) {
      if let violation = InvoiceRules.locale(text) {
        fail(invoice, Diagnostic(location, field: field, violation))
        ok = false
      } else {
        locale = text
      }
    }
    if let currency, let (mark, location, field) = written, !mark.currencies.contains(currency.code) {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: field,
          "the price is written in \(Diagnostic.quote(mark.text)), but the invoice's currency is \(currency.code)",
          hint: "check the currency column, or remove the symbol from the prices"))
      ok = false
    }
    guard ok, let issue, let currency, let name else { return nil }
    let address = value(.customerAddress).map { Party.addressLines($0.0) } ?? []
    let customer = Party(
      name: name, address: address, email: value(.customerEmail)?.0, vatId: value(.customerVatId)?.0,
      id: value(.customerId)?.0)
    do {
      return try Invoice(
        number: invoice.number, issueDate: issue, dueDate: due, currency: currency, customer: customer,
        items: invoice.items, locale: locale, notes: value(.notes)?.0,
        purchaseOrder: value(.purchaseOrder)?.0,
        pricesIncludeTax: pricesIncludeTax, taxExemptionReason: value(.taxExemptionReason)?.0, source: start)
    } catch {
      fail(
        invoice,
        Diagnostic(
          .error, start,
          "the amounts of invoice \(Diagnostic.quote(invoice.number)) are too large to compute exactly"))
      return nil
    }
  }
}
