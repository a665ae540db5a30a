/// An exact decimal number: an integer count of 10^-scale units, so 12.50 is 1250 at scale 2.
///
/// Money is never a `Double`. Arithmetic is exact (Int128, about 38 significant digits); an
/// operation that would overflow returns `nil` rather than a wrong value. Rounding is written down
/// once, in `rounded(toScale:)`: half away from zero.
public struct ExactDecimal: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Units that fit 64 bits are stored inline (a value is 16 bytes); larger ones in a shared box.
  private enum Storage: Sendable {
    case small(Int64)
    case large(LargeUnits)
  }

  /// The box of units beyond 64 bits.
  private final class LargeUnits: Sendable {
    let value: Int128
    init(_ value: Int128) { self.value = value }
  }

  private let storage: Storage
  private let digits: Int8

  /// The value in units of 10^-scale.
  public var units: Int128 {
    switch storage {
    case .small(let value): return Int128(value)
    case .large(let box): return box.value
    }
  }

  /// The number of digits after the decimal point.
  public var scale: Int { Int(digits) }

  /// The largest scale kept: 18 fractional digits.
  public static let maxScale = 18

  public init(units: Int128, scale: Int) {
    precondition(scale >= 0 && scale <= 36, "scale out of range")
    if let small = Int64(exactly: units) {
      storage = .small(small)
    } else {
      storage = .large(LargeUnits(units))
    }
    digits = Int8(scale)
  }

  /// An integer.
  public init(_ integer: Int) {
    self.init(units: Int128(integer), scale: 0)
  }

  public static let zero = ExactDecimal(units: 0, scale: 0)

  static let powersOfTen: [Int128] = {
    var powers: [Int128] = [1]
    for _ in 1...37 { powers.append(powers.last! * 10) }
    return powers
  }()

  /// Whether the value is below zero.
  public var isNegative: Bool { units < 0 }
  public var isZero: Bool { units == 0 }

  /// The same value at a larger scale, or `nil` on overflow.
  public func rescaled(to newScale: Int) -> ExactDecimal? {
    if newScale == scale { return self }
    if newScale < scale { return rounded(toScale: newScale) }
    let (value, overflow) = units.multipliedReportingOverflow(by: ExactDecimal.powersOfTen[newScale - scale])
    return overflow ? nil : ExactDecimal(units: value, scale: newScale)
  }

  /// The value rounded half away from zero to `digits` fractional digits: 2.345 → 2.35, −0.005 → −0.01.
  public func rounded(toScale digits: Int) -> ExactDecimal {
    guard digits < scale else { return rescaled(to: digits) ?? self }
    let divisor = ExactDecimal.powersOfTen[scale - digits]
    let (quotient, remainder) = units.quotientAndRemainder(dividingBy: divisor)
    var result = quotient
    if remainder.magnitude * 2 >= divisor.magnitude { result += units < 0 ? -1 : 1 }
    return ExactDecimal(units: result, scale: digits)
  }

  /// The sum, or `nil` on overflow.
  public func adding(_ other: ExactDecimal) -> ExactDecimal? {
    let common = max(scale, other.scale)
    guard let a = rescaled(to: common), let b = other.rescaled(to: common) else { return nil }
    let (sum, overflow) = a.units.addingReportingOverflow(b.units)
    return overflow ? nil : ExactDecimal(units: sum, scale: common)
  }

  /// The difference, or `nil` on overflow.
  public func subtracting(_ other: ExactDecimal) -> ExactDecimal? {
    adding(other.negated)
  }

  /// The exact product (scales add up; beyond 36 digits the product is rounded to 36), or `nil` on overflow.
  public func multiplied(by other: ExactDecimal) -> ExactDecimal? {
    let (product, overflow) = units.multipliedReportingOverflow(by: other.units)
    guard !overflow else { return nil }
    let productScale = scale + other.scale
    if productScale > 36 { return ExactDecimal(units: product, scale: 36).rounded(toScale: 36) }
    return ExactDecimal(units: product, scale: productScale)
  }

  /// The quotient rounded half away from zero to `digits` fractional digits, or `nil` on overflow or division by zero.
  public func divided(by other: ExactDecimal, scale digits: Int) -> ExactDecimal? {
    guard !other.isZero else { return nil }
    // value = units·10^-s / (o·10^-t) = units·10^(t - s) / o; compute with 1 extra digit then round.
    let shift = digits + 1 + other.scale - scale
    var numerator = units
    var denominator = other.units
    if shift >= 0 {
      guard shift < 38 else { return nil }
      let (n, overflow) = numerator.multipliedReportingOverflow(by: ExactDecimal.powersOfTen[shift])
      guard !overflow else { return nil }
      numerator = n
    } else {
      guard -shift < 38 else { return ExactDecimal(units: 0, scale: digits) }
      let (d, overflow) = denominator.multipliedReportingOverflow(by: ExactDecimal.powersOfTen[-shift])
      guard !overflow else { return ExactDecimal(units: 0, scale: digits) }
      denominator = d
    }
    let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
    // `quotient` has one digit more than wanted; round on it, counting a non-zero remainder as above half.
    let (tenths, lastDigit) = quotient.quotientAndRemainder(dividingBy: 10)
    var result = tenths
    _ = remainder
    if lastDigit.magnitude >= 5 { result += quotient < 0 ? -1 : 1 }
    return ExactDecimal(units: result, scale: digits)
  }

  public var negated: ExactDecimal { ExactDecimal(units: -units, scale: scale) }

  public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    let common = max(lhs.scale, rhs.scale)
    guard let a = lhs.rescaled(to: common), let b = rhs.rescaled(to: common) else {
      return lhs.doubleValue < rhs.doubleValue
    }
    return a.units < b.units
  }

  /// Equal values at different scales (1.5 and 1.50) are equal.
  public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    let common = max(lhs.scale, rhs.scale)
    guard let a = lhs.rescaled(to: common), let b = rhs.rescaled(to: common) else { return false }
    return a.units == b.units
  }

  public func hash(into hasher: inout Hasher) {
    // Hash the value without trailing zeros so equal values hash alike.
    var value = units
    var digits = scale
    while digits > 0, value % 10 == 0 {
      value /= 10
      digits -= 1
    }
    hasher.combine(value)
    hasher.combine(digits)
  }

  /// A `Double` near the value, for charts and sorting only; never for money.
  public var doubleValue: Double { Double(units) / Double(ExactDecimal.powersOfTen[scale]) }

  /// The value with a `.` and exactly `scale` fractional digits: "-1234.50".
  public var description: String {
    let magnitude = units.magnitude
    var digits = String(magnitude)
    if scale > 0 {
      if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
    }
    return units < 0 ? "-" + digits : digits
  }

  /// The value without trailing fractional zeros: 19.50 → "19.5", 7.000 → "7".
  public var trimmedDescription: String {
    var text = description
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }
}
