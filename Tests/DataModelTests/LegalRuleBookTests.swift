import DataModel
import Foundation
import Testing

/// An invoice of one seller country, as the rules read it; a case changes one thing of it.
struct LegalSample {
  var seller: Party
  var customer: Party
  var items: [LineItem]
  var currency: String
  var issueDate = CalendarDate(year: 2026, month: 6, day: 15)!
  var dueDate: CalendarDate? = CalendarDate(year: 2026, month: 7, day: 15)
  var deliveryDate: CalendarDate? = CalendarDate(year: 2026, month: 6, day: 10)
  var exemptionReason: String?
  var deliveryAddress: PostalAddress?
  var operationNature: OperationNature?
  var splitPayment = false
  var legal = LegalSettings()
  var document = LegalDocument()

  /// A party of `country` with a name, an address and the given identifiers.
  static func party(_ name: String, _ country: String, vatId: String?, companyId: String? = nil) -> Party {
    var party = Party(name: name, address: ["Street 1", "12345 City"], vatId: vatId)
    party.postalAddress = PostalAddress(street: "Street 1", postcode: "12345", city: "City", country: country)
    party.companyId = companyId
    return party
  }

  /// An invoice of a seller in `country` that holds every rule of the table.
  static func lawful(_ country: String) -> LegalSample {
    let (vatId, companyId, currency, rate, buyerVAT) = identifiers[country]!
    var sample = LegalSample(
      seller: party("Seller", country, vatId: vatId, companyId: companyId),
      customer: party("Buyer", country, vatId: buyerVAT),
      items: [
        LineItem(
          description: "Work", quantity: ExactDecimal(20), unitPrice: ExactDecimal(1000), taxRate: rate)
      ],
      currency: currency)
    switch country {
    case "IT": sample.document.format = .fatturaPA
    case "BE": sample.document.format = .ubl
    case "ES":
      sample.legal.verifactu = true
      sample.issueDate = CalendarDate(year: 2027, month: 2, day: 1)!
    case "PL": sample.customer = party("Käufer", "DE", vatId: "DE811234567")
    case "JP":
      sample.items.append(
        LineItem(
          description: "Food", quantity: ExactDecimal(3), unitPrice: ExactDecimal(500),
          taxRate: ExactDecimal(8)))
    default: break
    }
    return sample
  }

  /// A French invoice issued after 1 September 2026 with the four new mentions: the buyer's
  /// SIREN, a delivery address elsewhere, the nature of the operations and the VAT-on-debits option.
  static func afterTheFrenchReform(_ sample: inout LegalSample) {
    sample.issueDate = CalendarDate(year: 2026, month: 10, day: 1)!
    sample.customer.companyId = "552 100 554"
    sample.deliveryAddress = PostalAddress(
      street: "25 rue du Chantier", postcode: "92100", city: "Boulogne", country: "FR")
    sample.operationNature = .both
    sample.legal.vatOnDebits = true
  }

  /// Per country: the seller's VAT id, its company id, the currency, the items' rate and the buyer's VAT id.
  static let identifiers: [String: (String?, String?, String, ExactDecimal, String?)] = [
    "DE": ("DE298765432", nil, "EUR", ExactDecimal(19), "DE811234567"),
    "FR": ("FR40732829320", "732 829 320", "EUR", ExactDecimal(20), "FR61123456789"),
    "IT": ("IT00743110157", nil, "EUR", ExactDecimal(22), "IT12345678903"),
    "ES": ("ESB12345674", nil, "EUR", ExactDecimal(21), "ESA12345674"),
    "NL": ("NL123456789B01", "12345678", "EUR", ExactDecimal(21), "NL987654321B01"),
    "AT": ("ATU12345678", nil, "EUR", ExactDecimal(20), "ATU87654321"),
    "BE": ("BE0123456749", nil, "EUR", ExactDecimal(21), "BE0987654321"),
    "PL": ("PL5261040828", nil, "PLN", ExactDecimal(23), nil),
    "GB": ("GB 980 7806 84", nil, "GBP", ExactDecimal(20), nil),
    "CH": ("CHE-116.281.710 MWST", nil, "CHF", ExactDecimal("8.1")!, nil),
    "JP": ("T7000012050002", nil, "JPY", ExactDecimal(10), nil),
    "AU": ("51 824 753 556", nil, "AUD", ExactDecimal(10), nil),
    "CA": ("123456782 RT0001", nil, "CAD", ExactDecimal(13), nil),
    "SA": ("300000000000003", nil, "SAR", ExactDecimal(15), "310000000000003"),
    "US": (nil, nil, "USD", ExactDecimal(0), nil),
  ]

