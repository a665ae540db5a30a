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
    "billingPeriodStart", "billingPeriodEnd",
  ]
  static let customerKeys: Set<String> = [
    "name", "address", "email", "vatId", "id", "street", "street2", "postcode", "city", "region", "country",
    "electronicAddress",
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

  mutating func read() -> InvoiceImport {
    let root = document.root
    var list: [(JSONValue, String)] = []
    switch root.kind {
    case .array(let elements):
      list = elements.enumerated().map { ($1, "$[\($0)]") }
    case .object:
      if let invoices = root["invoices"] {
        guard case .array(let elements) = invoices.kind else {
          walker.add(
            Diagnostic(
              .error, location(invoices), field: "$.invoices", "expected an array, found \(invoices.kindName)"
            ))
          return InvoiceImport(
            invoices: [], diagnostics: diagnostics, invalidInvoiceNumbers: [], isUnusable: true)
        }
        list = elements.enumerated().map { ($1, "$.invoices[\($0)]") }
      } else {
        list = [(root, "$")]
      }
    default:
      walker.add(
        Diagnostic(
          .error, location(root), field: "$",
          "expected an invoice object or an array of invoices, found \(root.kindName)"))
      return InvoiceImport(
        invoices: [], diagnostics: diagnostics, invalidInvoiceNumbers: [], isUnusable: true)
    }
    if list.isEmpty {
      walker.add(Diagnostic(.error, location(root), field: "$", "contains no invoices"))
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
    // Text read other than through `string` (notes, say) is still warned of, once for the file.
    // (A string already refused for its control character is not warned of again.)
    if !warnedAnyUnrenderable, let warning = document.unrenderableWarning(file: walker.file),
      !diagnostics.contains(where: { $0.location == warning.location })
    {
      walker.add(warning)
    }
    return InvoiceImport(
      invoices: invoices, diagnostics: diagnostics, invalidInvoiceNumbers: invalid, skipped: skipped)
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
    warnUnknownKeys(value, path, known: JSONInvoiceReader.invoiceKeys)
    let issue = date(value, "invoiceDate", path, required: true)
    let due = date(value, "dueDate", path, required: false)
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
    let customer = readCustomer(value, path)
    var locale = options.defaultLocale
    if let tag = string(value, "locale", path, required: false) {
      if let violation = InvoiceRules.locale(tag) {
        error(value["locale"]!, "\(path).locale", violation)
      } else {
        locale = tag
      }
    }
    var pricesIncludeTax = false
    if let flag = value["pricesIncludeTax"], !isNull(flag) {
      if case .bool(let on) = flag.kind {
        pricesIncludeTax = on
      } else {
        error(flag, "\(path).pricesIncludeTax", "expected true or false, found \(flag.kindName)")
      }
    }
    var items: [LineItem] = []
    missingRate = nil
    explicitRateLines = []
    if let list = value["items"] {
      if case .array(let elements) = list.kind {
        if elements.isEmpty { error(list, "\(path).items", "has no items") }
        for (index, element) in elements.enumerated() {
          if let item = readItem(element, "\(path).items[\(index)]") { items.append(item) }
        }
      } else {
        error(list, "\(path).items", "expected an array, found \(list.kindName)")
      }
    } else {
      error(value, path, "the key \"items\" is missing")
    }
    let notes = string(value, "notes", path, required: false)
    let purchaseOrder = string(value, "purchaseOrder", path, required: false)
    let exemption = string(value, "taxExemptionReason", path, required: false)
    let preceding = string(value, "precedingInvoice", path, required: false)
    var charges = readCharges(value, "charges", .charge, path)
    charges += readCharges(value, "allowances", .allowance, path)
    var givenTax: GivenTax?
    if let amount = decimal(value, "taxAmount", path, required: false, maxDecimals: 6) {
      givenTax = GivenTax(amount: amount, name: string(value, "taxName", path, required: false))
      if let item = items.first(where: { $0.line != nil && explicitRateLines.contains($0.line!) }) {
        error(
          value["taxAmount"]!, "\(path).taxAmount",
          "the invoice gives its tax as an amount and per-item rates (the item on line \(item.line!))",
          hint: "leave out the items' taxRate when the invoice's tax is given, or leave out taxAmount")
      }
    } else if let (item, itemPath) = missingRate {
      error(
        item, itemPath, "the key \"taxRate\" is missing and no default tax rate is configured",
        hint: "give taxRate per item, set defaults.taxRate in the config, or give the invoice's taxAmount")
    }
    if let text = string(value, "status", path, required: false) {
      switch InvoiceRules.status(text, mapping: options.statuses) {
      case .success(let status): currentStatus = status
      case .failure(let violation): error(value["status"]!, "\(path).status", violation)
      }
    }
    let expected = decimal(value, "expectedTotal", path, required: false, maxDecimals: 6)
    let buyerReference = string(value, "buyerReference", path, required: false)
    let delivery = date(value, "deliveryDate", path, required: false)
    let periodStart = date(value, "billingPeriodStart", path, required: false)
    let periodEnd = date(value, "billingPeriodEnd", path, required: false)
    var period: ClosedRange<CalendarDate>?
    if let periodStart, let periodEnd {
      if periodStart <= periodEnd {
        period = periodStart...periodEnd
      } else {
        error(
          value["billingPeriodEnd"]!, "\(path).billingPeriodEnd", "the billing period ends before it starts")
      }
    } else if (periodStart == nil) != (periodEnd == nil), !currentFailed {
      error(value, path, "a billing period needs both billingPeriodStart and billingPeriodEnd")
    }
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
    invoice.buyerReference = buyerReference
    invoice.deliveryDate = delivery
    invoice.billingPeriod = period
    if let expected, let violation = InvoiceRules.reconcile(invoice, expected: expected) {
      error(value["expectedTotal"]!, "\(path).expectedTotal", violation)
      return nil
    }
    return invoice
  }

  /// The charges or allowances in the array `key` of `invoice`: objects with an amount, a reason and a tax rate.
  mutating func readCharges(
    _ invoice: JSONValue, _ key: String, _ kind: AllowanceCharge.Kind, _ path: String
  ) -> [AllowanceCharge] {
    guard let list = invoice[key], !isNull(list) else { return [] }
    guard case .array(let elements) = list.kind else {
      error(list, "\(path).\(key)", "expected an array, found \(list.kindName)")
      return []
    }
    var result: [AllowanceCharge] = []
    for (index, element) in elements.enumerated() {
      let elementPath = "\(path).\(key)[\(index)]"
      let object = element.withCanonicalKeys(
        JSONInvoiceReader.chargeKeys, spellings: JSONInvoiceReader.chargeSpellings)
      guard case .object = object.kind else {
        error(
          element, elementPath,
          "expected an object with amount, reason and taxRate, found \(element.kindName)")
        continue
      }
      warnUnknownKeys(object, elementPath, known: JSONInvoiceReader.chargeKeys)
      guard let amount = decimal(object, "amount", elementPath, required: true, maxDecimals: 6) else {
        continue
      }
      if amount.isNegative {
        error(
          object["amount"]!, "\(elementPath).amount", "\(amount.trimmedDescription) is negative",
          hint: kind == .charge
            ? "take amounts off with an entry in allowances" : "an allowance's amount is what is taken off")
        continue
      }
      var rate = decimal(object, "taxRate", elementPath, required: false, maxDecimals: 6, percent: true)
      if let given = rate, let written = object["taxRate"] {
        var hasPercentSign = false
        if case .string(let text) = written.kind { hasPercentSign = text.contains("%") }
        if let violation = InvoiceRules.taxRate(given, hasPercentSign: hasPercentSign) {
          error(written, "\(elementPath).taxRate", violation)
          rate = nil
        }
      }
      let reason = string(object, "reason", elementPath, required: false)
      result.append(AllowanceCharge(kind, amount: amount, reason: reason, taxRate: rate, line: object.line))
    }
    return result
  }

  mutating func readCustomer(_ invoice: JSONValue, _ path: String) -> Party? {
    guard
      let value = invoice["customer"]?.withCanonicalKeys(
        JSONInvoiceReader.customerKeys, spellings: JSONInvoiceReader.customerSpellings)
    else {
      error(invoice, path, "the key \"customer\" is missing")
      return nil
    }
    let customerPath = "\(path).customer"
    guard case .object = value.kind else {
      error(
        value, customerPath, "expected an object with name, address, email and vatId, found \(value.kindName)"
      )
      return nil
    }
    warnUnknownKeys(value, customerPath, known: JSONInvoiceReader.customerKeys)
    let name = string(value, "name", customerPath, required: true)
    var address: [String] = []
    if let lines = value["address"], !isNull(lines), fitsFieldLimit(lines, "\(customerPath).address") {
      switch lines.kind {
      case .array(let elements):
        for (index, element) in elements.enumerated() {
          if case .string(let line) = element.kind {
            address.append(line.trimmingSpaces)
          } else {
            error(
              element, "\(customerPath).address[\(index)]", "expected a string, found \(element.kindName)")
          }
        }
      case .string(let text):
        address = text.split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces }
      default:
        error(lines, "\(customerPath).address", "expected an array of lines, found \(lines.kindName)")
      }
    }
    let id =
      string(value, "id", customerPath, required: false)
      ?? string(invoice, "customerId", path, required: false)
    let email = string(value, "email", customerPath, required: false)
    let vatId = string(value, "vatId", customerPath, required: false)
    var postal = PostalAddress(
      street: string(value, "street", customerPath, required: false),
      street2: string(value, "street2", customerPath, required: false),
      postcode: string(value, "postcode", customerPath, required: false),
      city: string(value, "city", customerPath, required: false),
      region: string(value, "region", customerPath, required: false))
    let localeTag =
      string(invoice, "locale", path, required: false) ?? options.defaultLocale ?? Issuer.fallbackLocale
    let documentLocale = Locale(
      identifier: InvoiceRules.locale(localeTag) == nil ? localeTag : Issuer.fallbackLocale)
    if let country = string(value, "country", customerPath, required: false) {
      if let code = PostalAddress.countryCode(country, locale: documentLocale) {
        postal.country = code
      } else {
        error(
          value["country"]!, "\(customerPath).country", "\(Diagnostic.quote(country)) is not a country",
          hint: "write an ISO 3166-1 code such as DE or US, or the country's name")
      }
    }
    var electronicAddress: ElectronicAddress?
    if let address = value["electronicAddress"], !isNull(address) {
      let addressPath = "\(customerPath).electronicAddress"
      if case .object = address.kind,
        let scheme = string(address, "scheme", addressPath, required: true),
        let identifier = string(address, "value", addressPath, required: true)
      {
        electronicAddress = ElectronicAddress(scheme: scheme, value: identifier)
      } else if case .object = address.kind {
      } else {
        error(address, addressPath, "expected an object with scheme and value, found \(address.kindName)")
      }
    }
    guard let name else { return nil }
    var lines = address.filter { !$0.isEmpty }
    if lines.isEmpty, !postal.isEmpty { lines = postal.lines(locale: documentLocale) }
    var party = Party(
      name: name, address: lines, email: email, vatId: vatId, id: id,
      postalAddress: postal.isEmpty ? nil : postal)
    party.electronicAddress = electronicAddress
    return party
  }

  mutating func readItem(_ value: JSONValue, _ path: String) -> LineItem? {
    let value = value.withCanonicalKeys(
      JSONInvoiceReader.itemKeys, spellings: JSONInvoiceReader.itemSpellings)
    guard case .object = value.kind else {
      error(value, path, "expected an item object, found \(value.kindName)")
      return nil
    }
    warnUnknownKeys(value, path, known: JSONInvoiceReader.itemKeys)
    let description = string(value, "description", path, required: true)
    let quantity = decimal(value, "quantity", path, required: true, maxDecimals: 6)
    let price = decimal(value, "unitPrice", path, required: true, maxDecimals: 6)
    var rate = decimal(value, "taxRate", path, required: false, maxDecimals: 6, percent: true)
    if rate == nil, value["taxRate"] == nil || isNull(value["taxRate"]!) {
      rate = options.defaultTaxRate
      if rate == nil {
        // Not yet an error: an invoice whose tax is given (taxAmount) needs no rates.
        if missingRate == nil { missingRate = (value, path) }
        rate = .zero
      }
    } else {
      explicitRateLines.insert(value.line)
    }
    if let given = rate, let written = value["taxRate"], !isNull(written) {
      var hasPercentSign = false
      if case .string(let text) = written.kind { hasPercentSign = text.contains("%") }
      if let violation = InvoiceRules.taxRate(given, hasPercentSign: hasPercentSign) {
        error(written, "\(path).taxRate", violation)
      }
    }
    let discount = decimal(value, "discount", path, required: false, maxDecimals: 6, percent: true) ?? .zero
    if let violation = InvoiceRules.discount(discount) {
      error(value["discount"]!, "\(path).discount", violation)
    }
    let discountAmount = decimal(value, "discountAmount", path, required: false, maxDecimals: 6) ?? .zero
    if let violation = InvoiceRules.discountAmount(
      discountAmount, percent: discount, quantity: quantity, unitPrice: price)
    {
      error(value["discountAmount"]!, "\(path).discountAmount", violation)
    }
    let sku = string(value, "sku", path, required: false)
    let unit = string(value, "unit", path, required: false)
    var category: String?
    if let code = string(value, "taxCategory", path, required: false) {
      if let violation = InvoiceRules.taxCategory(code) {
        error(value["taxCategory"]!, "\(path).taxCategory", violation)
      } else {
        category = code.uppercased()
      }
    }
    guard let description, let quantity, let price, let rate else { return nil }
    var item = LineItem(
      description: description, quantity: quantity, unitPrice: price, taxRate: rate, discount: discount,
      discountAmount: discountAmount, sku: sku,
      unit: unit, line: value.line)
    item.taxCategory = category
    return item
  }
}
