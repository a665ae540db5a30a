/// An exact decimal number: an integer count of 10^-scale units, so 12.50 is 1250 at scale 2.
///
/// Money is never a `Double`. Arithmetic is exact (Int128, about 38 significant digits); an
/// operation that would overflow returns `nil` rather than a wrong value. Rounding is written down
/// once, in `rounded(toScale:)`: half away from zero.
public struct ExactDecimal: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The units (a signed 120-bit integer) and the scale packed into 16 bytes: the high word holds
  /// the top 56 bits of the units and, in its low 8 bits, the scale. A plain value: no reference counting.
  private let packedHigh: Int64
  private let low: UInt64

  /// The value in units of 10^-scale.
  public var units: Int128 {
    Int128(packedHigh >> 8) << 64 | Int128(low)
  }

  /// The number of digits after the decimal point.
  public var scale: Int { Int(packedHigh & 0xFF) }

  /// The units when they fit 64 bits, for fast paths.
  var smallUnits: Int64? {
    let high = packedHigh >> 8
    if high == 0, low <= UInt64(Int64.max) { return Int64(low) }
    if high == -1, low > UInt64(Int64.max) { return Int64(bitPattern: low) }
    return nil
  }

  static let smallPowersOfTen: [Int64] = {
    var powers: [Int64] = [1]
    for _ in 1...18 { powers.append(powers.last! * 10) }
    return powers
  }()

  /// The largest magnitude of units: 2^119 − 1, about 6.6 × 10^35.
  ///
  /// Computed, not stored: a stored `Int128` is initialized lazily, and every check of every
  /// number went through `swift_once` (3 % of an orders read's time).
  @inline(__always)
  public static var maxUnits: Int128 { Int128(Int64.max >> 8) << 64 | Int128(UInt64.max) }

  /// A value, or `nil` when the units need more than 120 bits.
  public static func exactly(units: Int128, scale: Int) -> ExactDecimal? {
    guard units >= -maxUnits, units <= maxUnits else { return nil }
    return ExactDecimal(units: units, scale: scale)
  }

  /// The largest scale kept: 18 fractional digits.
  public static let maxScale = 18

  public init(units: Int128, scale: Int) {
    precondition(scale >= 0 && scale <= 36, "scale out of range")
    precondition(units >= -ExactDecimal.maxUnits && units <= ExactDecimal.maxUnits, "units beyond 120 bits")
    packedHigh = Int64(truncatingIfNeeded: units >> 64) << 8 | Int64(scale)
    low = UInt64(truncatingIfNeeded: units)
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
    if let small = smallUnits, newScale - scale < 19 {
      let (value, overflow) = small.multipliedReportingOverflow(
        by: ExactDecimal.smallPowersOfTen[newScale - scale])
      if !overflow { return ExactDecimal(units: Int128(value), scale: newScale) }
    }
    let (value, overflow) = units.multipliedReportingOverflow(by: ExactDecimal.powersOfTen[newScale - scale])
    return overflow ? nil : ExactDecimal.exactly(units: value, scale: newScale)
  }

  /// The value rounded half away from zero to `digits` fractional digits: 2.345 → 2.35, −0.005 → −0.01.
  public func rounded(toScale digits: Int) -> ExactDecimal {
    guard digits < scale else { return rescaled(to: digits) ?? self }
    let shift = scale - digits
    // Fast path: units and divisor fit 64 bits, so no 128-bit division is needed.
    if let small = smallUnits, shift < 19 {
      let divisor = ExactDecimal.smallPowersOfTen[shift]
      let (quotient, remainder) = small.quotientAndRemainder(dividingBy: divisor)
      var result = quotient
      if remainder.magnitude * 2 >= divisor.magnitude { result += small < 0 ? -1 : 1 }
      return ExactDecimal(units: Int128(result), scale: digits)
    }
    let divisor = ExactDecimal.powersOfTen[shift]
    let (quotient, remainder) = units.quotientAndRemainder(dividingBy: divisor)
    var result = quotient
    if remainder.magnitude * 2 >= divisor.magnitude { result += units < 0 ? -1 : 1 }
    return ExactDecimal(units: result, scale: digits)
  }

  /// The sum, or `nil` on overflow.
  public func adding(_ other: ExactDecimal) -> ExactDecimal? {
    if scale == other.scale, let a = smallUnits, let b = other.smallUnits {
      let (sum, overflow) = a.addingReportingOverflow(b)
      if !overflow { return ExactDecimal(units: Int128(sum), scale: scale) }
    }
    let common = max(scale, other.scale)
    guard let a = rescaled(to: common), let b = other.rescaled(to: common) else { return nil }
    let (sum, overflow) = a.units.addingReportingOverflow(b.units)
    return overflow ? nil : ExactDecimal.exactly(units: sum, scale: common)
  }

  /// The difference, or `nil` on overflow.
  public func subtracting(_ other: ExactDecimal) -> ExactDecimal? {
    adding(other.negated)
  }

  /// The exact product (scales add up; beyond 36 digits the product is rounded to 36), or `nil` on overflow.
  public func multiplied(by other: ExactDecimal) -> ExactDecimal? {
    if let a = smallUnits, let b = other.smallUnits, scale + other.scale <= 36 {
      let (product, overflow) = a.multipliedReportingOverflow(by: b)
      if !overflow { return ExactDecimal(units: Int128(product), scale: scale + other.scale) }
    }
    let (product, overflow) = units.multipliedReportingOverflow(by: other.units)
    guard !overflow else { return nil }
    let productScale = scale + other.scale
    if productScale > 36 {
      // Drop the digits beyond 36 decimals, rounding half away from zero.
      let divisor = ExactDecimal.powersOfTen[productScale - 36]
      let (quotient, remainder) = product.quotientAndRemainder(dividingBy: divisor)
      let rounded = quotient + (remainder.magnitude * 2 >= divisor.magnitude ? (product < 0 ? -1 : 1) : 0)
      return ExactDecimal.exactly(units: rounded, scale: 36)
    }
    return ExactDecimal.exactly(units: product, scale: productScale)
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
    return ExactDecimal.exactly(units: result, scale: digits)
  }

  public var negated: ExactDecimal { ExactDecimal(units: -units, scale: scale) }

  /// The value without its sign.
  public var magnitude: ExactDecimal { isNegative ? negated : self }

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