  func facts() throws -> LegalFacts {
    var invoice = try Invoice(
      number: "A-1", issueDate: issueDate, dueDate: dueDate, currency: Currency(code: currency)!,
      customer: customer, items: items, taxExemptionReason: exemptionReason)
    invoice.deliveryDate = deliveryDate
    invoice.deliveryAddress = deliveryAddress
    invoice.operationNature = operationNature
    invoice.splitPayment = splitPayment
    var issuer = Issuer(seller: seller)
    issuer.legal = legal
    return LegalFacts(invoice: invoice, issuer: issuer, document: document)
  }

  /// The ids of the rules the sample does not satisfy.
  func brokenRules() throws -> [String] {
    LegalRuleBook.findings(for: try facts()).map(\.ruleID)
  }
}

/// A change to a country's lawful invoice that breaks one rule.
struct LegalCase: Sendable, CustomTestStringConvertible {
  let rule: String
  let country: String
  let change: @Sendable (inout LegalSample) -> Void

  init(_ rule: String, _ country: String, _ change: @escaping @Sendable (inout LegalSample) -> Void) {
    self.rule = rule
    self.country = country
    self.change = change
  }

  var testDescription: String { "\(rule) (\(country))" }

  static func category(_ code: String) -> @Sendable (inout LegalSample) -> Void {
    { sample in
      sample.items[0].taxRate = .zero
      sample.items[0].taxCategory = code
    }
  }

  static let all: [LegalCase] = [
    LegalCase("EU-226-3", "FR") { $0.seller.vatId = nil },
    LegalCase("EU-226-4", "DE") {
      category("AE")(&$0)
      $0.customer.vatId = nil
    },
    LegalCase("EU-226-5S", "DE") {
      $0.seller.address = []
      $0.seller.postalAddress = PostalAddress(country: "DE")
    },
    LegalCase("EU-226-5B", "DE") {
      $0.customer.address = []
      $0.customer.postalAddress = PostalAddress(country: "DE")
    },
    LegalCase("EU-226-11E", "DE", category("E")),
    LegalCase("EU-226-11A", "DE") {
      category("AE")(&$0)
      $0.document.printsTaxNotes = false
    },
    LegalCase("EU-226-11K", "DE") {
      category("K")(&$0)
      $0.document.printsTaxNotes = false
    },
    LegalCase("EU-226-11G", "DE") {
      category("G")(&$0)
      $0.document.printsTaxNotes = false
    },
    LegalCase("DE-14-4-2", "DE") { $0.seller.vatId = nil },
    LegalCase("DE-14-4-6", "DE") { $0.deliveryDate = nil },
    LegalCase("FR-242-SIREN", "FR") { $0.seller.companyId = "732829321" },
    LegalCase("FR-L441-9-DUE", "FR") { $0.dueDate = nil },
    LegalCase("FR-L441-10", "FR") { $0.document.printsTaxNotes = false },
    LegalCase("FR-242NA-SIREN-B", "FR") {
      LegalSample.afterTheFrenchReform(&$0)
      $0.customer.companyId = "552 100 555"
    },
    LegalCase("FR-242NA-DELIVERY", "FR") {
      LegalSample.afterTheFrenchReform(&$0)
      $0.deliveryAddress = PostalAddress(street: "25 rue du Chantier", country: "FR")
    },
    LegalCase("FR-242NA-NATURE", "FR") {
      LegalSample.afterTheFrenchReform(&$0)
      $0.operationNature = nil
    },
    LegalCase("FR-242NA-DEBITS", "FR") {
      LegalSample.afterTheFrenchReform(&$0)
      $0.document.format = .ubl
    },
    LegalCase("IT-21-PIVA", "IT") { $0.seller.vatId = "IT00743110158" },
    LegalCase("IT-21-BUYER", "IT") { $0.customer.vatId = nil },
    LegalCase("IT-SDI", "IT") { $0.document.format = .pdf },
    LegalCase("ES-6-NIF", "ES") { $0.seller.vatId = "ESB12345675" },
    LegalCase("ES-6-BUYER", "ES") { $0.customer.vatId = nil },
    LegalCase("ES-VERIFACTU", "ES") { $0.legal.verifactu = false },
    LegalCase("NL-HRB-27", "NL") { $0.seller.companyId = nil },
    LegalCase("AT-11-1-3D", "AT") { $0.deliveryDate = nil },
    LegalCase("AT-11-1-3I", "AT") { $0.customer.vatId = nil },
    LegalCase("BE-53-PEPPOL", "BE") { $0.document.format = .pdf },
    LegalCase("PL-106GA-KSEF", "PL") {
      $0.customer = LegalSample.party("Nabywca", "PL", vatId: "PL7251801126")
    },
    LegalCase("SA-53-VATNO", "SA") { $0.seller.vatId = "300000000000004" },
    LegalCase("SA-EINV-QR", "SA") { $0.document.format = .ubl },
    LegalCase("SA-53-TITLE", "SA") { $0.document.customTitle = "Invoice" },
    LegalCase("PL-106E-NIP", "PL") { $0.seller.vatId = "PL5261040829" },
    LegalCase("PL-106E-NIP-B", "PL") {
      $0.customer = LegalSample.party("Nabywca", "PL", vatId: "7251801127")
      $0.document.format = .ksef
    },
    LegalCase("PL-106E-MPP", "PL") {
      $0.splitPayment = true
      $0.document.printsTaxNotes = false
    },
    LegalCase("GB-14-1C", "GB") { $0.seller.vatId = "GB980780685" },
    LegalCase("GB-14-1E", "GB") {
      $0.customer.address = []
      $0.customer.postalAddress = nil
    },
    LegalCase("CH-26-2A", "CH") { $0.seller.vatId = "CHE-116.281.711 MWST" },
    LegalCase("CH-26-2B", "CH") {
      $0.customer.address = []
      $0.customer.postalAddress = nil
    },
    LegalCase("CH-26-2D", "CH") { $0.deliveryDate = nil },
    LegalCase("JP-57-4-1-1", "JP") { $0.seller.vatId = "T7000012050003" },
    LegalCase("JP-57-4-1-4R", "JP") { $0.items[0].taxRate = ExactDecimal(5) },
    LegalCase("JP-57-4-1-3", "JP") { $0.document.printsItemTable = false },
    LegalCase("JP-57-4-1-4", "JP") {
      $0.items.removeLast()
      $0.document.printsTaxNotes = false
    },
    LegalCase("AU-29-70-T", "AU") { $0.document.customTitle = "Invoice" },
    LegalCase("AU-29-70-ABN", "AU") { $0.seller.vatId = "51 824 753 557" },
    LegalCase("AU-29-70-B", "AU") { $0.customer.name = "" },
    LegalCase("AU-9-70", "AU") { $0.items[0].taxRate = ExactDecimal(15) },
    LegalCase("CA-ITCIR-3B", "CA") { $0.seller.vatId = "123456783RT0001" },
    LegalCase("CA-ITCIR-3C", "CA") { $0.dueDate = nil },
  ]
}

