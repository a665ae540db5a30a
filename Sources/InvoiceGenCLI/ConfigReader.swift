import DataModel
import Foundation
import Layouts
import PageKit

/// Walks the config JSON, checking every key and type.
struct ConfigReader {
  var walker: JSONWalker
  let folder: String
  /// The label files the config's `layout.labels` names, read and to be watched by `preview`.
  var labelFiles: [String] = []

  init(file: String, document: JSONDocument, folder: String) {
    walker = JSONWalker(file: file, document: document)
    self.folder = folder
  }

  var file: String { walker.file }
  var document: JSONDocument { walker.document }
  var errors: [Diagnostic] { walker.diagnostics }

  func location(_ value: JSONValue) -> SourceLocation {
    walker.location(value)
  }

  mutating func error(_ value: JSONValue, _ path: String, _ message: String, hint: String? = nil) {
    walker.error(value, path, message, hint: hint)
  }

  /// Reports a value that breaks one of the `InvoiceRules`.
  mutating func error(_ value: JSONValue, _ path: String, _ violation: InvoiceRules.Violation) {
    walker.error(value, path, violation)
  }

  /// The members of an object, reporting keys not in `known`.
  mutating func members(_ value: JSONValue, _ path: String, known: [String]) -> [String: JSONValue] {
    guard case .object(let list) = value.kind else {
      error(value, path, "expected an object, found \(value.kindName)")
      return [:]
    }
    walker.unknownKeys(value, path, known: known, severity: .error, within: 3)
    var result: [String: JSONValue] = [:]
    for (key, member) in list where known.contains(key) { result[key] = member }
    return result
  }

  mutating func string(_ value: JSONValue?, _ path: String) -> String? {
    guard let value else { return nil }
    if case .string(let text) = value.kind { return text }
    if case .null = value.kind { return nil }
    error(value, path, "expected a string, found \(value.kindName)")
    return nil
  }

  /// A text in one language (a string) or several (an object keyed by BCP 47 tag: `{"en": …, "de": …}`).
  mutating func localizedText(_ value: JSONValue?, _ path: String) -> LocalizedText? {
    guard let value else { return nil }
    guard case .object(let members) = value.kind else {
      return string(value, path).flatMap { text in checkedLength(text, value, path) }.map(LocalizedText.init)
    }
    var variants: [(tag: String, text: String)] = []
    for (tag, member) in members {
      if let problem = LocaleTag.problem(tag) {
        error(
          member, "\(path).\(tag)", "\(Diagnostic.quote(tag)) is not a language tag: it \(problem)",
          hint: "key each text by a BCP 47 tag such as en, de or de-CH")
      } else if let text = string(member, "\(path).\(tag)"),
        checkedLength(text, member, "\(path).\(tag)") != nil
      {
        variants.append((tag, text))
      }
    }
    if members.isEmpty { error(value, path, "expected a text or an object of texts by language, found {}") }
    return variants.isEmpty ? nil : LocalizedText(variants: variants)
  }

  /// `text`, or nil and an error when it is longer than a config text may be.
  mutating func checkedLength(_ text: String, _ value: JSONValue, _ path: String) -> String? {
    guard text.utf8.count > InputLimits.configTextCharacters, text.count > InputLimits.configTextCharacters
    else {
      return text
    }
    error(
      value, path,
      "has \(text.count) characters; a config text may have at most \(InputLimits.configTextCharacters)")
    return nil
  }

  mutating func strings(_ value: JSONValue?, _ path: String) -> [String]? {
    guard let value else { return nil }
    if case .string(let text) = value.kind { return text.split(separator: "\n").map(String.init) }
    guard case .array(let items) = value.kind else {
      error(value, path, "expected an array of strings, found \(value.kindName)")
      return nil
    }
    return items.enumerated().compactMap { string($1, "\(path)[\($0)]") }
  }

  func resolve(_ relative: String) -> String {
    relative.hasPrefix("/") ? relative : URL(fileURLWithPath: folder).appendingPathComponent(relative).path
  }

