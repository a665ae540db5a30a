/// The main language of a country, as a BCP 47 tag for documents made for a reader there.
public enum CountryLanguage {
  /// ISO 3166-1 alpha-2 codes and the language most of their businesses read (the first of several official ones).
  static let tags: [String: String] = [
    "DE": "de-DE", "AT": "de-AT", "CH": "de-CH", "LI": "de-LI", "LU": "fr-LU", "FR": "fr-FR", "BE": "nl-BE",
    "NL": "nl-NL", "IT": "it-IT", "SM": "it-SM", "ES": "es-ES", "PT": "pt-PT", "BR": "pt-BR", "PL": "pl-PL",
    "SE": "sv-SE", "FI": "fi-FI", "DK": "da-DK", "NO": "nb-NO", "IS": "is-IS", "IE": "en-IE", "GB": "en-GB",
    "US": "en-US", "CA": "en-CA", "AU": "en-AU", "NZ": "en-NZ", "CZ": "cs-CZ", "SK": "sk-SK", "HU": "hu-HU",
    "RO": "ro-RO", "BG": "bg-BG", "GR": "el-GR", "CY": "el-CY", "HR": "hr-HR", "SI": "sl-SI", "EE": "et-EE",
    "LV": "lv-LV", "LT": "lt-LT", "MT": "en-MT", "RU": "ru-RU", "UA": "uk-UA", "TR": "tr-TR", "IL": "he-IL",
    "SA": "ar-SA", "AE": "ar-AE", "EG": "ar-EG", "IR": "fa-IR", "IN": "en-IN", "JP": "ja-JP", "KR": "ko-KR",
    "CN": "zh-CN", "TW": "zh-TW", "TH": "th-TH", "VN": "vi-VN", "ID": "id-ID", "MX": "es-MX", "AR": "es-AR",
    "CL": "es-CL", "CO": "es-CO", "SG": "en-SG", "ZA": "en-ZA",
  ]

  /// The tag for readers in `country` ("de-DE" for DE), or nil for a country not in the table.
  public static func tag(for country: String?) -> String? {
    guard let country else { return nil }
    return tags[country.uppercased()]
  }
}