@Suite struct LegalRuleBookTests {
  @Test(arguments: LegalRuleBook.countries.map(\.code).filter { $0 != "EU" })
  func aLawfulInvoiceOfEachCountryHoldsEveryRule(country: String) throws {
    #expect(try LegalSample.lawful(country).brokenRules() == [])
  }

  @Test(arguments: LegalCase.all)
  func eachCaseBreaksItsRuleAndNoOther(legalCase: LegalCase) throws {
    var sample = LegalSample.lawful(legalCase.country)
    legalCase.change(&sample)
    #expect(try sample.brokenRules() == [legalCase.rule])
  }

  @Test func ksefStartsOnTheDateOfTheSellersGroup() throws {
    var sample = LegalSample.lawful("PL")
    sample.customer = LegalSample.party("Nabywca", "PL", vatId: "PL7251801126")
    sample.issueDate = CalendarDate(year: 2026, month: 3, day: 2)!
    #expect(try sample.brokenRules() == [])
    sample.legal.ksefGroup = "large"
    #expect(try sample.brokenRules() == ["PL-106GA-KSEF"])
    sample.legal.ksefGroup = "micro"
    sample.issueDate = CalendarDate(year: 2026, month: 12, day: 31)!
    #expect(try sample.brokenRules() == [])
    sample.issueDate = CalendarDate(year: 2027, month: 1, day: 1)!
    #expect(try sample.brokenRules() == ["PL-106GA-KSEF"])
    // A split-payment invoice over PLN 15,000 prints the mention.
    sample.splitPayment = true
    sample.document.format = .ksef
    #expect(
      LegalNotes.texts(for: try sample.facts(), language: "pl").contains("mechanizm podzielonej płatności"))
  }

  @Test func aCompleteFrenchInvoiceAfterTheReformHoldsEveryRuleAndPrintsItsMentions() throws {
    var sample = LegalSample.lawful("FR")
    LegalSample.afterTheFrenchReform(&sample)
    #expect(try sample.brokenRules() == [])
    let notes = LegalNotes.texts(for: try sample.facts(), language: "fr-FR")
    #expect(notes.contains("Nature des opérations : livraisons de biens et prestations de services."))
    #expect(notes.contains("Option pour le paiement de la taxe d’après les débits."))
    // Before the reform the new mentions are not asked for.
    var before = LegalSample.lawful("FR")
    before.operationNature = nil
    before.customer.companyId = nil
    #expect(try before.brokenRules() == [])
  }

  @Test func everyRuleHasACaseThatBreaksIt() {
    let rules = LegalRuleBook.rules.map(\.id)
    #expect(Set(rules).count == rules.count, "rule ids are unique")
    #expect(Set(LegalCase.all.map(\.rule)) == Set(rules))
    // Every rule is of a country the table lists, and the United States has none.
    let countries = Set(LegalRuleBook.countries.map(\.code))
    #expect(LegalRuleBook.rules.allSatisfy { countries.contains($0.country) })
    #expect(LegalRuleBook.rules(for: "US").isEmpty)
  }

  @Test func theFindingNamesRuleLawAndFix() throws {
    var sample = LegalSample.lawful("DE")
    sample.deliveryDate = nil
    let finding = try #require(LegalRuleBook.findings(for: try sample.facts()).first)
    #expect(
      finding.message.hasPrefix("DE-14-4-6: the invoice lacks the date of delivery or the service period"))
    #expect(finding.message.hasSuffix("as DE §14 Abs. 4 Nr. 6 UStG requires"))
    #expect(finding.hint.contains("delivery_date"))
    // The config's statement that delivery is on the date of issue satisfies it.
    sample.legal.deliveryIsIssueDate = true
    #expect(try sample.brokenRules() == [])
  }

  @Test func smallAmountInvoicesNeedLess() throws {
    // 200 EUR gross in Germany: a small-amount invoice needs no delivery date nor the buyer's address.
    var sample = LegalSample.lawful("DE")
    sample.items = [
      LineItem(
        description: "Cable", quantity: ExactDecimal(1), unitPrice: ExactDecimal(168),
        taxRate: ExactDecimal(19))
    ]
    sample.deliveryDate = nil
    sample.customer.address = []
    sample.customer.postalAddress = nil
    #expect(try sample.brokenRules() == [])
    // The same in dollars is not known to be small: the stricter rules apply.
    sample.currency = "USD"
    #expect(try sample.brokenRules() == ["EU-226-5B", "DE-14-4-6"])
  }

  @Test func noChecksWhenTheConfigTurnsThemOff() throws {
    var sample = LegalSample.lawful("DE")
    sample.deliveryDate = nil
    sample.legal.checks = false
    #expect(try sample.brokenRules() == [])
  }

  @Test func theSellerCountryComesFromAddressVATIdOrLastLine() throws {
    var sample = LegalSample.lawful("AT")
    sample.seller.postalAddress = nil
    #expect(try sample.facts().sellerCountry == "AT")
    sample.seller.vatId = nil
    sample.seller.address = ["Ring 1", "1010 Wien", "Österreich"]
    #expect(try sample.facts().sellerCountry == "AT")
    sample.seller.address = ["Ring 1"]
    #expect(try sample.facts().sellerCountry == nil)
  }
}

