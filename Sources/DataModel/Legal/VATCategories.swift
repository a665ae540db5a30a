/// A set of EN 16931 VAT categories (UNCL5305), as bits: what the rules ask of an invoice's items
/// without hashing a string per item and rule.
public struct VATCategories: OptionSet, Sendable, Hashable {
  public let rawValue: UInt16

  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let standard = VATCategories(rawValue: 1 << 0)
  public static let zeroRated = VATCategories(rawValue: 1 << 1)
  public static let exempt = VATCategories(rawValue: 1 << 2)
  public static let reverseCharge = VATCategories(rawValue: 1 << 3)
  public static let intraCommunity = VATCategories(rawValue: 1 << 4)
  public static let export = VATCategories(rawValue: 1 << 5)
  public static let outOfScope = VATCategories(rawValue: 1 << 6)
  /// The Canary Islands' IGIC (L), Ceuta and Melilla's IPSI (M), and codes EN 16931 does not know.
  public static let other = VATCategories(rawValue: 1 << 7)

  /// The category of a UNCL5305 code ("S", "AE"…), in any case.
  public init(code: String) {
    switch code.uppercased() {
    case "S": self = .standard
    case "Z": self = .zeroRated
    case "E": self = .exempt
    case "AE": self = .reverseCharge
    case "K": self = .intraCommunity
    case "G": self = .export
    case "O": self = .outOfScope
    default: self = .other
    }
  }
}
