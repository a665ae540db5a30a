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
  /// The first currency mark each invoice's prices were written with, by invoice.
  var currencyMarks: [ObjectIdentifier: (mark: CurrencyMark, location: SourceLocation, field: String)]
  /// The file's decimal separator, as the rows showed it (`.` when they did not).
  var decimalSeparator = UInt8(ascii: ".")
  /// Headers of columns no field reads, named when a total does not match.
  var unreadHeaders: [String] = []
  /// What the file's dates show about the order of day and month in slashed dates.
  var dateEvidence = SlashedDateEvidence()
  /// The problems found, in the order found.
  private(set) var diagnostics: [Diagnostic] = []
  /// The credit note for the refunded part of the invoice last built, with `--refunds credit-note`.
  private(set) var refundNote: Invoice?
  /// The order of day and month in the file's slashed dates, once a date needed it.
  var slashedDateOrder: SlashedDateOrder?

  /// The other columns of invoice-level fields, tried in order when a field's own is blank.
  var backups: [OrderField: [Int]] = [:]

  init(
    options: ImportOptions, file: String, columnOf: ColumnIndex, columnNames: [String],
    currencyMarks: [ObjectIdentifier: (mark: CurrencyMark, location: SourceLocation, field: String)]
  ) {
    self.options = options
    self.file = file
    self.columnOf = columnOf
    self.columnNames = columnNames
    self.currencyMarks = currencyMarks
  }

  /// Gets ready for the next invoice, whose prices were written with `currencyMarks`: the problems
  /// and credit note of the last one are dropped, what the file taught is kept.
  mutating func prepare(
    currencyMarks: [ObjectIdentifier: (mark: CurrencyMark, location: SourceLocation, field: String)]
  ) {
    self.currencyMarks = currencyMarks
    diagnostics.removeAll(keepingCapacity: true)
    refundNote = nil
  }

  mutating func fail(_ invoice: PendingInvoice, _ diagnostic: Diagnostic) {
    invoice.failed = true
    var diagnostic = diagnostic
    diagnostic.invoiceNumber = invoice.number
    diagnostics.append(diagnostic)
  }

  /// Whether the file's slashed dates put the day or the month first: a part over 12 shows it.
  func learnSlashedDateOrder() -> SlashedDateOrder { dateEvidence.order }

  /// What `checkedText` found for one invoice-level field of the invoice being built.
  ///
  /// The text with the line and column it came from, not the located tuple it answers: a small
  /// payload is copied in and out of `checked` without the outlined copy of three strings.
  private enum CheckedText {
    case unread
    case refused
    case text(String, line: Int, column: Int)
  }

  /// Each invoice-level field's checked text while one invoice is built.
  private var checked = [CheckedText](repeating: .unread, count: OrderField.allCases.count)
  /// The entries of `checked` set for the current invoice, cleared before the next (cheaper than a fresh array).
  private var touched = [Int](repeating: 0, count: OrderField.allCases.count)
  private var touchedCount = 0

  /// The invoice-level value of `field`, checked like item fields (UTF-8, length, control characters), once each.
  mutating func checkedText(_ field: OrderField, _ invoice: PendingInvoice) -> (
    String, SourceLocation, String
  )? {
    switch checked[field.ordinal] {
    case .unread: break
    case .refused: return nil
    case .text(let text, let line, let column):
      return (text, SourceLocation(file: file, line: line), columnNames[column])
    }
    guard let column = Self.filledColumn(field, invoice, columnOf: columnOf, backups: backups),
      let bytes = invoice.levelValue(column)
    else {
      return nil
    }
    touched[touchedCount] = field.ordinal
    touchedCount += 1
    let location = SourceLocation(file: file, line: invoice.levelLine(column))
    switch FieldText.check(bytes) {
    case .success(let text):
      if let warning = FieldText.unrenderableWarning(
        text, location, field: columnNames[column], invoice: invoice)
      {
        diagnostics.append(warning)
      }
      let trimmed = text.trimmingSpaces
      checked[field.ordinal] = .text(trimmed, line: invoice.levelLine(column), column: column)
      return (trimmed, location, columnNames[column])
    case .failure(let violation):
      fail(invoice, Diagnostic(location, field: columnNames[column], violation))
      checked[field.ordinal] = .refused
      return nil
    }
  }

  /// The column `field` is read from in `invoice`: its own when filled, else the first filled backup.
  ///
  /// Static, with the two tables it reads as arguments: a method of the assembler called from a
  /// mutating one made Swift copy the whole assembler (960 bytes) first, on every field looked up.
  private static func filledColumn(
    _ field: OrderField, _ invoice: PendingInvoice, columnOf: ColumnIndex, backups: [OrderField: [Int]]
  ) -> Int? {
    guard let own = columnOf[field] else { return nil }
    if invoice.levelValue(own) != nil { return own }
    // Without backups (the common case) no array is looked up or made.
    guard !backups.isEmpty, let others = backups[field] else { return nil }
    return others.first { invoice.levelValue($0) != nil }
  }

  /// The text of `field`, or nil when absent, blank or refused.
  mutating func value(_ field: OrderField, _ invoice: PendingInvoice) -> String? {
    guard let text = checkedText(field, invoice)?.0, !text.isEmpty else { return nil }
    return text
  }

  /// The amount in invoice-level `field` (a plain number, grouped, or with a currency mark), failing the invoice when it is none.
  mutating func levelAmount(_ field: OrderField, _ invoice: PendingInvoice, allowsNegative: Bool)
    -> (ExactDecimal, SourceLocation, String)?
  {
    guard let (text, location, name) = checkedText(field, invoice), !text.isEmpty else { return nil }
    // The rows taught the file's separator (or it is `.`): read as the rows' numbers are, a currency mark allowed.
    func parse(_ bytes: ArraySlice<UInt8>) -> Result<ExactDecimal, NumberError> {
      OrdersRowReader.parseAmount(bytes, decimalSeparator: decimalSeparator, isKnown: true, maxDecimals: 6)
    }
    var result = parse(Array(text.utf8)[...])
    if case .failure(.notANumber) = result, let mark = CurrencyMark(Array(text.utf8)[...]) {
      result = parse(mark.amount[...])
    }
    switch result {
    case .success(let value):
      if value.isNegative, !allowsNegative {
        fail(
          invoice,
          Diagnostic(
            .error, location, field: name, "\(value.trimmedDescription) is negative",
            hint: "a charge is zero or more; take amounts off with order_discount"))
        return nil
      }
      return (value, location, name)
    case .failure(let error):
      failNumber(invoice, error, text, location, name)
      return nil
    }
  }

  /// Fails `invoice` for `text` in column `name`, which is not a number.
  mutating func failNumber(
    _ invoice: PendingInvoice, _ error: NumberError, _ text: String, _ location: SourceLocation,
    _ name: String
  ) {
    fail(
      invoice,
      OrdersRowReader.numberDiagnostic(
        error, shown: Diagnostic.quote(text), location: location, field: name,
        decimalSeparator: decimalSeparator))
  }

  /// The tax rate in invoice-level `field`, nil when absent (the invoice's main rate) or refused.
  mutating func levelRate(_ field: OrderField, _ invoice: PendingInvoice) -> ExactDecimal? {
    guard let (text, location, name) = checkedText(field, invoice), !text.isEmpty else { return nil }
    var body = text
    let hasPercentSign = body.hasSuffix("%")
    if hasPercentSign { body = String(body.dropLast()).trimmingSpaces }
    switch ExactDecimal.parse(Array(body.utf8), decimalSeparator: decimalSeparator, maxFractionDigits: 6) {
    case .success(let rate):
      if let violation = InvoiceRules.taxRate(rate, hasPercentSign: hasPercentSign) {
        fail(invoice, Diagnostic(location, field: name, violation))
        return nil
      }
      return rate
    case .failure(let error):
      failNumber(invoice, error, text, location, name)
      return nil
    }
  }

  /// What became of one collected invoice.
  enum Outcome {
    case invoice(Invoice)
    /// Left out because of its status.
    case skipped(SkippedInvoice)
    case failed
  }

  /// The buyer of `invoice`: its address as given, or made from its parts in the invoice's locale.
  private mutating func customer(
    _ invoice: PendingInvoice, name: String, attention: String?, postal: PostalAddress?, locale: String?,
    electronicAddress: ElectronicAddress?
  ) -> Party {
    var address = value(.customerAddress, invoice).map { Party.addressLines($0) } ?? []
    if address.isEmpty, let postal {
      address = postal.lines(locale: Locale(identifier: locale ?? Issuer.fallbackLocale))
    }
    if let attention { address.insert(attention, at: 0) }
    var customer = Party(
      name: name, address: address, email: value(.customerEmail, invoice),
      vatId: value(.customerVatId, invoice), id: value(.customerId, invoice), postalAddress: postal)
    customer.electronicAddress = electronicAddress
    customer.companyId = value(.customerCompanyId, invoice)
    return customer
  }

  /// The invoice built from `invoice`'s rows, or why not (each problem reported, located, in the order checked).
  mutating func build(_ invoice: PendingInvoice) -> Outcome {
    for index in 0..<touchedCount { checked[touched[index]] = .unread }
    touchedCount = 0
    let start = SourceLocation(file: file, line: invoice.line)
    let issue = date(.invoiceDate, invoice)
    if issue == nil, value(.invoiceDate, invoice) == nil, !rejected(.invoiceDate) {
      missing(.invoiceDate, invoice)
    }
    let due = date(.dueDate, invoice)
    let currency = currency(invoice)
    let (name, attention) = customerName(invoice)
    let pricesIncludeTax = pricesIncludeTax(invoice)
    let locale = locale(invoice)
    checkWrittenCurrency(currency, invoice)
    let givenTax = givenTax(invoice)
    let charges = charges(invoice, givenTax: givenTax, start: start)
    let status = status(invoice)
    let expected = levelAmount(.expectedTotal, invoice, allowsNegative: true)
    let postal = postalAddress(invoice, locale: locale)
    let references = InvoiceReferences(
      buyerReference: value(.buyerReference, invoice), delivery: date(.deliveryDate, invoice),
      period: billingPeriod(invoice), precedingDate: date(.precedingInvoiceDate, invoice),
      precedingKSeF: value(.precedingInvoiceKSeF, invoice),
      deliveryAddress: deliveryAddress(invoice, locale: locale),
      nature: operationNature(invoice), splitPayment: flag(.splitPayment, invoice),
      exchangeRate: levelAmount(.exchangeRate, invoice, allowsNegative: false)?.0)
    let electronicAddress = electronicAddress(invoice)
    guard !invoice.failed, let issue, let currency, let name else { return .failed }
    let customer = customer(
      invoice, name: name, attention: attention, postal: postal, locale: locale,
      electronicAddress: electronicAddress)
    var built: Invoice
    do {
      built = try Invoice(
        number: invoice.number, issueDate: issue, dueDate: due, currency: currency, customer: customer,
        items: invoice.items, allowancesCharges: charges, givenTax: givenTax, locale: locale,
        notes: value(.notes, invoice), purchaseOrder: value(.purchaseOrder, invoice),
        precedingInvoice: value(.precedingInvoice, invoice), pricesIncludeTax: pricesIncludeTax,
        taxExemptionReason: value(.taxExemptionReason, invoice), source: start)
      references.apply(to: &built)
    } catch {
      fail(
        invoice,
        Diagnostic(
          .error, start,
          "the amounts of invoice \(Diagnostic.quote(invoice.number)) are too large to compute exactly"))
      return .failed
    }
    if let (total, location, field) = expected, var violation = InvoiceRules.reconcile(built, expected: total)
    {
      violation.hint = likelyCause(built, expected: total)
      fail(invoice, Diagnostic(location, field: field, violation))
      return .failed
    }
    noteRefund(built, status: status, invoice)
    return InvoiceAssembler.outcome(built, status: status, policy: options.refunds, location: start)
  }

  /// The checked text of `field` (with its location and column name), nil when absent or refused.
  mutating func located(_ field: OrderField, _ invoice: PendingInvoice) -> (
    String, SourceLocation, String
  )? {
    checkedText(field, invoice)
  }

  /// Whether `field`'s value was refused (its problem already reported).
  func rejected(_ field: OrderField) -> Bool {
    if case .refused = checked[field.ordinal] { return true }
    return false
  }

  /// Reports `field` as empty in every row of the invoice.
  mutating func missing(_ field: OrderField, _ invoice: PendingInvoice, hint: String? = nil) {
    let name = columnOf[field].map { columnNames[$0] } ?? "column \"\(field.rawValue)\""
    fail(
      invoice,
      Diagnostic(
        .error, SourceLocation(file: file, line: invoice.line), field: name,
        "is empty in every row of invoice \(Diagnostic.quote(invoice.number))", hint: hint))
  }

  /// Makes the credit note for a partly refunded order's refund (`--refunds credit-note`), or warns that no document shows it.
  mutating func noteRefund(_ built: Invoice, status: OrderStatus, _ invoice: PendingInvoice) {
    refundNote = nil
    guard status != .refunded, status.isSkipped == false,
      let (amount, location, field) = levelAmount(.refundedAmount, invoice, allowsNegative: false),
      !amount.isZero
    else { return }
    let refund = "\(built.currency.code) \(amount)"
    guard options.refunds == .creditNote else {
      diagnostics.append(
        Diagnostic(
          .warning, location, field: field,
          "order \(Diagnostic.quote(built.number)) was partly refunded (\(refund)); its invoice shows what was charged and no document shows the refund",
          hint: "--refunds credit-note writes a credit note for the refunded part"))
      return
    }
    switch RefundNote.make(for: built, refunded: amount) {
    case .success(let note): refundNote = note
    case .failure(let refusal):
      let reason: String
      switch refusal {
      case .moreThanTheTotal:
        reason = "the refund is more than the invoice's total \(built.totals.grandTotal.amount)"
      case .overflow: reason = "its amounts are too large to compute exactly"
      case .noNetPrice(let gross, let rate):
        reason =
          "no net price with \(rate.trimmedDescription) % tax makes \(gross) exactly; issue it yourself"
      }
      diagnostics.append(
        Diagnostic(
          .warning, location, field: field,
          "order \(Diagnostic.quote(built.number)) was partly refunded (\(refund)), but no credit note is written for it: \(reason)"
        ))
    }
  }

  /// The invoice, its credit note, or its skipping, by its status and the run's refund policy.
  static func outcome(_ invoice: Invoice, status: OrderStatus, policy: RefundPolicy, location: SourceLocation)
    -> Outcome
  {
    guard status.isSkipped else { return .invoice(invoice) }
    if status == .refunded, policy == .creditNote,
      let note = try? invoice.creditNote(number: invoice.number + "-CN")
    {
      return .invoice(note)
    }
    return .skipped(SkippedInvoice(number: invoice.number, status: status, location: location))
  }

  /// The most likely reason `invoice`'s total is not the export's `expected` one, for the hint.
  ///
  /// The difference itself tells most: equal to the line discounts when an order discount counts them
  /// again, or to the tax when prices already include it. Otherwise unread columns whose names
  /// sound like amounts that change a total are named.
  func likelyCause(_ invoice: Invoice, expected: ExactDecimal) -> String {
    let currency = invoice.currency
    let difference = Money(invoice.totals.grandTotal.amount.subtracting(expected) ?? .zero, currency).amount
    var lineDiscounts = ExactDecimal.zero
    for item in invoice.items where !item.discountAmount.isZero {
      lineDiscounts = lineDiscounts.adding(item.discountAmount) ?? lineDiscounts
    }
    let lineDiscountTotal = Money(lineDiscounts, currency).amount
    let orderDiscounts = invoice.allowancesCharges.contains { $0.purpose == .discount }
    if orderDiscounts, !lineDiscountTotal.isZero, difference == lineDiscountTotal.negated {
      return
        "likely cause: the line discounts (\(name(.discountAmount))) and the order discount (\(name(.orderDiscount))) count the same \(lineDiscountTotal) twice; map one of them to null in the config's \"columns\""
    }
    let totals = invoice.totals
    if !invoice.pricesIncludeTax, !totals.taxTotal.amount.isZero, difference == totals.taxTotal.amount {
      let sum = "\(totals.subtotal.amount) + \(totals.taxTotal.amount) tax = \(totals.grandTotal.amount)"
      // No column gave a rate: the tax is the config's default rate, which the export never charged.
      if columnOf[.taxRate] == nil, columnOf[.taxAmount] == nil, let rate = options.defaultTaxRate {
        return
          "likely cause: no column gives a tax rate, so defaults.taxRate (\(rate) %) was applied: \(sum), while the export's total \(expected) is the amount without it; if the export charges no tax, set defaults.taxRate to 0 (or map its tax column); if its prices include the tax, give prices_include_tax (true)"
      }
      return
        "likely cause: the prices include tax: \(sum), exactly the tax more than the export's \(expected); give prices_include_tax (true) for this export"
    }
    let targets: [(words: [String], field: String)] = [
      (["shipping", "freight", "delivery", "versand", "porto"], "shipping"),
      (["discount", "coupon", "voucher", "rabatt"], "order_discount or discount_amount"),
      (["tax", "vat", "mwst", "steuer"], "tax_amount"),
      (["fee", "handling", "duties", "duty", "tip", "surcharge"], "charge rows (charge_amount)"),
    ]
    // Words of columns that name, describe or locate something rather than hold an amount.
    let notAmounts = [
      "method", "name", "street", "address", "city", "zip", "post", "province", "country", "phone", "company",
      "requires", "taxable", "status", "code", "title", "class", "id", "number", "date", "at", "exempt",
    ]
    var found: [String] = []
    for header in unreadHeaders {
      let words = header.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
      let key = OrderField.aliasKey(header)
      guard !words.contains(where: notAmounts.contains),
        let target = targets.first(where: { $0.words.contains { key.contains($0) } })
      else { continue }
      found.append("\(Diagnostic.quote(header)) (\(target.field)?)")
    }
    if !found.isEmpty {
      let some = found.count == 1
      return
        "likely cause: column\(some ? "" : "s") \(found.prefix(6).joined(separator: ", ")) \(some ? "is" : "are") not read; map \(some ? "it" : "them") in the config's \"columns\""
    }
    if invoice.items.contains(where: { !$0.discount.isZero }) {
      return
        "likely cause: the discount column is read as a percent; a discount in money belongs in discount_amount"
    }
    return "check the mapping of prices, discounts, shipping and tax, and whether prices include tax"
  }

  /// `column "Header"` of `field`, or its canonical name when no column holds it.
  func name(_ field: OrderField) -> String {
    columnOf[field].map { columnNames[$0] } ?? "column \"\(field.rawValue)\""
  }

}
