import Foundation

/// The work of one JSON import.
struct JSONInvoiceReader {
  let options: ImportOptions
  var walker: JSONWalker
  var currentNumber: String?
  var currentFailed = false
  /// Whether the invoice being read was warned of a character printed as U+FFFD (once per invoice).
  var warnedUnrenderable = false
  /// Whether any invoice was.
  var warnedAnyUnrenderable = false
  /// The current invoice's first item without a tax rate (none configured), and its path, if any.
  var missingRate: (item: JSONValue, path: String)?
  /// The lines of the current invoice's items that give a tax rate.
  var explicitRateLines: Set<Int> = []
  /// The status of the invoice being read (paid when it names none).
  var currentStatus = OrderStatus.paid
  /// The config's custom fields some invoice or item of the file has.
  var seenCustomFields: Set<String> = []

  init(options: ImportOptions, file: String, document: JSONDocument) {
    self.options = options
    walker = JSONWalker(file: file, document: document)
  }

  var file: String { walker.file }
  var document: JSONDocument { walker.document }
  var diagnostics: [Diagnostic] { walker.diagnostics }

  static let invoiceKeys: Set<String> = [
    "invoiceNumber", "number", "invoiceDate", "dueDate", "currency", "customer", "customerId", "items",
    "locale",
    "notes", "purchaseOrder", "pricesIncludeTax", "taxExemptionReason", "charges", "allowances", "taxAmount",
    "taxName", "expectedTotal", "status", "precedingInvoice", "buyerReference", "deliveryDate",
    "billingPeriodStart", "billingPeriodEnd", "precedingInvoiceDate", "precedingInvoiceKSeF",
    "deliveryAddress", "operationNature", "splitPayment", "exchangeRate",
  ]
  static let customerKeys: Set<String> = [
    "name", "address", "email", "vatId", "id", "street", "street2", "postcode", "city", "region", "country",
    "electronicAddress", "companyId",
  ]
  static let itemKeys: Set<String> = [
    "description", "quantity", "unitPrice", "sku", "unit", "taxRate", "discount", "discountAmount",
    "taxCategory",
  ]
  static let chargeKeys: Set<String> = ["amount", "reason", "taxRate"]
  static let invoiceSpellings = JSONValue.spellings(of: invoiceKeys)
  static let customerSpellings = JSONValue.spellings(of: customerKeys)
  static let itemSpellings = JSONValue.spellings(of: itemKeys)
  static let chargeSpellings = JSONValue.spellings(of: chargeKeys)

  func location(_ value: JSONValue) -> SourceLocation {
    walker.location(value)
  }

  mutating func error(_ value: JSONValue, _ path: String, _ message: String, hint: String? = nil) {
    currentFailed = true
    walker.invoiceNumber = currentNumber
    walker.error(value, path, message, hint: hint)
  }

  /// The invoices of the document with their JSON paths: an array, an object with "invoices", or
  /// one invoice; nil (after an error) when the document is none of these.
  mutating func invoiceValues() -> [(JSONValue, String)]? {
    let root = document.root
    switch root.kind {
    case .array(let elements):
      return elements.enumerated().map { ($1, "$[\($0)]") }
    case .object:
      guard let invoices = root["invoices"] else { return [(root, "$")] }
      guard case .array(let elements) = invoices.kind else {
        walker.add(
          Diagnostic(
            .error, location(invoices), field: "$.invoices", "expected an array, found \(invoices.kindName)"))
        return nil
      }
      return elements.enumerated().map { ($1, "$.invoices[\($0)]") }
    default:
      walker.add(
        Diagnostic(
          .error, location(root), field: "$",
          "expected an invoice object or an array of invoices, found \(root.kindName)"))
      return nil
    }
  }

