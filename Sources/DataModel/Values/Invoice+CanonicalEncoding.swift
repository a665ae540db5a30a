/// A documented, stable text form of an invoice's content, for `--skip-unchanged` hashes.
///
/// Every field that can change the document is written in a fixed order as `key:<UTF-8 length>:value`
/// on its own line (the length makes any text safe, line breaks included); exact decimals are
/// written as their decimal text, dates as ISO dates, absent values as `-`. Where the invoice
/// came from (file and line) is left out: moving rows does not change the document. The first line
/// names the format's version; a change to the format changes it, so old hashes never match.
extension Invoice {
  /// The format's first line.
  public static let canonicalEncodingVersion = "invoicegen-invoice-v3"

  /// The canonical encoding (see the type's documentation).
  public var canonicalEncoding: String {
    var out = Invoice.canonicalEncodingVersion + "\n"
    func field(_ key: String, _ value: String?) { out += canonicalLine(key, value) }
    field("number", number)
    field("issueDate", issueDate.description)
    field("dueDate", dueDate?.description)
    field("currency", currency.code)
    field("customer.name", customer.name)
    field("customer.address", String(customer.address.count))
    for line in customer.address { field("customer.address.line", line) }
    field("customer.email", customer.email)
    field("customer.vatId", customer.vatId)
    field("customer.id", customer.id)
    let postal = customer.postalAddress
    for (key, part) in [
      ("street", postal?.street), ("street2", postal?.street2), ("postcode", postal?.postcode),
      ("city", postal?.city), ("region", postal?.region), ("country", postal?.country),
    ] {
      field("customer.postal." + key, part)
    }
    field("customer.electronicAddress", customer.electronicAddress.map { "\($0.scheme):\($0.value)" })
    field("customer.companyId", customer.companyId)
    field("locale", locale)
    field("notes", notes)
    field("purchaseOrder", purchaseOrder)
    field("pricesIncludeTax", pricesIncludeTax ? "true" : "false")
    field("taxExemptionReason", taxExemptionReason)
    field("precedingInvoice", precedingInvoice)
    field("buyerReference", buyerReference)
    field("deliveryDate", deliveryDate?.description)
    field("precedingInvoiceDate", precedingInvoiceDate?.description)
    field("precedingInvoiceKSeFNumber", precedingInvoiceKSeFNumber)
    let delivery = deliveryAddress
    for (key, part) in [
      ("street", delivery?.street), ("postcode", delivery?.postcode), ("city", delivery?.city),
      ("country", delivery?.country),
    ] {
      field("delivery." + key, part)
    }
    field("operationNature", operationNature?.rawValue)
    field("splitPayment", splitPayment ? "true" : "false")
    field("exchangeRate", exchangeRate?.description)
    field("billingPeriod", billingPeriod.map { "\($0.lowerBound)/\($0.upperBound)" })
    field("givenTax.amount", givenTax?.amount.description)
    field("givenTax.name", givenTax?.name)
    field("allowancesCharges", String(allowancesCharges.count))
    for charge in allowancesCharges {
      field("charge.kind", charge.kind.rawValue)
      field("charge.amount", charge.amount.description)
      field("charge.reason", charge.reason)
      field("charge.purpose", charge.purpose.rawValue)
      field("charge.taxRate", charge.taxRate?.description)
    }
    field("items", String(items.count))
    for item in items { out += item.canonicalEncoding }
    // Fields a config's layout prints: only when present, so invoices without any hash as before.
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) { field("field." + name, value) }
    return out
  }
}

extension LineItem {
  /// The item's lines of its invoice's canonical encoding, in the same `key:<length>:value` form.
  var canonicalEncoding: String {
    var out = ""
    func field(_ key: String, _ value: String?) { out += canonicalLine(key, value) }
    field("item.description", description)
    field("item.quantity", quantity.description)
    field("item.unitPrice", unitPrice.description)
    field("item.taxRate", taxRate.description)
    field("item.discount", discount.description)
    field("item.discountAmount", discountAmount.description)
    field("item.taxCategory", taxCategory)
    field("item.sku", sku)
    field("item.unit", unit)
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) { field("item.field." + name, value) }
    return out
  }
}

/// One line of the canonical encoding: `key:<UTF-8 length>:value`, or `key:-` for an absent value.
private func canonicalLine(_ key: String, _ value: String?) -> String {
  guard let value else { return key + ":-\n" }
  return key + ":" + String(value.utf8.count) + ":" + value + "\n"
}