  mutating func read() -> Config {
    var config = Config()
    let root = members(
      document.root, "$",
      known: [
        "seller", "bank", "brand", "defaults", "output", "columns", "private", "csv", "statuses", "refunds",
        "einvoice", "tagged", "envelope", "payment", "layout", "legal", "units", "sign", "password",
      ])
    // Before `columns` and `csv`: the mapping may name the layout's fields, whose dates follow `csv.dateFormat`.
    if let csv = root["csv"] { readCSV(csv, into: &config) }
    if let layout = root["layout"] { readLayout(layout, into: &config) }
    if let tagged = root["tagged"] {
      if case .bool(let value) = tagged.kind {
        config.tagged = value
      } else {
        error(tagged, "$.tagged", "expected true or false, found \(tagged.kindName)")
      }
    }
    if let kind = string(root["einvoice"], "$.einvoice") {
      if let known = EInvoiceKind(rawValue: kind.lowercased()) {
        config.einvoice = known
      } else {
        error(
          root["einvoice"]!, "$.einvoice", "\"\(kind)\" is not an e-invoice kind", hint: "use facturx or none"
        )
      }
    }
    if let envelope = root["envelope"] { readEnvelope(envelope, into: &config) }
    if let sign = root["sign"] { readSign(sign, into: &config) }
    if let password = root["password"] { readPassword(password, into: &config) }
    if let seller = root["seller"] { readSeller(seller, into: &config) }
    if let bank = root["bank"] { readBank(bank, into: &config) }
    if let brand = root["brand"] { readBrand(brand, into: &config) }
    if let defaults = root["defaults"] { readDefaults(defaults, into: &config) }
    if let output = root["output"] { readOutput(output, into: &config) }
    if let columns = root["columns"] { readColumns(columns, into: &config) }
    if let list = root["private"], let names = strings(list, "$.private") {
      // Staff-only columns: never read, never printed, and not reported as unknown.
      config.importOptions.ignoredColumns.formUnion(names)
    }
    if let statuses = root["statuses"] { readStatuses(statuses, into: &config) }
    if let units = root["units"] { readUnits(units, into: &config) }
    if let refunds = string(root["refunds"], "$.refunds") {
      if let policy = RefundPolicy(rawValue: refunds) {
        config.importOptions.refunds = policy
      } else {
        error(
          root["refunds"]!, "$.refunds", "\"\(refunds)\" is not a refund policy",
          hint: "use skip or credit-note")
      }
    }
    if let payment = root["payment"] { readPayment(payment, bank: root["bank"], into: &config) }
    if let legal = root["legal"] { readLegal(legal, into: &config) }
    return config
  }

  /// `seller`: the party on every invoice, its legal line and its parts for e-invoices.
  private mutating func readSeller(_ seller: JSONValue, into config: inout Config) {
    let fields = members(
      seller, "$.seller",
      known: [
        "name", "address", "email", "vatId", "id", "legalLine", "street", "houseNumber", "postcode", "city",
        "region", "country", "taxNumber", "electronicAddress", "contact", "companyId",
      ])
    if let name = string(fields["name"], "$.seller.name") {
      var party = Party(
        name: name, address: strings(fields["address"], "$.seller.address") ?? [],
        email: string(fields["email"], "$.seller.email"), vatId: string(fields["vatId"], "$.seller.vatId"),
        id: string(fields["id"], "$.seller.id"))
      readSellerParts(fields, into: &party)
      config.invoiceSettings.issuer.seller = party
      config.invoiceSettings.issuer.legal.sellerCountry = LegalFacts.country(
        of: party, fromAddressLines: true)
      config.importOptions.seller = config.invoiceSettings.issuer.seller
    } else {
      error(seller, "$.seller", "the key \"name\" is missing")
    }
    config.invoiceSettings.issuer.legalLine = localizedText(fields["legalLine"], "$.seller.legalLine")
  }

