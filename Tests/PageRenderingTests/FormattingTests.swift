import DataModel
import Foundation
import Testing

@testable import Layouts

/// The fast money formatting learned from Foundation writes exactly what Foundation writes.
@Suite struct FormattingTests {
  static let locales = [
    "en-US", "en-GB", "en-IE", "en-IN", "de-DE", "de-CH", "de-AT", "fr-FR", "fr-CH", "fr-CA", "es-ES",
    "es-MX", "it-IT",
    "nl-NL", "nl-BE", "pt-PT", "pt-BR", "pl-PL", "sv-SE", "da-DK", "nb-NO", "fi-FI", "cs-CZ", "hu-HU",
    "ja-JP",
    "zh-Hans-CN", "zh-Hant-TW", "ko-KR", "ar-SA", "ar-EG", "ar", "fa-IR", "he-IL", "hi-IN", "bn-BD", "th-TH",
    "ru-RU",
    "uk-UA", "tr-TR", "el-GR", "id-ID", "vi-VN",
  ]
  static let currencies = ["EUR", "USD", "JPY", "KWD", "INR", "CHF", "SAR"]

  @Test(arguments: locales)
  func fastMoneyMatchesFoundation(_ identifier: String) throws {
    let formatter = DocumentFormatter(locale: Locale(identifier: identifier))
    var random = TotalsGenerator(state: UInt64(identifier.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
    for code in FormattingTests.currencies {
      let currency = try #require(Currency(code: code))
      var values = [
        "0", "1", "-1", "0.5", "12345678901.99", "-987654.321", "100", "999999.995", "1000", "-0.01",
      ]
      for _ in 0..<30 { values.append("\(random.next(2_000_000) - 1_000_000).\(random.next(1000))") }
      for value in values {
        let money = Money(ExactDecimal(value)!, currency)
        #expect(formatter.money(money) == formatter.foundationMoney(money), "\(identifier) \(code) \(value)")
      }
    }
  }

  @Test func knownLocaleFormats() {
    func money(_ locale: String, _ value: String, _ code: String) -> String {
      DocumentFormatter(locale: Locale(identifier: locale)).money(
        Money(ExactDecimal(value)!, Currency(code: code)!))
    }
    #expect(money("de-DE", "1234.56", "EUR") == "1.234,56 €")
    #expect(money("en-IE", "1234.56", "EUR") == "€1,234.56")
    #expect(money("ja-JP", "1235", "JPY") == "￥1,235" || money("ja-JP", "1235", "JPY") == "¥1,235")
    #expect(money("hi-IN", "1234567.5", "INR") == "₹12,34,567.50")
    #expect(money("fr-FR", "1234.56", "EUR") == "1 234,56 €")
  }

  /// The fast path is taken, not only correct: a pattern is learned for every locale and currency
  /// tested here, and writes grouped, negative and fractional amounts exactly as Foundation does.
  @Test(arguments: ["en-US", "de-DE", "fr-FR", "de-CH", "hi-IN", "ar-SA", "ja-JP", "es-ES", "pl-PL"])
  func patternIsLearned(_ identifier: String) throws {
    let formatter = DocumentFormatter(locale: Locale(identifier: identifier))
    for code in ["EUR", "INR", "JPY", "KWD"] {
      let currency = try #require(Currency(code: code))
      let pattern = try #require(formatter.moneyPattern(currency), "\(identifier) \(code)")
      for value in ["98765432.125", "-1234.5", "1000", "0.07"] {
        let money = Money(try #require(ExactDecimal(value)).rounded(toScale: currency.minorUnits), currency)
        #expect(
          pattern.format(money.amount) == formatter.foundationMoney(money), "\(identifier) \(code) \(value)")
      }
    }
  }

  /// A thread keeps one formatter per locale, so what it learns serves every document the thread renders.
  @Test func threadKeepsItsFormatter() {
    let german = DocumentFormatter.forCurrentThread(locale: Locale(identifier: "de-DE"))
    #expect(DocumentFormatter.forCurrentThread(locale: Locale(identifier: "de-DE")) === german)
    let french = DocumentFormatter.forCurrentThread(locale: Locale(identifier: "fr-FR"))
    #expect(french !== german)
    #expect(DocumentFormatter.forCurrentThread(locale: Locale(identifier: "fr-FR")) === french)
    #expect(DocumentFormatter.forCurrentThread(locale: Locale(identifier: "de-DE")) === german)
  }

  struct TotalsGenerator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }
}
