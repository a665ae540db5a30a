import DataModel
import Foundation

/// Formats amounts, quantities, rates and dates for one locale with Foundation (ICU), never rounding again.
///
/// Amounts arrive exact and already rounded by DataModel; the currency format is pinned to the
/// currency's minor units, so the formatter only shows them. Formats are made once per formatter.
public final class DocumentFormatter {
  public let locale: Locale
  private var currencyStyles: [String: Decimal.FormatStyle.Currency] = [:]
  /// Patterns learned per currency (`nil` when Foundation's output could not be reproduced).
  private var moneyPatterns: [String: NumberPattern?] = [:]
  private var percents: [ExactDecimal: String] = [:]
  /// Unit-price styles by their minimum number of decimals.
  private var priceStyles: [Int: Decimal.FormatStyle] = [:]
  static let posix = Locale(identifier: "en_US_POSIX")
  private let numberStyle: Decimal.FormatStyle
  private let dateStyle: Date.FormatStyle
  private let percentStyle: Decimal.FormatStyle.Percent
  /// The locale's ten digits ("0123456789", "٠١٢٣٤٥٦٧٨٩" in ar-SA), for row and page numbers.
  private let digits: [Character]

  private static let threadKey = "invoicegen.DocumentFormatters"

  /// The calling thread's formatter for `locale`, made once: what it learns (patterns, styles,
  /// percentages) is kept for every document the thread renders.
  ///
  /// The formatters sit in a Swift class of their own: on Linux an `NSMutableDictionary` read back
  /// from the thread dictionary with `as?` is a copy, so what was added to it was lost and every
  /// document made its formatter, its ICU styles and its patterns again.
  public static func forCurrentThread(locale: Locale, dateStyle: DateStyle = .abbreviated)
    -> DocumentFormatter
  {
    let dictionary = Thread.current.threadDictionary
    let formatters: ThreadFormatters
    if let existing = dictionary[threadKey] as? ThreadFormatters {
      formatters = existing
    } else {
      formatters = ThreadFormatters()
      dictionary[threadKey] = formatters
    }
    let key = dateStyle == .abbreviated ? locale.identifier : locale.identifier + "/" + dateStyle.rawValue
    if let existing = formatters.byLocale[key] { return existing }
    let made = DocumentFormatter(locale: locale, dateStyle: dateStyle)
    formatters.byLocale[key] = made
    return made
  }

  /// One thread's formatters by locale identifier.
  private final class ThreadFormatters {
    var byLocale: [String: DocumentFormatter] = [:]
  }

