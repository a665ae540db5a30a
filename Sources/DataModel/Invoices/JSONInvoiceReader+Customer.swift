import Foundation

extension JSONInvoiceReader {
  /// The invoice's customer, from the object "customer" (and "customerId" beside it).
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
    let address = readAddressLines(value, customerPath)
    let id =
      string(value, "id", customerPath, required: false)
      ?? string(invoice, "customerId", path, required: false)
    let email = string(value, "email", customerPath, required: false)
    let vatId = string(value, "vatId", customerPath, required: false)
    let (postal, documentLocale) = readPostalAddress(value, customerPath, invoice: invoice, path: path)
    let electronicAddress = readElectronicAddress(value, customerPath)
    guard let name else { return nil }
    var lines = address.filter { !$0.isEmpty }
    if lines.isEmpty, !postal.isEmpty { lines = postal.lines(locale: documentLocale) }
    var party = Party(
      name: name, address: lines, email: email, vatId: vatId, id: id,
      postalAddress: postal.isEmpty ? nil : postal)
    party.electronicAddress = electronicAddress
    party.companyId = string(value, "companyId", customerPath, required: false)
    return party
  }

  /// The customer's "address": an array of lines or one string of lines.
  mutating func readAddressLines(_ value: JSONValue, _ customerPath: String) -> [String] {
    guard let lines = value["address"], !isNull(lines), fitsFieldLimit(lines, "\(customerPath).address")
    else { return [] }
    switch lines.kind {
    case .array(let elements):
      var address: [String] = []
      for (index, element) in elements.enumerated() {
        if case .string(let line) = element.kind {
          address.append(line.trimmingSpaces)
        } else {
          error(element, "\(customerPath).address[\(index)]", "expected a string, found \(element.kindName)")
        }
      }
      return address
    case .string(let text):
      return text.split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces }
    default:
      error(lines, "\(customerPath).address", "expected an array of lines, found \(lines.kindName)")
      return []
    }
  }

  /// The customer's postal address in fields, and the locale its country name is read (and its lines
  /// written) in: the invoice's locale.
  mutating func readPostalAddress(
    _ value: JSONValue, _ customerPath: String, invoice: JSONValue, path: String
  ) -> (PostalAddress, Locale) {
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
    return (postal, documentLocale)
  }

  /// The customer's "electronicAddress": an object with scheme and value.
  mutating func readElectronicAddress(_ value: JSONValue, _ customerPath: String) -> ElectronicAddress? {
    guard let address = value["electronicAddress"], !isNull(address) else { return nil }
    let addressPath = "\(customerPath).electronicAddress"
    guard case .object = address.kind else {
      error(address, addressPath, "expected an object with scheme and value, found \(address.kindName)")
      return nil
    }
    guard let scheme = string(address, "scheme", addressPath, required: true),
      let identifier = string(address, "value", addressPath, required: true)
    else { return nil }
    return ElectronicAddress(scheme: scheme, value: identifier)
  }
}
