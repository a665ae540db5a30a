/// An ISO 4217 currency with the number of minor units its amounts are rounded to (EUR 2, JPY 0, KWD 3).
public struct Currency: Hashable, Sendable, CustomStringConvertible {
  /// The three-letter code, upper case.
  public let code: String
  /// Digits after the decimal point in amounts of this currency.
  public let minorUnits: Int

  /// The currency with `code` (any case), or `nil` when it is not in the ISO 4217 table.
  public init?(code: String) {
    let upper = code.uppercased()
    guard let units = Currency.minorUnitsByCode[upper] else { return nil }
    self.code = upper
    self.minorUnits = units
  }

  public var description: String { code }

  /// Minor units of active ISO 4217 currencies that differ from 2, and every code known.
  static let minorUnitsByCode: [String: Int] = {
    let zero = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
    let three = "BHD IQD JOD KWD LYD OMR TND"
    let four = "CLF UYW"
    let two = """
      AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD \
      CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP \
      GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL \
      MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN \
      QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY \
      TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD YER ZAR ZMW ZWL
      """
    var table: [String: Int] = [:]
    for (codes, units) in [(two, 2), (zero, 0), (three, 3), (four, 4)] {
      for code in codes.split(separator: " ") { table[String(code)] = units }
    }
    return table
  }()
}

/// An amount of a currency, exact, at the currency's minor units.
public struct Money: Hashable, Sendable, CustomStringConvertible {
  /// The amount, at `currency.minorUnits` fractional digits.
  public let amount: ExactDecimal
  public let currency: Currency

  /// The amount rounded half away from zero to the currency's minor units.
  public init(_ amount: ExactDecimal, _ currency: Currency) {
    self.amount = amount.rounded(toScale: currency.minorUnits)
    self.currency = currency
  }

  /// Zero in `currency`.
  public static func zero(_ currency: Currency) -> Money { Money(.zero, currency) }

  /// "EUR 1234.50": the code and the plain amount (locale formatting is the layouts' job).
  public var description: String { "\(currency.code) \(amount)" }

  public var isNegative: Bool { amount.isNegative }
}