  mutating func read() -> InvoiceImport {
    guard let list = invoiceValues() else {
      return InvoiceImport(
        invoices: [], diagnostics: diagnostics, invalidInvoiceNumbers: [], isUnusable: true)
    }
    if list.isEmpty {
      walker.add(Diagnostic(.error, location(document.root), field: "$", "contains no invoices"))
    }
    var invoices: [Invoice] = []
    var invalid: [String] = []
    var skipped: [SkippedInvoice] = []
    var seen: [String: (location: SourceLocation, number: String)] = [:]
    for (value, path) in list {
      currentNumber = nil
      currentFailed = false
      warnedUnrenderable = false
      currentStatus = .paid
      let invoice = readInvoice(value, path)
      if let number = currentNumber {
        if let first = seen[number] {
          // Swift's == is canonical equivalence: NFC and NFD spellings of one number meet here too.
          let form =
            first.number.utf8.elementsEqual(number.utf8)
            ? "" : ", written in another Unicode normalization form (NFC and NFD)"
          error(
            value, path,
            "invoice number \(Diagnostic.quote(number)) is used again (first at \(first.location))\(form)",
            hint: "invoice numbers must be unique")
          invalid.append(number)
          continue
        }
        seen[number] = (location(value), number)
      }
      if let invoice, !currentFailed {
        switch InvoiceAssembler.outcome(
          invoice, status: currentStatus, policy: options.refunds, location: location(value))
        {
        case .invoice(let kept): invoices.append(kept)
        case .skipped(let skip): skipped.append(skip)
        case .failed: invalid.append(invoice.number)
        }
      } else {
        // An invoice without a usable number is still counted, named by its JSON path.
        invalid.append(currentNumber ?? path)
      }
    }
    if !list.isEmpty, let missing = missingCustomField() {
      walker.add(missing)
      return InvoiceImport(
        invoices: [], diagnostics: diagnostics, invalidInvoiceNumbers: invalid, isUnusable: true)
    }
    warnOfUnrenderableText()
    return InvoiceImport(
      invoices: invoices, diagnostics: diagnostics, invalidInvoiceNumbers: invalid, skipped: skipped)
  }

  /// Warns of text read other than through `string` (notes, say) that no font draws, once for the
  /// file (a string already refused for its control character is not warned of again).
  mutating func warnOfUnrenderableText() {
    if !warnedAnyUnrenderable, let warning = document.unrenderableWarning(file: walker.file),
      !diagnostics.contains(where: { $0.location == warning.location })
    {
      walker.add(warning)
    }
  }

  /// The error for a field the layout prints that no invoice or item of the file has (a config or
  /// data mistake, as a missing column is in CSV), or nil.
  func missingCustomField() -> Diagnostic? {
    guard
      let name = (options.customFields + options.customItemFields).first(where: {
        !seenCustomFields.contains($0)
      })
    else { return nil }
    let origin = options.customFieldOrigins[name].map { " (\($0))" } ?? ""
    return Diagnostic(
      .error, SourceLocation(file: file, line: nil),
      "the config's layout prints the field \(Diagnostic.quote(name))\(origin), but no invoice or item of \(file) has it",
      hint: "name a field the invoices or their items have")
  }

  /// The values of the config's custom fields in the object `value` (texts, numbers and booleans as written).
  /// With `keepsEveryColumn` (a layout of one's own), the keys of `value` outside the model whose
  /// values are texts, numbers or flags: they reach the layout as fields. Else none.
  func keptKeys(_ value: JSONValue, known: Set<String>) -> [String] {
    guard options.keepsEveryColumn, case .object(let members) = value.kind else { return [] }
    return members.compactMap { member in
      guard !known.contains(member.key), !options.customFields.contains(member.key),
        !options.customItemFields.contains(member.key)
      else { return nil }
      switch member.value.kind {
      case .string, .number, .bool: return member.key
      default: return nil
      }
    }
  }

  mutating func customValues(_ value: JSONValue, _ path: String, names: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for name in names {
      guard let member = value[name] else { continue }
      seenCustomFields.insert(name)
      switch member.kind {
      // Checked like every text of the invoice: length, control characters, glyphs no font has.
      case .string: values[name] = string(value, name, path, required: false)
      case .number(let text): values[name] = text
      case .bool(let flag): values[name] = flag ? "true" : "false"
      case .null: break
      default: error(member, "\(path).\(name)", "expected a text or a number, found \(member.kindName)")
      }
    }
    return values
  }

  mutating func warnUnknownKeys(_ value: JSONValue, _ path: String, known: Set<String>) {
    walker.invoiceNumber = currentNumber
    walker.unknownKeys(value, path, known: known.sorted(), severity: .warning)
  }

