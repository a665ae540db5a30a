/// The rule table: every country's legal particulars of an invoice, in one place.
///
/// A run checks each invoice against the rules of its seller's country (and, for a seller in the
/// European Union, the VAT directive's); `findings(for:)` answers which it does not satisfy. The
/// README's table of countries and rules is checked against this table by a test.
public enum LegalRuleBook {
  /// Every rule, grouped by country in the order of `countries`.
  public static let rules: [LegalRule] =
    europeanUnion + germany + france + italy + spain + netherlands + austria + belgium + poland
    + unitedKingdom + switzerland + japan + australia + canada + saudiArabia

  /// The countries the table covers, with their names; a country with no rules (the United States)
  /// is listed so, because its invoices need no particulars by federal law.
  public static let countries: [(code: String, name: String)] = [
    ("EU", "European Union (every member state)"), ("DE", "Germany"), ("FR", "France"), ("IT", "Italy"),
    ("ES", "Spain"), ("NL", "Netherlands"), ("AT", "Austria"), ("BE", "Belgium"), ("PL", "Poland"),
    ("GB", "United Kingdom"), ("CH", "Switzerland"), ("JP", "Japan"), ("AU", "Australia"), ("CA", "Canada"),
    ("SA", "Saudi Arabia"), ("US", "United States"),
  ]

  /// The largest gross amount of a simplified invoice, which may leave out the buyer, per country
  /// that allows them (EU 2006/112/EC art. 220a and 226b, and the national laws).
  public static let simplifiedLimits: [String: (amount: Int, currency: String)] = [
    "DE": (250, "EUR"), "AT": (400, "EUR"), "ES": (400, "EUR"), "IT": (400, "EUR"), "NL": (100, "EUR"),
    "PL": (450, "PLN"), "GB": (250, "GBP"), "CH": (400, "CHF"),
  ]

  /// The rules that apply to invoices of a seller in `country`: its own and, in the EU, the directive's.
  public static func rules(for country: String?) -> [LegalRule] {
    guard let country else { return [] }
    let inEU = TaxIdentifier.euCountries.contains(country)
    return rules.filter { $0.country == country || (inEU && $0.country == "EU") }
  }

  /// The rules `facts`' invoice does not satisfy, in table order; none when the config turns checks off.
  public static func findings(for facts: LegalFacts) -> [LegalFinding] {
    guard facts.issuer.legal.checks else { return [] }
    return rules(for: facts.sellerCountry).compactMap { $0.check(facts) }
  }
}

extension LegalFacts {
  /// Whether the invoice is dated `year-month-day` or later.
  func isIssued(onOrAfter year: Int, _ month: Int, _ day: Int) -> Bool {
    let date = invoice.issueDate
    return (date.year, date.month, date.day) >= (year, month, day)
  }

  /// The seller's VAT id, else its tax number: where a registration number is written.
  var sellerRegistration: String { seller.vatId ?? seller.taxNumber ?? "" }

  /// Whether every rate is one of `allowed` (in percent).
  func ratesAre(_ allowed: [Int]) -> Bool {
    rates.allSatisfy { rate in allowed.contains { ExactDecimal($0) == rate } }
  }
}