  /// `bank`: the account payments go to.
  private mutating func readBank(_ bank: JSONValue, into config: inout Config) {
    let fields = members(bank, "$.bank", known: ["holder", "bankName", "iban", "bic"])
    if let iban = string(fields["iban"], "$.bank.iban") {
      config.invoiceSettings.issuer.bank = BankAccount(
        holder: string(fields["holder"], "$.bank.holder"),
        bankName: string(fields["bankName"], "$.bank.bankName"),
        iban: iban, bic: string(fields["bic"], "$.bank.bic"))
    } else {
      error(bank, "$.bank", "the key \"iban\" is missing")
    }
  }

  /// `brand`: colour, logo, fonts and paper.
  private mutating func readBrand(_ brand: JSONValue, into config: inout Config) {
    let fields = members(
      brand, "$.brand", known: ["accentColor", "logo", "fontFamily", "fontsFolder", "paper"])
    if let hex = string(fields["accentColor"], "$.brand.accentColor") {
      if let color = Color(hex: hex) {
        config.invoiceSettings.brand.accentColor = color
      } else {
        error(
          fields["accentColor"]!, "$.brand.accentColor", "\"\(hex)\" is not a colour",
          hint: "write it as #RRGGBB")
      }
    }
    if let logo = string(fields["logo"], "$.brand.logo") {
      // A missing logo is treated like an unreadable one: a placeholder and a warning, an error with --strict.
      config.invoiceSettings.brand.logo = resolve(logo)
      config.logoLocation = location(fields["logo"]!)
    }
    if let family = string(fields["fontFamily"], "$.brand.fontFamily") {
      config.invoiceSettings.brand.fontFamily = family
    }
    if let folders = strings(fields["fontsFolder"], "$.brand.fontsFolder") {
      config.invoiceSettings.brand.fontFolders = folders.map(resolve)
      for folder in config.invoiceSettings.brand.fontFolders
      where !FileManager.default.fileExists(atPath: folder) {
        error(fields["fontsFolder"]!, "$.brand.fontsFolder", "the fonts folder \(folder) does not exist")
      }
    }
    if let paper = string(fields["paper"], "$.brand.paper") {
      readPaper(paper, fields["paper"]!, "$.brand.paper", &config)
    }
  }

  /// `defaults`: what invoices that say nothing of it get (currency, locale, tax rate, terms, paper).
  private mutating func readDefaults(_ defaults: JSONValue, into config: inout Config) {
    let fields = members(
      defaults, "$.defaults",
      known: [
        "currency", "locale", "taxRate", "paymentTerms", "notes", "paper", "customerName", "earlyPayment",
      ])
    config.importOptions.defaultCustomerName = string(fields["customerName"], "$.defaults.customerName")
    if let code = string(fields["currency"], "$.defaults.currency") {
      switch InvoiceRules.currency(code) {
      case .success(let currency): config.importOptions.defaultCurrency = currency
      case .failure(let violation): error(fields["currency"]!, "$.defaults.currency", violation)
      }
    }
    if let locale = string(fields["locale"], "$.defaults.locale") {
      if let violation = InvoiceRules.locale(locale) {
        error(fields["locale"]!, "$.defaults.locale", violation)
      } else {
        config.importOptions.defaultLocale = locale
        config.invoiceSettings.issuer.defaultLocale = locale
      }
    }
    if let rate = fields["taxRate"] { readTaxRate(rate, into: &config) }
    config.invoiceSettings.issuer.paymentTerms = templateText(
      fields["paymentTerms"], "$.defaults.paymentTerms", into: &config)
    config.invoiceSettings.issuer.notes = templateText(fields["notes"], "$.defaults.notes", into: &config)
    if let terms = fields["earlyPayment"] { readEarlyPayment(terms, into: &config) }
    if let paper = string(fields["paper"], "$.defaults.paper") {
      readPaper(paper, fields["paper"]!, "$.defaults.paper", &config)
    }
  }

