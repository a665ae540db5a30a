import Foundation

/// The invoice-level fields of an orders CSV: dates, currency, customer, tax, charges, status, period, addresses.
extension InvoiceAssembler {
  /// The date in `field`, in the configured format or, for slashed dates, the order the file shows.
  mutating func date(_ field: OrderField, _ invoice: PendingInvoice) -> CalendarDate? {
    guard let (text, location, name) = located(field, invoice) else { return nil }
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
    return nil
  }

  /// The invoice's currency: its column, else the one its prices are written in (`€80.00`), else the default.
  mutating func currency(_ invoice: PendingInvoice) -> Currency? {
    var currency = options.defaultCurrency
    if let (code, location, name) = located(.currency, invoice) {
      switch InvoiceRules.currency(code) {
      case .success(let known): currency = known
      case .failure(let violation): fail(invoice, Diagnostic(location, field: name, violation))
      }
    } else if !rejected(.currency) {
      if let codes = writtenCurrency(invoice)?.mark.currencies, codes.count == 1 {
        currency = Currency(code: codes.first!)
      }
      if currency == nil {
        missing(
          .currency, invoice, hint: "give a currency per invoice or set defaults.currency in the config")
      }
    }
    return currency
  }

  /// The first currency symbol or code the invoice's prices were written with, if any.
  func writtenCurrency(_ invoice: PendingInvoice) -> (
    mark: CurrencyMark, location: SourceLocation, field: String
  )? {
    currencyMarks.isEmpty ? nil : currencyMarks[ObjectIdentifier(invoice)]
  }

  /// A price written in another currency than the invoice's is an error.
  mutating func checkWrittenCurrency(_ currency: Currency?, _ invoice: PendingInvoice) {
    guard let currency, let (mark, location, field) = writtenCurrency(invoice),
      !mark.currencies.contains(currency.code)
    else { return }
    fail(
      invoice,
      Diagnostic(
        .error, location, field: field,
        "the price is written in \(Diagnostic.quote(mark.text)), but the invoice's currency is \(currency.code)",
        hint: "check the currency column, or remove the symbol from the prices"))
  }

  /// The customer's name and the person the invoice is to the attention of.
  ///
  /// First and last name columns (WooCommerce's billing_first_name…) name a person: the customer
  /// when no name (company) is given, else the person to the attention of whom it goes.
  mutating func customerName(_ invoice: PendingInvoice) -> (name: String?, attention: String?) {
    var name = value(.customerName, invoice)
    let person = [value(.customerFirstName, invoice), value(.customerLastName, invoice)].compactMap { $0 }
      .filter {
        !$0.isEmpty
      }.joined(separator: " ")
    var attention: String?
    if name == nil || name!.isEmpty {
      if !person.isEmpty { name = person }
    } else if !person.isEmpty {
      attention = person
    }
    if name == nil || name!.isEmpty, !rejected(.customerName) {
      if let fallback = options.defaultCustomerName {
        name = fallback
      } else {
        missing(
          .customerName, invoice,
          hint: "give a customer name or set defaults.customerName (such as \"Cash sale\")")
      }
    }
    return (name, attention)
  }

  /// Whether the invoice's prices include tax (`true`, `yes`, `1`, `y` and their opposites).
  mutating func pricesIncludeTax(_ invoice: PendingInvoice) -> Bool { flag(.pricesIncludeTax, invoice) }

  /// A yes-or-no column (`true`, `yes`, `1`, `y`, `tak` and their opposites); false when absent.
  mutating func flag(_ name: OrderField, _ invoice: PendingInvoice) -> Bool {
    guard let (text, location, field) = located(name, invoice) else { return false }
    switch text.lowercased() {
    case "true", "yes", "1", "y", "tak": return true
    case "false", "no", "0", "n", "nie": return false
    default:
      fail(
        invoice, Diagnostic(.error, location, field: field, "\(Diagnostic.quote(text)) is not true or false"))
      return false
    }
  }

