import DataModel

extension ConfigReader {
  /// The keys of the config's `legal` section.
  static let legalKeys = [
    "check", "deliveryDate", "verifactu", "regimeFiscale", "operations", "vatOnDebits", "ksef",
  ]

  /// `legal`: whether invoices are checked against their seller country's rules, and how the issuer
  /// meets particulars its data does not carry.
  mutating func readLegal(_ legal: JSONValue, into config: inout Config) {
    let fields = members(legal, "$.legal", known: Self.legalKeys)
    var settings = config.invoiceSettings.issuer.legal
    if let check = fields["check"] { settings.checks = flag(check, "$.legal.check") ?? settings.checks }
    if let debits = fields["vatOnDebits"] {
      settings.vatOnDebits = flag(debits, "$.legal.vatOnDebits") ?? settings.vatOnDebits
    }
    if let text = string(fields["operations"], "$.legal.operations") {
      if let nature = OperationNature(text: text) {
        settings.operationNature = nature
      } else {
        error(
          fields["operations"]!, "$.legal.operations", "\"\(text)\" is not a nature of operations",
          hint: "use goods, services or both (an operation_nature column sets it per invoice)")
      }
    }
    if let group = string(fields["ksef"], "$.legal.ksef") {
      if LegalSettings.ksefStart[group] != nil {
        settings.ksefGroup = group
      } else {
        error(
          fields["ksef"]!, "$.legal.ksef", "\"\(group)\" is not a KSeF group of taxpayers",
          hint: "use large (from 1 February 2026), standard (1 April 2026) or micro (1 January 2027)")
      }
    }
    if let verifactu = fields["verifactu"] {
      settings.verifactu = flag(verifactu, "$.legal.verifactu") ?? settings.verifactu
    }
    if let date = string(fields["deliveryDate"], "$.legal.deliveryDate") {
      switch date {
      case "issue-date": settings.deliveryIsIssueDate = true
      case "data": settings.deliveryIsIssueDate = false
      default:
        error(
          fields["deliveryDate"]!, "$.legal.deliveryDate", "\"\(date)\" is not a delivery date policy",
          hint: "use issue-date (every invoice is delivered on its date) or data (a delivery_date column)")
      }
    }
    if let regime = string(fields["regimeFiscale"], "$.legal.regimeFiscale") {
      // RF01 to RF19 (RF03 was withdrawn), as FatturaPA's RegimeFiscaleType lists them.
      let known = (1...19).filter { $0 != 3 }.map { String(format: "RF%02d", $0) }
      if known.contains(regime.uppercased()) {
        settings.regimeFiscale = regime.uppercased()
      } else {
        error(
          fields["regimeFiscale"]!, "$.legal.regimeFiscale", "\"\(regime)\" is not a FatturaPA fiscal regime",
          hint: "use RF01 (ordinario) to RF19, such as RF19 for the forfettario")
      }
    }
    config.invoiceSettings.issuer.legal = settings
  }

  /// A JSON boolean, or nil after an error naming `path`.
  mutating func flag(_ value: JSONValue, _ path: String) -> Bool? {
    if case .bool(let on) = value.kind { return on }
    error(value, path, "expected true or false, found \(value.kindName)")
    return nil
  }
}