@Suite struct TaxIdentifierTests {
  @Test func checkDigits() {
    #expect(TaxIdentifier.isJapaneseRegistration("T7000012050002"))
    #expect(TaxIdentifier.isJapaneseRegistration("T 7-0000-1205-0002"))
    #expect(!TaxIdentifier.isJapaneseRegistration("7000012050002"))
    #expect(!TaxIdentifier.isJapaneseRegistration("T700001205000"))
    #expect(TaxIdentifier.isAustralianBusinessNumber("ABN 51 824 753 556"))
    #expect(!TaxIdentifier.isAustralianBusinessNumber("51 824 753 555"))
    #expect(TaxIdentifier.isUKVATNumber("GB980780684"))
    #expect(TaxIdentifier.isUKVATNumber("GB980780629"), "the 9755 series")
    #expect(TaxIdentifier.isUKVATNumber("GBGD001"))
    #expect(!TaxIdentifier.isUKVATNumber("980780684"))
    #expect(TaxIdentifier.isSwissVATNumber("CHE-116.281.710 MWST"))
    #expect(TaxIdentifier.isSwissVATNumber("CHE116281710TVA"))
    #expect(!TaxIdentifier.isSwissVATNumber("CHE-116.281.710"), "a UID without MWST is not a VAT number")
    #expect(TaxIdentifier.isCanadianGSTNumber("123456782 RT 0001"))
    #expect(!TaxIdentifier.isCanadianGSTNumber("123456782 RC 0001"))
    #expect(TaxIdentifier.isItalianVATNumber("IT 00743110157"))
    #expect(TaxIdentifier.isFrenchSIREN("732 829 320"))
    #expect(TaxIdentifier.isFrenchSIREN("73282932000074"))
    #expect(TaxIdentifier.isSpanishNIF("12345678Z"))
    #expect(TaxIdentifier.isSpanishNIF("X1234567L"))
    #expect(TaxIdentifier.isSpanishNIF("ES B12345674"))
    #expect(!TaxIdentifier.isSpanishNIF("12345678A"))
    #expect(TaxIdentifier.country(ofVATId: "EL123456789") == "GR")
    #expect(TaxIdentifier.country(ofVATId: "CHE-116.281.710 MWST") == "CH")
    #expect(TaxIdentifier.country(ofVATId: "US123") == nil)
  }
}