  mutating func string(_ parent: JSONValue, _ key: String, _ path: String, required: Bool) -> String? {
    guard let value = parent[key], !isNull(value) else {
      if required { error(parent, path, "the key \"\(key)\" is missing") }
      return nil
    }
    let fieldPath = "\(path).\(key)"
    switch value.kind {
    case .string(let text):
      if let violation = InvoiceRules.textLength(text.utf8.count) {
        error(value, fieldPath, violation)
        return nil
      }
      if let control = text.unicodeScalars.first(where: {
        ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0x7F
      }) {
        error(
          value, fieldPath,
          "contains the control character U+\(String(control.value, radix: 16, uppercase: true).leftPadded(4))"
        )
        return nil
      }
      if !warnedUnrenderable, let scalar = UnrenderableText.first(in: text) {
        warnedUnrenderable = true
        warnedAnyUnrenderable = true
        walker.invoiceNumber = currentNumber
        walker.warning(value, fieldPath, UnrenderableText.warning(for: scalar.value))
      }
      let trimmed = text.trimmingSpaces
      if required, trimmed.isEmpty {
        error(value, fieldPath, "is empty")
        return nil
      }
      return trimmed.isEmpty ? nil : trimmed
    case .number(let text)
    where key == "invoiceNumber" || key == "number" || key == "id" || key == "purchaseOrder":
      return text
    default:
      error(value, fieldPath, "expected a string, found \(value.kindName)")
      return nil
    }
  }

  /// False (after reporting it) when a string of `value`, or of the array `value`, is longer than a field may be.
  mutating func fitsFieldLimit(_ value: JSONValue, _ path: String) -> Bool {
    let texts: [String]
    switch value.kind {
    case .string(let text): texts = [text]
    case .array(let elements):
      texts = elements.compactMap { if case .string(let text) = $0.kind { return text } else { return nil } }
    default: return true
    }
    for text in texts {
      if let violation = InvoiceRules.textLength(text.utf8.count) {
        error(value, path, violation)
        return false
      }
    }
    return true
  }

  /// Reports a value that breaks one of the `InvoiceRules`.
  mutating func error(_ value: JSONValue, _ path: String, _ violation: InvoiceRules.Violation) {
    error(value, path, violation.message, hint: violation.hint)
  }

  func isNull(_ value: JSONValue) -> Bool { value.isNull }

  mutating func decimal(
    _ parent: JSONValue, _ key: String, _ path: String, required: Bool, maxDecimals: Int,
    percent: Bool = false
  ) -> ExactDecimal? {
    guard let value = parent[key], !isNull(value) else {
      if required { error(parent, path, "the key \"\(key)\" is missing") }
      return nil
    }
    let fieldPath = "\(path).\(key)"
    let result: Result<ExactDecimal, NumberError>
    let shown: String
    switch value.kind {
    case .number(let text):
      shown = text
      result = ExactDecimal.parse(Array(text.utf8), maxFractionDigits: maxDecimals, allowsExponent: true)
    case .string(let text):
      shown = Diagnostic.quote(text)
      var body = text.trimmingSpaces
      if percent, body.hasSuffix("%") { body.removeLast() }
      result = ExactDecimal.parse(Array(body.utf8), maxFractionDigits: maxDecimals)
    default:
      error(value, fieldPath, "expected a number or a numeric string, found \(value.kindName)")
      return nil
    }
    switch result {
    case .success(let number): return number
    case .failure(let failure):
      var diagnostic = OrdersRowReader.numberDiagnostic(
        failure, shown: shown, location: location(value), field: fieldPath,
        decimalSeparator: UInt8(ascii: "."))
      diagnostic.invoiceNumber = currentNumber
      currentFailed = true
      walker.add(diagnostic)
      return nil
    }
  }

  mutating func date(_ parent: JSONValue, _ key: String, _ path: String, required: Bool) -> CalendarDate? {
    guard let text = string(parent, key, path, required: required) else { return nil }
    if let date = DateFormat.iso8601.parse(Array(text.utf8)) { return date }
    error(
      parent[key]!, "\(path).\(key)", "\(Diagnostic.quote(text)) is not a date",
      hint: "dates in JSON are ISO 8601: 2026-03-31")
    return nil
  }