  /// The invoice's locale: its column when it is a valid tag, else the default.
  mutating func locale(_ invoice: PendingInvoice) -> String? {
    guard let (text, location, field) = located(.locale, invoice) else { return options.defaultLocale }
    if let violation = InvoiceRules.locale(text) {
      fail(invoice, Diagnostic(location, field: field, violation))
      return options.defaultLocale
    }
    return text
  }

  /// The tax the export gives as an amount, if any; an invoice's tax is computed from per-line rates, or given: never both.
  mutating func givenTax(_ invoice: PendingInvoice) -> GivenTax? {
    if let (amount, location, field) = levelAmount(.taxAmount, invoice, allowsNegative: false) {
      if invoice.explicitRateLine != 0, let rateColumn = columnOf[.taxRate] {
        fail(
          invoice,
          Diagnostic(
            .error, location, field: field,
            "the invoice gives its tax as an amount and per-line rates (\(columnNames[rateColumn]), line \(invoice.explicitRateLine))",
            hint: "leave the rates blank on invoices whose tax is given, or leave the tax amount blank"))
      }
      return GivenTax(amount: amount, name: value(.taxName, invoice))
    }
    if invoice.missingRateLine != 0 {
      fail(
        invoice,
        Diagnostic(
          .error, SourceLocation(file: file, line: invoice.missingRateLine),
          field: columnOf[.taxRate].map { columnNames[$0] } ?? "column \"tax_rate\"",
          columnOf[.taxRate] == nil
            ? "is missing and no default tax rate is configured"
            : "is empty and no default tax rate is configured",
          hint:
            "give a tax rate per row (19, 19% or 7.5), set defaults.taxRate in the config, or give the invoice's tax in tax_amount"
        ))
    }
    return nil
  }

  /// The invoice's charge and allowance rows, with its shipping first and its order discount last.
  mutating func charges(_ invoice: PendingInvoice, givenTax: GivenTax?, start: SourceLocation)
    -> [AllowanceCharge]
  {
    var charges = invoice.allowancesCharges
    if let (amount, _, _) = levelAmount(.shipping, invoice, allowsNegative: false), !amount.isZero {
      charges.insert(
        AllowanceCharge(
          .charge, amount: amount, purpose: .shipping, taxRate: levelRate(.shippingTaxRate, invoice)),
        at: 0)
    }
    if let (amount, _, _) = levelAmount(.orderDiscount, invoice, allowsNegative: true), !amount.isZero {
      // Exports write a discount as 10.00 or as -10.00; either way it is taken off.
      charges.append(
        AllowanceCharge(
          .allowance, amount: amount.magnitude, reason: value(.orderDiscountReason, invoice),
          purpose: .discount,
          taxRate: levelRate(.orderDiscountTaxRate, invoice)))
    }
    if givenTax == nil, invoice.items.isEmpty, charges.contains(where: { $0.taxRate == nil }) {
      // With no items there is no main rate: an untaxed fee would be a silent zero.
      fail(
        invoice,
        Diagnostic(
          .error, start,
          "invoice \(Diagnostic.quote(invoice.number)) has charges but no items, and a charge without a tax rate",
          hint: "give the charge's rate (charge_tax_rate, shipping_tax_rate) or an item"))
    }
    return charges
  }

  /// The order's status (paid when the export gives none).
  mutating func status(_ invoice: PendingInvoice) -> OrderStatus {
    guard let (text, location, field) = located(.status, invoice) else { return .paid }
    switch InvoiceRules.status(text, mapping: options.statuses) {
    case .success(let known): return known
    case .failure(let violation):
      fail(invoice, Diagnostic(location, field: field, violation))
      return .paid
    }
  }