@Suite struct LegalNotesTests {
  @Test func printedTextsInTheDocumentsLanguage() throws {
    var sample = LegalSample.lawful("DE")
    LegalCase.category("AE")(&sample)
    #expect(
      LegalNotes.texts(for: try sample.facts(), language: "de-DE") == [
        "Steuerschuldnerschaft des Leistungsempfängers"
      ])
    #expect(LegalNotes.texts(for: try sample.facts(), language: "ko") == ["Reverse charge"])
    let french = try LegalSample.lawful("FR").facts()
    #expect(
      LegalNotes.texts(for: french, language: "fr").first?.contains(
        "indemnité forfaitaire pour frais de recouvrement de 40 €") == true)
    let japanese = try LegalSample.lawful("JP").facts()
    #expect(LegalNotes.texts(for: japanese, language: "ja") == ["※は軽減税率（8%）対象品目です。"])
    #expect(LegalNotes.title(for: japanese, language: "ja") == "適格請求書")
    #expect(LegalNotes.sellerRegistrationLabel(for: japanese, language: "ja") == "登録番号")
    #expect(japanese.invoice.items.map { LegalNotes.itemMark(for: $0, facts: japanese) } == [nil, "※"])
    let australian = try LegalSample.lawful("AU").facts()
    #expect(LegalNotes.title(for: australian, language: "en-AU") == "Tax invoice")
    #expect(LegalNotes.title(for: try LegalSample.lawful("US").facts(), language: "en") == nil)
  }
}

/// The "Lawful in each country" table of docs/law.md is the rule table's own.
@Suite struct LegalReadmeTests {
  /// The table as docs/law.md writes it, made from `LegalRuleBook`.
  static var table: String {
    var rows = [
      "| country | rule | law | the invoice states or is | when |", "|---|---|---|---|---|",
    ]
    for country in LegalRuleBook.countries {
      let rules = LegalRuleBook.rules.filter { $0.country == country.code }
      if rules.isEmpty {
        rows.append("| \(country.name) | none | no federal particulars (sales tax is the states') | | |")
      }
      for rule in rules {
        let cells = [country.name, "`\(rule.id)`", rule.law, rule.requirement, rule.condition]
        rows.append(
          "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
      }
    }
    return rows.joined(separator: "\n")
  }

  @Test func theReadmeTableIsTheRuleTable() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("docs/law.md"), encoding: .utf8)
    let start = "<!-- legal-rules:start -->\n"
    let from = try #require(readme.range(of: start)).upperBound
    let to = try #require(readme.range(of: "<!-- legal-rules:end -->", range: from..<readme.endIndex))
      .lowerBound
    let written = String(readme[from..<to])
    if written != Self.table + "\n" {
      try? Self.table.write(toFile: "/tmp/legal-rules.md", atomically: true, encoding: .utf8)
    }
    #expect(written == Self.table + "\n", "the expected table is in /tmp/legal-rules.md")
  }
}
