/// The tax and company identifiers of the rule table, with their check digits.
///
/// Each check takes the identifier as written (spaces, dots and dashes allowed) and answers whether
/// it has the form and check digits its authority publishes. A valid form says nothing of whether
/// the number is registered: only the authority's register says that.
public enum TaxIdentifier {
  /// The European Union's member states (ISO 3166-1 alpha-2).
  public static let euCountries: Set<String> = [
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT", "LT",
    "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
  ]

  /// The country a VAT id's prefix names ("DE123…" → DE, "EL…" → GR, "CHE-…" → CH, "GB…" → GB).
  public static func country(ofVATId vatId: String) -> String? {
    let letters = String(vatId.uppercased().prefix { $0.isLetter })
    if letters == "CHE" { return "CH" }
    guard letters.count == 2 || (letters.count > 2 && letters.hasPrefix("ATU")) else { return nil }
    let prefix = String(letters.prefix(2))
    if prefix == "EL" { return "GR" }
    if prefix == "XI" || prefix == "GB" { return "GB" }
    return euCountries.contains(prefix) ? prefix : nil
  }

  /// The digits and letters of `text`, upper-cased, without spaces, dots, dashes and slashes.
  static func compact(_ text: String) -> [Character] {
    text.uppercased().filter { !" .-/".contains($0) }.map { $0 }
  }

  /// The digits of `characters` when all are digits and there are `count` of them.
  static func digits(_ characters: some Collection<Character>, count: Int) -> [Int]? {
    guard characters.count == count else { return nil }
    let values = characters.compactMap(\.wholeNumberValue)
    return values.count == count && characters.allSatisfy(\.isASCII) ? values : nil
  }

  /// Whether `digits` pass the Luhn check (ISO/IEC 7812), whose last digit is the check digit.
  static func passesLuhn(_ digits: [Int]) -> Bool {
    var sum = 0
    for (offset, digit) in digits.reversed().enumerated() {
      let doubled = offset % 2 == 1 ? digit * 2 : digit
      sum += doubled > 9 ? doubled - 9 : doubled
    }
    return sum % 10 == 0
  }

  /// Japan's qualified-invoice registration number: `T` and 13 digits whose first is the check
  /// digit of the corporate number (National Tax Agency: 9 − Σ digit × (1 or 2) mod 9).
  public static func isJapaneseRegistration(_ text: String) -> Bool {
    let characters = compact(text)
    guard characters.first == "T", let number = digits(characters.dropFirst(), count: 13) else {
      return false
    }
    var sum = 0
    for (offset, digit) in number.dropFirst().reversed().enumerated() {
      sum += digit * (offset % 2 == 0 ? 1 : 2)
    }
    return number[0] == 9 - sum % 9
  }

  /// An Australian Business Number: 11 digits; with 1 taken off the first, Σ digit × weight is a
  /// multiple of 89 (Australian Business Register).
  public static func isAustralianBusinessNumber(_ text: String) -> Bool {
    var characters = compact(text)
    if characters.starts(with: "ABN") { characters.removeFirst(3) }
    guard var number = digits(characters, count: 11), number[0] > 0 else { return false }
    number[0] -= 1
    let weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
    return zip(number, weights).map(*).reduce(0, +) % 89 == 0
  }

  /// A UK VAT registration number: `GB` and 9 digits whose weighted sum passes HMRC's modulus 97
  /// check (or its 9755 variant); government departments' `GD`/`HA` numbers and 12-digit branch numbers too.
  public static func isUKVATNumber(_ text: String) -> Bool {
    var characters = compact(text)
    guard characters.starts(with: "GB") || characters.starts(with: "XI") else { return false }
    characters.removeFirst(2)
    if characters.starts(with: "GD") || characters.starts(with: "HA") {
      return digits(characters.dropFirst(2), count: 3) != nil
    }
    if characters.count == 12 { characters.removeLast(3) }
    guard let number = digits(characters, count: 9) else { return false }
    let weighted = zip(number.prefix(7), [8, 7, 6, 5, 4, 3, 2]).map(*).reduce(0, +)
    let total = weighted + number[7] * 10 + number[8]
    return total % 97 == 0 || (total + 55) % 97 == 0
  }