  /// A formatter for `locale` whose dates are written in `dateStyle`.
  public init(locale: Locale, dateStyle: DateStyle = .abbreviated) {
    self.locale = locale
    numberStyle = Decimal.FormatStyle(locale: locale).precision(.fractionLength(0...6))
    percentStyle = Decimal.FormatStyle.Percent(locale: locale).precision(.fractionLength(0...4))
    let utc = TimeZone(identifier: "UTC")!
    var style: Date.FormatStyle
    switch dateStyle {
    case .numeric:
      // Day and month with two digits in the locale's order: 12.03.2026 (DIN 5008), 03/12/2026, 2026/03/12.
      style = Date.FormatStyle(locale: locale, timeZone: utc).day(.twoDigits).month(.twoDigits).year(
        .defaultDigits)
    case .abbreviated:
      style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, timeZone: utc)
    case .long: style = Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: utc)
    }
    style.timeZone = utc
    self.dateStyle = style
    let zeroToNine = Decimal.FormatStyle(locale: locale).grouping(.never)
    digits = (0...9).map { Decimal($0).formatted(zeroToNine).last ?? Character(String($0)) }
  }

  /// A whole number in the locale's digits, never grouped: row numbers, page numbers (`12`, `١٢`).
  public func integer(_ value: Int) -> String {
    let plain = String(value)
    guard digits[0] != "0" else { return plain }
    return String(plain.map { $0.wholeNumberValue.map { digits[$0] } ?? $0 })
  }

  /// `money` as the locale writes amounts of its currency: `1.234,56 €` in de-DE, `€1,234.56` in en-IE.
  public func money(_ money: Money) -> String {
    if let pattern = moneyPattern(money.currency) { return pattern.format(money.amount) }
    return foundationMoney(money)
  }

  /// The pattern learned for amounts of `currency`, once; `nil` when Foundation's output could not be reproduced.
  func moneyPattern(_ currency: Currency) -> NumberPattern? {
    if let known = moneyPatterns[currency.code] { return known }
    let style = currencyStyle(currency)
    let learned = NumberPattern(fractionDigits: currency.minorUnits) { probe in
      DocumentFormatter.plainSpaces(
        (Decimal(string: probe, locale: DocumentFormatter.posix) ?? 0).formatted(style))
    }
    moneyPatterns[currency.code] = .some(learned)
    return learned
  }

  /// `money` formatted by Foundation itself (the reference the fast path must match).
  public func foundationMoney(_ money: Money) -> String {
    DocumentFormatter.plainSpaces(decimal(money.amount).formatted(currencyStyle(money.currency)))
  }

  private func currencyStyle(_ currency: Currency) -> Decimal.FormatStyle.Currency {
    if let cached = currencyStyles[currency.code] { return cached }
    let style = Decimal.FormatStyle.Currency(code: currency.code, locale: locale)
      .precision(.fractionLength(currency.minorUnits))
    currencyStyles[currency.code] = style
    return style
  }

  /// `text` with no-break and narrow no-break spaces as plain spaces.
  ///
  /// Cairo 1.16 embeds a second (CID) copy of a font in a PDF for any character outside WinAnsi; ICU's
  /// U+00A0 and U+202F in amounts made every invoice carry four font subsets instead of two.
  /// Amounts sit in table cells and short lines, where the no-break property is not needed.
  static func plainSpaces(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "\u{A0}" || $0 == "\u{202F}" }) else { return text }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{A0}" || $0 == "\u{202F}" ? " " : $0 }))
  }

  /// A unit price: at least the currency's minor units, up to 6 decimals, without the currency sign.
  public func price(_ value: ExactDecimal, currency: Currency) -> String {
    let minimum = min(currency.minorUnits, 6)
    let style: Decimal.FormatStyle
    if let cached = priceStyles[minimum] {
      style = cached
    } else {
      style = Decimal.FormatStyle(locale: locale).precision(.fractionLength(minimum...6))
      priceStyles[minimum] = style
    }
    return DocumentFormatter.plainSpaces(decimal(value).formatted(style))
  }

  /// A quantity with as many decimals as it has (up to 6), grouped as the locale groups.
  public func number(_ value: ExactDecimal) -> String {
    DocumentFormatter.plainSpaces(decimal(value).formatted(numberStyle))
  }

  /// A percentage: `19 %` in de, `19%` in en.
  public func percent(_ rate: ExactDecimal) -> String {
    if let known = percents[rate] { return known }
    let text = foundationPercent(rate)
    percents[rate] = text
    return text
  }

  private func foundationPercent(_ rate: ExactDecimal) -> String {
    let fraction = decimal(rate) / 100
    return DocumentFormatter.plainSpaces(fraction.formatted(percentStyle))
  }

  /// A calendar date as the locale writes it: `1 Mar 2026`, `01.03.2026`…
  public func date(_ date: CalendarDate) -> String {
    let instant = Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch) * 86_400 + 43_200)
    return DocumentFormatter.plainSpaces(instant.formatted(dateStyle))
  }

  private func decimal(_ value: ExactDecimal) -> Decimal {
    Decimal(string: value.description, locale: DocumentFormatter.posix) ?? 0
  }
}

/// How a document writes its dates (`layout.dateStyle`), always in its own language.
public enum DateStyle: String, CaseIterable, Sendable {
  /// Two-digit day and month in the locale's order: 12.03.2026, 03/12/2026, 2026/03/12.
  case numeric
  /// The month's short name: 12 Mar 2026, 12. März 2026 (the default).
  case abbreviated
  /// The month's full name: March 12, 2026, 12. März 2026.
  case long
}
