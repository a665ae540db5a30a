import Foundation

/// The invoice's line items and its charges and allowances.
extension JSONInvoiceReader {
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

  mutating func readItem(_ value: JSONValue, _ path: String) -> LineItem? {
    let written = value
    let value = value.withCanonicalKeys(
      JSONInvoiceReader.itemKeys, spellings: JSONInvoiceReader.itemSpellings)
    guard case .object = value.kind else {
      error(value, path, "expected an item object, found \(value.kindName)")
      return nil
    }
    warnUnknownKeys(
      value, path,
      known: JSONInvoiceReader.itemKeys.union(options.customItemFields)
        .union(keptKeys(value, known: JSONInvoiceReader.itemKeys)))
    let description = string(value, "description", path, required: true)
    let quantity = decimal(value, "quantity", path, required: true, maxDecimals: 6)
    let price = decimal(value, "unitPrice", path, required: true, maxDecimals: 6)
    let rate = itemTaxRate(value, path)
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
    item.fields = customValues(
      written, path, names: options.customItemFields + keptKeys(written, known: JSONInvoiceReader.itemKeys))
    return item
  }

  /// An item's tax rate: its own (checked), else the config's default, else zero for now (an
  /// invoice whose tax is given needs no rates; one that does is told later).
  mutating func itemTaxRate(_ value: JSONValue, _ path: String) -> ExactDecimal? {
    var rate = decimal(value, "taxRate", path, required: false, maxDecimals: 6, percent: true)
    if rate == nil, value["taxRate"] == nil || isNull(value["taxRate"]!) {
      rate = options.defaultTaxRate
      if rate == nil {
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
    return rate
  }
}
