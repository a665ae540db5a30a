/// A currency symbol or code written beside an amount, as formatted spreadsheet cells export it:
/// `€1,234.50`, `1.234,50 €`, `$-5.00`, `-$5.00`, `USD 10.00`, `100 kr`.
///
/// The mark is checked against the invoice's currency once the invoice is complete, so `€` on a
/// USD invoice is an error rather than a silent conversion.
struct CurrencyMark {
  /// The mark as written, without spaces: "€", "US$", "kr", "USD".
  let text: String
  /// The ISO 4217 codes the mark can stand for: ["EUR"] for "€", several for "$".
  let currencies: Set<String>
  /// The amount without the mark: a sign (if any) followed by what the mark surrounded.
  let amount: [UInt8]

  /// Splits `bytes` into an amount and a leading or trailing mark, or returns nil when there is no mark.
  init?(_ bytes: ArraySlice<UInt8>) {
    let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    func isAmount(_ scalar: Unicode.Scalar) -> Bool {
      ("0"..."9").contains(scalar) || [".", ",", "'", "-", "+", " ", "\u{A0}", "\u{202F}"].contains(scalar)
    }
    guard let firstDigit = scalars.firstIndex(where: { ("0"..."9").contains($0) }),
      let lastDigit = scalars.lastIndex(where: { ("0"..."9").contains($0) })
    else { return nil }
    var sign = ""
    var leading = scalars[..<firstDigit].filter { $0 != " " && $0 != "\u{A0}" && $0 != "\u{202F}" }
    // A sign may stand before the mark ("-$5.00") or after it ("$-5.00").
    if let first = leading.first, first == "-" || first == "+" {
      sign = String(first)
      leading.removeFirst()
    }
    if let last = leading.last, last == "-" || last == "+" {
      guard sign.isEmpty else { return nil }
      sign = String(last)
      leading.removeLast()
    }
    let trailing = scalars[(lastDigit + 1)...].filter { $0 != " " && $0 != "\u{A0}" && $0 != "\u{202F}" }
    guard scalars[firstDigit...lastDigit].allSatisfy(isAmount) else { return nil }
    let mark: [Unicode.Scalar]
    switch (leading.isEmpty, trailing.isEmpty) {
    case (false, true): mark = Array(leading)
    case (true, false): mark = Array(trailing)
    default: return nil
    }
    guard !mark.contains(where: isAmount) else { return nil }
    var text = ""
    text.unicodeScalars.append(contentsOf: mark)
    guard let currencies = CurrencyMark.currencies(for: text) else { return nil }
    self.text = text
    self.currencies = currencies
    var amount = ""
    amount.unicodeScalars.append(contentsOf: scalars[firstDigit...lastDigit])
    self.amount = Array((sign + amount).utf8)
  }

  /// The ISO 4217 codes `mark` can stand for, or nil when it is not a known mark.
  static func currencies(for mark: String) -> Set<String>? {
    if mark.count == 3, mark.allSatisfy({ $0.isASCII && $0.isUppercase }), Currency(code: mark) != nil {
      return [mark]
    }
    return symbols[mark] ?? symbols[mark.lowercased()]
  }

  /// Symbols by the currencies they are used for; codes are recognized by `Currency`.
  static let symbols: [String: Set<String>] = [
    "$": [
      "USD", "CAD", "AUD", "NZD", "MXN", "SGD", "HKD", "TWD", "ARS", "CLP", "COP", "UYU", "BSD", "BBD", "BMD",
      "BND", "BZD", "FJD", "GYD", "JMD", "KYD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD", "DOP", "CUP",
    ],
    "us$": ["USD"], "c$": ["CAD"], "ca$": ["CAD"], "a$": ["AUD"], "au$": ["AUD"], "nz$": ["NZD"],
    "hk$": ["HKD"], "s$": ["SGD"], "r$": ["BRL"], "mx$": ["MXN"], "nt$": ["TWD"],
    "€": ["EUR"], "£": ["GBP", "GIP", "FKP", "SHP"], "¥": ["JPY", "CNY"], "￥": ["JPY", "CNY"],
    "円": ["JPY"], "元": ["CNY"], "₹": ["INR"], "rs": ["INR", "PKR", "LKR", "NPR"],
    "rs.": ["INR", "PKR", "LKR", "NPR"],
    "₩": ["KRW"], "원": ["KRW"], "₽": ["RUB"], "руб.": ["RUB"], "₺": ["TRY"], "₪": ["ILS"], "₫": ["VND"],
    "฿": ["THB"], "₴": ["UAH"], "грн": ["UAH"], "zł": ["PLN"], "kr": ["SEK", "NOK", "DKK", "ISK"],
    "kr.": ["SEK", "NOK", "DKK", "ISK"], "kč": ["CZK"], "ft": ["HUF"], "lei": ["RON"], "fr.": ["CHF"],
    "r": ["ZAR"], "₱": ["PHP"], "rp": ["IDR"], "rm": ["MYR"], "₦": ["NGN"], "ر.س": ["SAR"],
    "﷼": ["SAR", "IRR", "OMR", "QAR", "YER"],
    "د.إ": ["AED"], "ریال": ["IRR"], "₸": ["KZT"], "₾": ["GEL"], "₼": ["AZN"], "лв": ["BGN"], "лв.": ["BGN"],
  ]
}