  /// `defaults.taxRate`: a number or a string in percent (`19`, `"7.5%"`).
  private mutating func readTaxRate(_ rate: JSONValue, into config: inout Config) {
    let text: String?
    switch rate.kind {
    case .number(let number): text = number
    case .string(let string): text = string.replacingOccurrences(of: "%", with: "")
    default: text = nil
    }
    if let text, let value = ExactDecimal(text) {
      var hasPercentSign = false
      if case .string(let written) = rate.kind { hasPercentSign = written.contains("%") }
      if let violation = InvoiceRules.taxRate(value, hasPercentSign: hasPercentSign) {
        error(rate, "$.defaults.taxRate", violation)
      } else {
        config.importOptions.defaultTaxRate = value
      }
    } else {
      error(rate, "$.defaults.taxRate", "expected a tax rate in percent such as 19 or \"7.5\"")
    }
  }

  /// `output`: file names and PDF metadata.
  private mutating func readOutput(_ output: JSONValue, into config: inout Config) {
    let fields = members(output, "$.output", known: ["fileName", "author", "creator"])
    if let pattern = string(fields["fileName"], "$.output.fileName") { config.fileNamePattern = pattern }
    config.invoiceSettings.author = string(fields["author"], "$.output.author")
    if let creator = string(fields["creator"], "$.output.creator") {
      config.invoiceSettings.creator = creator
    }
  }

  /// `columns`: the export's column names mapped to ours; `null` never reads a column.
  private mutating func readColumns(_ columns: JSONValue, into config: inout Config) {
    if case .object(let list) = columns.kind {
      for (from, to) in list {
        if to.isNull {
          // `"Notes": null`: never read this column, even where its name matches one of ours.
          config.importOptions.ignoredColumns.insert(from)
        } else if case .array = to.kind {
          // `"customer_name": ["Billing Name", "Shipping Name"]`: ours from the first of theirs that is filled.
          if OrderField(mappedName: from) == nil {
            error(
              to, "$.columns.\(from)",
              "\"\(from)\" is not an orders column; a list maps one of ours to yours",
              hint: OrderField.suggestion(for: from).map { "did you mean \"\($0.rawValue)\"?" })
          }
          config.importOptions.columnChoices[from] = strings(to, "$.columns.\(from)") ?? []
        } else if let target = string(to, "$.columns.\(from)") {
          let custom = config.importOptions.customFields + config.importOptions.customItemFields
          if OrderField(mappedName: target) == nil, !custom.contains(target) {
            error(
              to, "$.columns.\(from)", "\"\(target)\" is not an orders column",
              hint: OrderField.suggestion(for: target).map { "did you mean \"\($0.rawValue)\"?" })
          }
          config.importOptions.columns[from] = target
        }
      }
    } else {
      error(columns, "$.columns", "expected an object mapping your column names to ours")
    }
  }

  /// `statuses`: the export's order statuses mapped to ours.
  private mutating func readStatuses(_ statuses: JSONValue, into config: inout Config) {
    if case .object(let list) = statuses.kind {
      for (from, to) in list {
        guard let target = string(to, "$.statuses.\(from)") else { continue }
        if let status = OrderStatus(rawValue: target) {
          config.importOptions.statuses[from.trimmingCharacters(in: .whitespaces).lowercased()] = status
        } else {
          error(
            to, "$.statuses.\(from)", "\"\(target)\" is not an order status",
            hint: "use one of " + OrderStatus.allCases.map(\.rawValue).joined(separator: ", "))
        }
      }
    } else {
      error(statuses, "$.statuses", "expected an object mapping your statuses to ours")
    }
  }