  mutating func readInvoice(_ value: JSONValue, _ path: String) -> Invoice? {
    let written = value
    let value = value.withCanonicalKeys(
      JSONInvoiceReader.invoiceKeys, spellings: JSONInvoiceReader.invoiceSpellings)
    guard case .object = value.kind else {
      error(value, path, "expected an invoice object, found \(value.kindName)")
      return nil
    }
    let number = string(
      value, value["number"] != nil && value["invoiceNumber"] == nil ? "number" : "invoiceNumber", path,
      required: true)
    if value["invoiceNumber"] == nil && value["number"] == nil { currentFailed = true }
    currentNumber = number
    warnUnknownKeys(
      value, path,
      known: JSONInvoiceReader.invoiceKeys.union(options.customFields)
        .union(keptKeys(value, known: JSONInvoiceReader.invoiceKeys)))
    let issue = date(value, "invoiceDate", path, required: true)
    let due = date(value, "dueDate", path, required: false)
    let currency = readCurrency(value, path)
    let customer = readCustomer(value, path)
    let locale = readLocale(value, path)
    let pricesIncludeTax = readPricesIncludeTax(value, path)
    let items = readItems(value, path)
    let notes = string(value, "notes", path, required: false)
    let purchaseOrder = string(value, "purchaseOrder", path, required: false)
    let exemption = string(value, "taxExemptionReason", path, required: false)
    let preceding = string(value, "precedingInvoice", path, required: false)
    var charges = readCharges(value, "charges", .charge, path)
    charges += readCharges(value, "allowances", .allowance, path)
    let givenTax = readGivenTax(value, path, items: items)
    readStatus(value, path)
    let expected = decimal(value, "expectedTotal", path, required: false, maxDecimals: 6)
    let references = readReferences(value, path)
    guard !currentFailed, let number, let issue, let currency, let customer else { return nil }
    var invoice: Invoice
    do {
      invoice = try Invoice(
        number: number, issueDate: issue, dueDate: due, currency: currency, customer: customer, items: items,
        allowancesCharges: charges, givenTax: givenTax, locale: locale, notes: notes,
        purchaseOrder: purchaseOrder, precedingInvoice: preceding, pricesIncludeTax: pricesIncludeTax,
        taxExemptionReason: exemption, source: location(value))
    } catch {
      self.error(
        value, path, "the amounts of invoice \(Diagnostic.quote(number)) are too large to compute exactly")
      return nil
    }
    references.apply(to: &invoice)
    invoice.fields = customValues(
      written, path, names: options.customFields + keptKeys(written, known: JSONInvoiceReader.invoiceKeys))
    if let expected, let violation = InvoiceRules.reconcile(invoice, expected: expected) {
      error(value["expectedTotal"]!, "\(path).expectedTotal", violation)
      return nil
    }
    return invoice
  }

  /// The references beside the invoice's parties and lines (see `InvoiceReferences`).
  mutating func readReferences(_ value: JSONValue, _ path: String) -> InvoiceReferences {
    InvoiceReferences(
      buyerReference: string(value, "buyerReference", path, required: false),
      delivery: date(value, "deliveryDate", path, required: false), period: readBillingPeriod(value, path),
      precedingDate: date(value, "precedingInvoiceDate", path, required: false),
      precedingKSeF: string(value, "precedingInvoiceKSeF", path, required: false),
      deliveryAddress: readDeliveryAddress(value, path), nature: readOperationNature(value, path),
      splitPayment: readSplitPayment(value, path),
      exchangeRate: decimal(value, "exchangeRate", path, required: false, maxDecimals: 6))
  }

  /// The "deliveryAddress" object (street, postcode, city, country), nil when there is none.
  mutating func readDeliveryAddress(_ value: JSONValue, _ path: String) -> PostalAddress? {
    guard let object = value["deliveryAddress"], !isNull(object) else { return nil }
    guard case .object = object.kind else {
      error(object, "\(path).deliveryAddress", "expected an object with street, postcode, city and country")
      return nil
    }
    let (postal, _) = readPostalAddress(object, "\(path).deliveryAddress", invoice: value, path: path)
    return postal.isEmpty ? nil : postal
  }

  /// "splitPayment": true for Poland's split payment (annex 15 goods and services).
  mutating func readSplitPayment(_ value: JSONValue, _ path: String) -> Bool {
    guard let flag = value["splitPayment"], !isNull(flag) else { return false }
    if case .bool(let on) = flag.kind { return on }
    error(flag, "\(path).splitPayment", "expected true or false, found \(flag.kindName)")
    return false
  }

  /// "operationNature": goods, services or both.
  mutating func readOperationNature(_ value: JSONValue, _ path: String) -> OperationNature? {
    guard let text = string(value, "operationNature", path, required: false) else { return nil }
    guard let nature = OperationNature(text: text) else {
      error(value["operationNature"]!, "\(path).operationNature", "expected goods, services or both")
      return nil
    }
    return nature
  }