  /// A Swiss enterprise identification number (UID) as a VAT number: `CHE`, 9 digits whose last is
  /// the modulus 11 check digit, and `MWST`, `TVA` or `IVA` (MWSTG art. 26, UIDG).
  public static func isSwissVATNumber(_ text: String) -> Bool {
    var characters = compact(text)
    guard characters.starts(with: "CHE") else { return false }
    characters.removeFirst(3)
    let suffix = String(characters.drop { $0.isNumber })
    guard ["MWST", "TVA", "IVA"].contains(suffix),
      let number = digits(characters.prefix { $0.isNumber }, count: 9)
    else { return false }
    let sum = zip(number.prefix(8), [5, 4, 3, 2, 7, 6, 5, 4]).map(*).reduce(0, +)
    let check = (11 - sum % 11) % 11
    return check != 10 && check == number[8]
  }

  /// A Canadian GST/HST registration number: a 9-digit business number passing the Luhn check,
  /// then `RT` and a 4-digit account (Canada Revenue Agency).
  public static func isCanadianGSTNumber(_ text: String) -> Bool {
    let characters = compact(text)
    guard characters.count == 15, let business = digits(characters.prefix(9), count: 9),
      characters[9] == "R", characters[10] == "T", digits(characters.suffix(4), count: 4) != nil
    else { return false }
    return passesLuhn(business)
  }

  /// An Italian partita IVA: 11 digits (after an `IT` prefix) passing the Luhn check.
  public static func isItalianVATNumber(_ text: String) -> Bool {
    var characters = compact(text)
    if characters.starts(with: "IT") { characters.removeFirst(2) }
    guard let number = digits(characters, count: 11) else { return false }
    return passesLuhn(number)
  }

  /// A Polish NIP: 10 digits (after a `PL` prefix) whose weighted sum (6, 5, 7, 2, 3, 4, 5, 6, 7)
  /// modulo 11 is the tenth; the first digit is not 0.
  public static func isPolishNIP(_ text: String) -> Bool {
    var characters = compact(text)
    if characters.starts(with: "PL") { characters.removeFirst(2) }
    guard let number = digits(characters, count: 10), number[0] != 0 else { return false }
    let weights = [6, 5, 7, 2, 3, 4, 5, 6, 7]
    let sum = zip(number, weights).reduce(0) { $0 + $1.0 * $1.1 }
    return sum % 11 == number[9]
  }

  /// A Saudi VAT registration number: 15 digits, the first and the last 3 (ZATCA).
  public static func isSaudiVATNumber(_ text: String) -> Bool {
    let characters = compact(text)
    guard let number = digits(characters, count: 15) else { return false }
    return number.first == 3 && number.last == 3
  }

  /// A number KSeF gives an invoice (TNumerKSeF): the issuer's NIP, the date, two groups of six
  /// hexadecimal digits and a two-digit check, joined by dashes.
  public static func isKSeFNumber(_ text: String) -> Bool {
    let pattern =
      #/([1-9]((\d[1-9])|([1-9]\d))\d{7}|M\d{9}|[A-Z]{3}\d{7})-(20[2-9]\d|2[1-9]\d{2}|[3-9]\d{3})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])-[0-9A-F]{6}-?[0-9A-F]{6}-[0-9A-F]{2}/#
    return text.wholeMatch(of: pattern) != nil
  }

  /// A French SIREN (9 digits) or SIRET (14 digits) passing the Luhn check (INSEE).
  public static func isFrenchSIREN(_ text: String) -> Bool {
    let characters = compact(text)
    guard let number = digits(characters, count: 9) ?? digits(characters, count: 14) else { return false }
    return passesLuhn(number)
  }

  /// A Spanish NIF (after an `ES` prefix): a DNI or NIE with its letter of control, or an entity's
  /// NIF with its control digit or letter (Orden EHA/451/2008).
  public static func isSpanishNIF(_ text: String) -> Bool {
    var characters = compact(text)
    if characters.count == 11, characters.starts(with: "ES") { characters.removeFirst(2) }
    guard characters.count == 9, let last = characters.last, let first = characters.first else {
      return false
    }
    let letters = Array("TRWAGMYFPDXBNJZSQVHLCKE")
    let nie: [Character: Character] = ["X": "0", "Y": "1", "Z": "2"]
    if first.isNumber || nie[first] != nil {
      let body = [nie[first] ?? first] + characters.dropFirst().dropLast()
      guard let number = digits(body, count: 8) else { return false }
      return letters[number.reduce(0) { $0 * 10 + $1 } % 23] == last
    }
    guard first.isLetter, let middle = digits(characters.dropFirst().dropLast(), count: 7) else {
      return false
    }
    var sum = 0
    for (offset, digit) in middle.enumerated() {
      if offset % 2 == 0 {
        let doubled = digit * 2
        sum += doubled / 10 + doubled % 10
      } else {
        sum += digit
      }
    }
    let control = (10 - sum % 10) % 10
    return last == Character(String(control)) || last == Array("JABCDEFGHI")[control]
  }
}