  /// `csv`: encoding, delimiter, decimal separator and date format of orders CSV.
  private mutating func readCSV(_ csv: JSONValue, into config: inout Config) {
    let fields = members(csv, "$.csv", known: ["delimiter", "decimalSeparator", "dateFormat", "encoding"])
    if let name = string(fields["encoding"], "$.csv.encoding") {
      if let encoding = TextEncoding(name: name) {
        config.importOptions.encoding = encoding
      } else {
        error(
          fields["encoding"]!, "$.csv.encoding", "\"\(name)\" is not an encoding invoicegen reads",
          hint: "use " + TextEncoding.allCases.map(\.rawValue).joined(separator: ", "))
      }
    }
    if let delimiter = string(fields["delimiter"], "$.csv.delimiter") {
      switch delimiter {
      case ",": config.importOptions.delimiter = UInt8(ascii: ",")
      case ";": config.importOptions.delimiter = UInt8(ascii: ";")
      case "\t", "tab": config.importOptions.delimiter = 0x09
      default:
        error(fields["delimiter"]!, "$.csv.delimiter", "the delimiter must be \",\", \";\" or \"tab\"")
      }
    }
    if let separator = string(fields["decimalSeparator"], "$.csv.decimalSeparator") {
      switch separator {
      case ".": config.importOptions.decimalSeparator = UInt8(ascii: ".")
      case ",": config.importOptions.decimalSeparator = UInt8(ascii: ",")
      default:
        error(
          fields["decimalSeparator"]!, "$.csv.decimalSeparator",
          "the decimal separator must be \".\" or \",\"")
      }
    }
    if let pattern = string(fields["dateFormat"], "$.csv.dateFormat") {
      if let format = DateFormat(pattern: pattern) {
        config.importOptions.dateFormat = format
      } else {
        error(
          fields["dateFormat"]!, "$.csv.dateFormat", "\"\(pattern)\" is not a date pattern",
          hint: "use yyyy, MM and dd, e.g. \"dd.MM.yyyy\" or \"M/d/yyyy H:mm\"")
      }
    }
  }

  /// The seller's address in parts, tax number, electronic address and contact (for e-invoices).
  mutating func readSellerParts(_ fields: [String: JSONValue], into party: inout Party) {
    var street = string(fields["street"], "$.seller.street")
    if let number = string(fields["houseNumber"], "$.seller.houseNumber") {
      street = street.map { "\($0) \(number)" } ?? number
    }
    var postal = PostalAddress(
      street: street, postcode: string(fields["postcode"], "$.seller.postcode"),
      city: string(fields["city"], "$.seller.city"), region: string(fields["region"], "$.seller.region"))
    if let country = string(fields["country"], "$.seller.country") {
      if let code = PostalAddress.countryCode(country, locale: Locale(identifier: "en")) {
        postal.country = code
      } else {
        error(
          fields["country"]!, "$.seller.country", "\"\(country)\" is not a country",
          hint: "write an ISO 3166-1 code such as DE")
      }
    }
    // The printed lines are made from the parts in each document's language (InvoiceHead).
    if !postal.isEmpty { party.postalAddress = postal }
    party.taxNumber = string(fields["taxNumber"], "$.seller.taxNumber")
    party.companyId = string(fields["companyId"], "$.seller.companyId")
    if let value = fields["electronicAddress"] {
      let parts = members(value, "$.seller.electronicAddress", known: ["scheme", "value"])
      if let scheme = string(parts["scheme"], "$.seller.electronicAddress.scheme"),
        let address = string(parts["value"], "$.seller.electronicAddress.value")
      {
        party.electronicAddress = ElectronicAddress(scheme: scheme, value: address)
      } else {
        error(value, "$.seller.electronicAddress", "needs \"scheme\" (EAS code such as EM) and \"value\"")
      }
    }
    if let value = fields["contact"] {
      let parts = members(value, "$.seller.contact", known: ["name", "phone", "email"])
      party.contact = Contact(
        name: string(parts["name"], "$.seller.contact.name"),
        phone: string(parts["phone"], "$.seller.contact.phone"),
        email: string(parts["email"], "$.seller.contact.email"))
    }
  }

  mutating func readPaper(_ name: String, _ value: JSONValue, _ path: String, _ config: inout Config) {
    if name.lowercased() == "auto" {
      config.invoiceSettings.brand.paper = nil
    } else if let paper = PageSize(named: name) {
      config.invoiceSettings.brand.paper = paper
    } else {
      error(value, path, "\"\(name)\" is not a paper size", hint: "use auto, a4, a5, letter or legal")
    }
  }
}
