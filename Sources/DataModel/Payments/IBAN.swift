/// An International Bank Account Number, checked by its ISO 13616 check digits (mod 97 = 1).
public struct IBAN: Sendable, Hashable, CustomStringConvertible {
  /// The IBAN without spaces, upper-cased ("DE89370400440532013000").
  public let electronic: String

  /// `text` as an IBAN (spaces allowed), or nil when its shape or check digits are wrong.
  public init?(_ text: String) {
    let compact = text.uppercased().filter { $0 != " " }
    guard (15...34).contains(compact.count),
      compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
      compact.prefix(2).allSatisfy(\.isLetter), compact.dropFirst(2).prefix(2).allSatisfy(\.isNumber),
      IBAN.mod97(String(compact.dropFirst(4) + compact.prefix(4))) == 1
    else { return nil }
    electronic = compact
  }

  /// The country code ("DE", "CH").
  public var country: String { String(electronic.prefix(2)) }

  /// The IBAN in groups of four, as printed ("DE89 3704 0044 0532 0130 00").
  public var description: String { IBAN.groupsOfFour(electronic) }

  /// `text` in groups of four characters separated by spaces, as IBANs and RF references are printed.
  static func groupsOfFour(_ text: String) -> String {
    var groups: [Substring] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      groups.append(rest.prefix(4))
      rest = rest.dropFirst(4)
    }
    return groups.joined(separator: " ")
  }

  /// `text` (digits and letters, A = 10 … Z = 35) as a number mod 97, computed digit by digit.
  static func mod97(_ text: String) -> Int {
    var remainder = 0
    for character in text {
      guard let value = character.wholeNumberValue ?? character.asciiValue.map({ Int($0) - 55 }) else {
        return -1
      }
      remainder = (value >= 10 ? remainder * 100 : remainder * 10) + value
      remainder %= 97
    }
    return remainder
  }
}

/// A structured creditor reference (ISO 11649, "RF18 5390 0754 7034"): a reference with mod-97 check digits.
public struct CreditorReference: Sendable, Hashable, CustomStringConvertible {
  /// The reference without spaces ("RF18539007547034").
  public let electronic: String

  /// The reference made from `source`'s letters and digits (an invoice number): at most 21 of them, the
  /// last ones when there are more; nil when it has none.
  public init?(from source: String) {
    let characters = source.uppercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
    guard !characters.isEmpty else { return nil }
    let reference = String(characters.suffix(21))
    let check = 98 - IBAN.mod97(reference + "RF00")
    electronic = "RF" + (check < 10 ? "0" : "") + String(check) + reference
  }

  /// `text` (spaces allowed) when it is a valid RF reference.
  public init?(checking text: String) {
    let compact = text.uppercased().filter { $0 != " " }
    guard compact.hasPrefix("RF"), (5...25).contains(compact.count),
      compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
      IBAN.mod97(String(compact.dropFirst(4) + compact.prefix(4))) == 1
    else { return nil }
    electronic = compact
  }

  public var description: String { IBAN.groupsOfFour(electronic) }
}