  /// The billing period, when both its ends are given and in order.
  mutating func billingPeriod(_ invoice: PendingInvoice) -> ClosedRange<CalendarDate>? {
    let periodStart = date(.billingPeriodStart, invoice)
    let periodEnd = date(.billingPeriodEnd, invoice)
    if let periodStart, let periodEnd {
      if periodStart <= periodEnd { return periodStart...periodEnd }
      if let (_, location, field) = located(.billingPeriodEnd, invoice) {
        fail(
          invoice,
          Diagnostic(
            .error, location, field: field,
            "the billing period ends (\(periodEnd)) before it starts (\(periodStart))"))
      }
    } else if (periodStart == nil) != (periodEnd == nil), !rejected(.billingPeriodStart),
      !rejected(.billingPeriodEnd)
    {
      let given = periodStart == nil ? OrderField.billingPeriodEnd : .billingPeriodStart
      if let (_, location, field) = located(given, invoice) {
        fail(
          invoice,
          Diagnostic(
            .error, location, field: field,
            "a billing period needs both billing_period_start and billing_period_end"))
      }
    }
    return nil
  }

  /// The customer's electronic address (Peppol endpoint), with its scheme.
  mutating func electronicAddress(_ invoice: PendingInvoice) -> ElectronicAddress? {
    guard let address = value(.customerElectronicAddress, invoice) else { return nil }
    let scheme = value(.customerElectronicAddressScheme, invoice)
    let electronic = ElectronicAddress(
      scheme: scheme.flatMap { $0.isEmpty ? nil : $0 } ?? (address.contains("@") ? "EM" : ""), value: address)
    if electronic.scheme.isEmpty, let (_, location, field) = located(.customerElectronicAddress, invoice) {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: field, "the electronic address has no scheme",
          hint:
            "give customer_electronic_address_scheme (EAS code such as 0204 for a Leitweg-ID, 9930 for a German VAT id, EM for e-mail)"
        ))
    }
    return electronic
  }

  /// The address from the customer_street… columns, or nil when none is given.
  mutating func postalAddress(_ invoice: PendingInvoice, locale: String?) -> PostalAddress? {
    var address = PostalAddress(
      street: value(.customerStreet, invoice), street2: value(.customerStreet2, invoice),
      postcode: value(.customerPostcode, invoice), city: value(.customerCity, invoice),
      region: value(.customerRegion, invoice))
    address.country = country(.customerCountry, invoice, locale: locale)
    return address.isEmpty ? nil : address
  }

  /// The delivery address in parts (`delivery_street`…`delivery_country`), nil when none is given.
  mutating func deliveryAddress(_ invoice: PendingInvoice, locale: String?) -> PostalAddress? {
    var address = PostalAddress(
      street: value(.deliveryStreet, invoice), postcode: value(.deliveryPostcode, invoice),
      city: value(.deliveryCity, invoice))
    address.country = country(.deliveryCountry, invoice, locale: locale)
    return address.isEmpty ? nil : address
  }

  /// What the invoice supplies (`operation_nature`): goods, services or both; an error for another word.
  mutating func operationNature(_ invoice: PendingInvoice) -> OperationNature? {
    guard let (text, location, field) = checkedText(.operationNature, invoice) else { return nil }
    guard let nature = OperationNature(text: text) else {
      fail(
        invoice,
        Diagnostic(
          .error, location, field: field, "\(Diagnostic.quote(text)) is not a nature of operations",
          hint: "write goods, services or both (or biens, prestations, mixte)"))
      return nil
    }
    return nature
  }

  /// The ISO 3166-1 code of `field`'s country (a code or a name in `locale`); an error for anything else.
  private mutating func country(_ field: OrderField, _ invoice: PendingInvoice, locale: String?) -> String? {
    var country: String?
    if let (text, location, field) = checkedText(field, invoice) {
      if let code = PostalAddress.countryCode(
        text, locale: Locale(identifier: locale ?? Issuer.fallbackLocale))
      {
        country = code
      } else {
        fail(
          invoice,
          Diagnostic(
            .error, location, field: field, "\(Diagnostic.quote(text)) is not a country",
            hint: "write an ISO 3166-1 code such as DE or US, or the country's name"))
      }
    }
    return country
  }
}