  /// The invoice's currency: its own "currency" if known, else the configured default.
  mutating func readCurrency(_ value: JSONValue, _ path: String) -> Currency? {
    var currency = options.defaultCurrency
    if let code = string(value, "currency", path, required: false) {
      switch InvoiceRules.currency(code) {
      case .success(let known): currency = known
      case .failure(let violation): error(value["currency"]!, "\(path).currency", violation)
      }
    } else if currency == nil {
      error(
        value, path, "the key \"currency\" is missing and no default currency is configured",
        hint: "set defaults.currency in the config")
    }
    return currency
  }

  /// The invoice's locale: its own "locale" if valid, else the configured default.
  mutating func readLocale(_ value: JSONValue, _ path: String) -> String? {
    guard let tag = string(value, "locale", path, required: false) else { return options.defaultLocale }
    if let violation = InvoiceRules.locale(tag) {
      error(value["locale"]!, "\(path).locale", violation)
      return options.defaultLocale
    }
    return tag
  }

  /// Whether the invoice's prices include tax ("pricesIncludeTax", false when absent).
  mutating func readPricesIncludeTax(_ value: JSONValue, _ path: String) -> Bool {
    guard let flag = value["pricesIncludeTax"], !isNull(flag) else { return false }
    if case .bool(let on) = flag.kind { return on }
    error(flag, "\(path).pricesIncludeTax", "expected true or false, found \(flag.kindName)")
    return false
  }

  /// The invoice's line items; also notes which items gave their own tax rate and which lack one.
  mutating func readItems(_ value: JSONValue, _ path: String) -> [LineItem] {
    var items: [LineItem] = []
    missingRate = nil
    explicitRateLines = []
    guard let list = value["items"] else {
      error(value, path, "the key \"items\" is missing")
      return items
    }
    guard case .array(let elements) = list.kind else {
      error(list, "\(path).items", "expected an array, found \(list.kindName)")
      return items
    }
    if elements.isEmpty { error(list, "\(path).items", "has no items") }
    for (index, element) in elements.enumerated() {
      if let item = readItem(element, "\(path).items[\(index)]") { items.append(item) }
    }
    return items
  }

  /// The invoice's tax given as an amount ("taxAmount"), which excludes per-item rates.
  mutating func readGivenTax(_ value: JSONValue, _ path: String, items: [LineItem]) -> GivenTax? {
    if let amount = decimal(value, "taxAmount", path, required: false, maxDecimals: 6) {
      let givenTax = GivenTax(amount: amount, name: string(value, "taxName", path, required: false))
      if let item = items.first(where: { $0.line != nil && explicitRateLines.contains($0.line!) }) {
        error(
          value["taxAmount"]!, "\(path).taxAmount",
          "the invoice gives its tax as an amount and per-item rates (the item on line \(item.line!))",
          hint: "leave out the items' taxRate when the invoice's tax is given, or leave out taxAmount")
      }
      return givenTax
    }
    if let (item, itemPath) = missingRate {
      error(
        item, itemPath, "the key \"taxRate\" is missing and no default tax rate is configured",
        hint: "give taxRate per item, set defaults.taxRate in the config, or give the invoice's taxAmount")
    }
    return nil
  }

  /// Sets the current invoice's status from "status", mapped through the configured statuses.
  mutating func readStatus(_ value: JSONValue, _ path: String) {
    guard let text = string(value, "status", path, required: false) else { return }
    switch InvoiceRules.status(text, mapping: options.statuses) {
    case .success(let status): currentStatus = status
    case .failure(let violation): error(value["status"]!, "\(path).status", violation)
    }
  }

  /// The billing period from "billingPeriodStart" and "billingPeriodEnd", which come together.
  mutating func readBillingPeriod(_ value: JSONValue, _ path: String) -> ClosedRange<CalendarDate>? {
    let periodStart = date(value, "billingPeriodStart", path, required: false)
    let periodEnd = date(value, "billingPeriodEnd", path, required: false)
    if let periodStart, let periodEnd {
      if periodStart <= periodEnd { return periodStart...periodEnd }
      error(
        value["billingPeriodEnd"]!, "\(path).billingPeriodEnd", "the billing period ends before it starts")
    } else if (periodStart == nil) != (periodEnd == nil), !currentFailed {
      error(value, path, "a billing period needs both billingPeriodStart and billingPeriodEnd")
    }
    return nil
  }

}
