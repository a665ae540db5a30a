/// A charge or an allowance on the whole invoice, as EN 16931 models them (BG-21 and BG-20).
///
/// Shipping, handling and payment fees are charges; vouchers and order discounts are allowances.
/// Each is printed as its own line above the totals and taxed at its own rate.
public struct AllowanceCharge: Hashable, Sendable {
  /// Whether the amount is added (a charge) or taken off (an allowance).
  public enum Kind: String, Hashable, Sendable {
    case charge, allowance
  }

  /// What the line is for, so the layout can name it in the document's language when no reason is given.
  public enum Purpose: String, Hashable, Sendable {
    case shipping, discount, other
  }

  public var kind: Kind
  /// The amount, zero or more, in the invoice's currency: net, or gross when the invoice's prices include tax.
  public var amount: ExactDecimal
  /// The reason as the data writes it ("Express shipping", "Voucher SUMMER10").
  public var reason: String?
  public var purpose: Purpose
  /// The tax rate in percent; nil for the invoice's main rate (or when the invoice's tax is given).
  public var taxRate: ExactDecimal?
  /// The input line it came from, for messages.
  public var line: Int?

  public init(
    _ kind: Kind, amount: ExactDecimal, reason: String? = nil, purpose: Purpose = .other,
    taxRate: ExactDecimal? = nil, line: Int? = nil
  ) {
    self.kind = kind
    self.amount = amount
    self.reason = reason
    self.purpose = purpose
    self.taxRate = taxRate
    self.line = line
  }

  /// The amount with its sign in the total: positive for a charge, negative for an allowance.
  public var signedAmount: ExactDecimal { kind == .charge ? amount : amount.negated }
}

/// Tax an export computed itself and gives per invoice (US sales tax), printed as given.
public struct GivenTax: Hashable, Sendable {
  /// The tax amount, in the invoice's currency.
  public var amount: ExactDecimal
  /// The export's name for it ("California State Tax 7.25%").
  public var name: String?

  public init(amount: ExactDecimal, name: String? = nil) {
    self.amount = amount
    self.name = name
  }

  /// The rate the name states ("7.25%" in "CA State Tax 7.25%"), when it states exactly one.
  public var rate: ExactDecimal? {
    guard let name else { return nil }
    var found: [ExactDecimal] = []
    let scalars = Array(name.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "%" else {
        index += 1
        continue
      }
      var start = index
      while start > 0, scalars[start - 1] == " " { start -= 1 }
      var digitsStart = start
      while digitsStart > 0,
        ("0"..."9").contains(scalars[digitsStart - 1]) || scalars[digitsStart - 1] == "."
          || scalars[digitsStart - 1] == ","
      {
        digitsStart -= 1
      }
      if digitsStart < start {
        let text = String(String.UnicodeScalarView(scalars[digitsStart..<start])).replacingOccurrences(
          of: ",", with: ".")
        if case .success(let value) = ExactDecimal.parse(Array(text.utf8), maxFractionDigits: 6) {
          found.append(value)
        }
      }
      index += 1
    }
    return found.count == 1 ? found[0] : nil
  }
}
