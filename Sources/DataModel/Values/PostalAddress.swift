import Foundation
import Synchronization

/// An address in parts (street, postcode, city, region, country), as shop exports and e-invoices give it.
public struct PostalAddress: Hashable, Sendable, Codable {
  public var street: String?
  /// The second street line (suite, floor, c/o).
  public var street2: String?
  public var postcode: String?
  public var city: String?
  /// The state, province or county.
  public var region: String?
  /// The ISO 3166-1 alpha-2 country code ("DE", "US").
  public var country: String?

  public init(
    street: String? = nil, street2: String? = nil, postcode: String? = nil, city: String? = nil,
    region: String? = nil, country: String? = nil
  ) {
    self.street = street
    self.street2 = street2
    self.postcode = postcode
    self.city = city
    self.region = region
    self.country = country
  }

  /// Whether no part is given.
  public var isEmpty: Bool {
    [street, street2, postcode, city, region, country].allSatisfy { $0 == nil }
  }

  /// The lines to print, as the country's post expects them (`AddressFormat`), with the country
  /// named in `locale`'s language.
  public func lines(locale: Locale) -> [String] {
    lines(locale: locale, sentFrom: nil)
  }

  /// The address's lines for a letter sent from `sender` (an ISO 3166-1 code): without the country
  /// line when it goes to the same country, as the postal rules of every country (UPU, DIN 5008,
  /// USPS) ask: the country is named on international mail only.
  public func lines(locale: Locale, sentFrom sender: String?) -> [String] {
    var lines = AddressFormat.of(country).lines(self)
    if let country, country.uppercased() != sender?.uppercased() {
      lines.append(locale.localizedString(forRegionCode: country) ?? country)
    }
    return lines
  }

  /// The ISO 3166-1 alpha-2 code of `text`: a code ("de", "DE") or a country name in English or in `locale`'s language.
  public static func countryCode(_ text: String, locale: Locale) -> String? {
    let trimmed = text.trimmingSpaces
    let upper = trimmed.uppercased()
    if upper.count == 2, CountryNames.codes.contains(upper) { return upper }
    if upper.count == 3, let code = CountryAlpha3.codes[upper] { return code }
    let wanted = CountryNames.fold(trimmed)
    if let code = CountryNames.english[wanted] ?? CountryNames.aliases[wanted]
      ?? CountryNames.names(in: locale.language.languageCode?.identifier ?? "en")[wanted]
    {
      return code
    }
    // A name in another of the languages invoices are printed in ("Deutschland" in a French export).
    for language in CountryNames.languages {
      if let code = CountryNames.names(in: language)[wanted] { return code }
    }
    return nil
  }
}

/// Country names by their folded spelling, per language, built once each.
enum CountryNames {
  /// The ISO 3166-1 codes, and Kosovo's user-assigned XK that every bank and post uses (not the
  /// locale data's groupings such as EU, UN or ZZ).
  static let codes = Set(CountryAlpha3.codes.values).union(["XK"])
  static let english = names(for: "en")
  /// The tables built so far, by language.
  private static let byLanguage = Mutex<[String: [String: String]]>([:])

  /// `text` without case and accents, for comparing names.
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// The names in `language`, built on first use.
  static func names(in language: String) -> [String: String] {
    byLanguage.withLock { tables in
      if let known = tables[language] { return known }
      let built = names(for: language)
      tables[language] = built
      return built
    }
  }

  private static func names(for language: String) -> [String: String] {
    let locale = Locale(identifier: language)
    var table: [String: String] = [:]
    for code in codes {
      if let name = locale.localizedString(forRegionCode: code) { table[fold(name)] = code }
    }
    return table
  }

  /// The languages of the label tables, whose country names are all understood.
  static let languages = [
    "en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "tr", "ru", "uk", "ar", "he", "fa", "hi", "th",
    "ja",
    "ko", "zh", "vi", "id",
  ]

  /// Country names exports write that the locale data spells differently.
  static let aliases: [String: String] = [
    "usa": "US", "united states of america": "US", "u.s.a.": "US", "u.s.": "US", "uk": "GB",
    "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB", "northern ireland": "GB",
    "deutschland": "DE", "holland": "NL", "the netherlands": "NL", "czech republic": "CZ",
    "south korea": "KR", "korea": "KR", "russia": "RU", "vietnam": "VN", "turkey": "TR", "turkiye": "TR",
    // Legacy and postal names: Ireland in UCI Online Retail and many UK systems, the Channel Islands…
    "eire": "IE", "republic of ireland": "IE", "brd": "DE", "federal republic of germany": "DE",
    "west germany": "DE", "suisse": "CH", "schweiz": "CH", "svizzera": "CH", "helvetia": "CH",
    "osterreich": "AT", "channel islands": "JE", "uae": "AE", "u.a.e.": "AE", "u.k.": "GB",
    "the united kingdom": "GB", "the united states": "US", "america": "US", "macau": "MO",
    "burma": "MM", "swaziland": "SZ", "czechia": "CZ", "ivory coast": "CI", "cape verde": "CV",
    "east timor": "TL", "republic of korea": "KR", "rsa": "ZA", "espana": "ES", "italia": "IT",
    "nederland": "NL", "belgie": "BE", "belgique": "BE", "polska": "PL", "sverige": "SE", "norge": "NO",
    "danmark": "DK", "suomi": "FI", "hellas": "GR", "nippon": "JP", "nihon": "JP", "brasil": "BR",
  ]
}
