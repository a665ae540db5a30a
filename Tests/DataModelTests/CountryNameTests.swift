import DataModel
import Foundation
import Testing

/// Countries as exports write them: codes, names in the label languages, alpha-3 and legacy names.
@Suite struct CountryNameTests {
  @Test func legacyNamesAlpha3AndNamesInEveryLabelLanguageAreCountries() {
    let english = Locale(identifier: "en")
    let cases: [(String, String)] = [
      ("EIRE", "IE"), ("Eire", "IE"), ("IRL", "IE"), ("UK", "GB"), ("GBR", "GB"), ("Deutschland", "DE"),
      ("DEU", "DE"), ("Suisse", "CH"), ("Schweiz", "CH"), ("CHE", "CH"), ("Österreich", "AT"), ("USA", "US"),
      ("United States", "US"), ("Allemagne", "DE"), ("Alemania", "DE"), ("Niemcy", "DE"), ("Германия", "DE"),
      ("ドイツ", "DE"), ("德国", "DE"), ("독일", "DE"), ("ألمانيا", "DE"), ("גרמניה", "DE"), ("जर्मनी", "DE"),
      ("เยอรมนี", "DE"), ("Đức", "DE"), ("Jerman", "DE"), ("Almanya", "DE"), ("Tyskland", "DE"),
      ("Duitsland", "DE"), ("Germania", "DE"), ("Alemanha", "DE"), ("Німеччина", "DE"), ("آلمان", "DE"),
      ("  fr ", "FR"), ("Japan", "JP"),
    ]
    for (text, code) in cases {
      #expect(PostalAddress.countryCode(text, locale: english) == code, "\(text)")
    }
    for text in ["Atlantis", "XYZ", "EU", "Europe"] {
      #expect(PostalAddress.countryCode(text, locale: english) == nil, "\(text)")
    }
  }
}
