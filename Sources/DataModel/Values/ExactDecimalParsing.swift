/// Why text is not an acceptable number.
public enum NumberError: Error, Hashable, Sendable {
  /// Nothing but spaces.
  case empty
  /// Not digits with one optional sign and one decimal separator (this includes NaN and infinity).
  case notANumber
  /// More fractional digits than allowed (after dropping trailing zeros).
  case tooManyDecimals(allowed: Int)
  /// More digits than exact arithmetic keeps.
  case tooLarge
}

extension ExactDecimal {
  /// The most significant digits a parsed number may have, so that sums and products stay exact.
  public static let maxDigits = 30

  /// Parses `-1234.5`, `+7`, `.5`, `1e3` (with `allowsExponent`) from UTF-8 bytes, exactly.
  ///
  /// `decimalSeparator` is `.` or `,`; no group separators are accepted (see `GroupedNumber`), because "1,234" is
  /// ambiguous between locales. Surrounding spaces are ignored. Trailing fractional zeros beyond
  /// `maxFractionDigits` are dropped; other extra digits are an error, never silently rounded.
  public static func parse<Bytes: Collection<UInt8>>(
    _ bytes: Bytes, decimalSeparator: UInt8 = UInt8(ascii: "."), maxFractionDigits: Int = maxScale,
    allowsExponent: Bool = false
  ) -> Result<ExactDecimal, NumberError> {
    var (index, end) = trimmed(bytes)
    guard index < end else { return .failure(.empty) }
    var negative = false
    if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index = bytes.index(after: index)
    }
    var units: Int128 = 0
    var digits = 0
    var significant = 0
    var fraction = 0
    var seenSeparator = false
    var exponent = 0
    while index < end {
      let byte = bytes[index]
      if byte >= 0x30 && byte <= 0x39 {
        if significant > 0 || byte != 0x30 { significant += 1 }
        guard significant <= maxDigits else { return .failure(.tooLarge) }
        units = units * 10 + Int128(byte - 0x30)
        digits += 1
        if seenSeparator { fraction += 1 }
      } else if byte == decimalSeparator && !seenSeparator {
        seenSeparator = true
      } else if allowsExponent && (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")) && digits > 0 {
        switch parseExponent(bytes, from: bytes.index(after: index), to: end) {
        case .success(let value): exponent = value
        case .failure(let error): return .failure(error)
        }
        break
      } else {
        return .failure(.notANumber)
      }
      index = bytes.index(after: index)
    }
    guard digits > 0 else { return .failure(.notANumber) }
    return scaled(
      units: negative ? -units : units, significant: significant, scale: fraction - exponent,
      maxFractionDigits: maxFractionDigits)
  }

  /// The bounds of `bytes` without leading and trailing spaces and tabs.
  @inline(__always)
  static func trimmed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (Bytes.Index, Bytes.Index) {
    var index = bytes.startIndex
    var end = bytes.endIndex
    while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index = bytes.index(after: index) }
    while end > index {
      let before = bytes.index(end, offsetBy: -1)
      guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
      end = before
    }
    return (index, end)
  }

  /// The exponent after an `e`: an optional sign and digits up to `end`, at most 60.
  static func parseExponent<Bytes: Collection<UInt8>>(
    _ bytes: Bytes, from start: Bytes.Index, to end: Bytes.Index
  ) -> Result<Int, NumberError> {
    var index = start
    var negative = false
    if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index = bytes.index(after: index)
    }
    guard index < end else { return .failure(.notANumber) }
    var exponent = 0
    while index < end {
      let digit = bytes[index]
      guard digit >= 0x30 && digit <= 0x39 else { return .failure(.notANumber) }
      exponent = exponent * 10 + Int(digit - 0x30)
      guard exponent <= 60 else { return .failure(.tooLarge) }
      index = bytes.index(after: index)
    }
    return .success(negative ? -exponent : exponent)
  }

  /// The value `units` × 10^-`scale` with a scale of 0 to `maxFractionDigits`: a negative scale
  /// multiplied out, trailing fractional zeros dropped, other extra digits an error.
  @inline(__always)
  static func scaled(units: Int128, significant: Int, scale: Int, maxFractionDigits: Int)
    -> Result<ExactDecimal, NumberError>
  {
    var units = units
    var significant = significant
    var scale = scale
    while scale < 0 {
      guard significant < maxDigits || units == 0 else { return .failure(.tooLarge) }
      units *= 10
      significant += units == 0 ? 0 : 1
      scale += 1
    }
    while scale > maxFractionDigits, units % 10 == 0 {
      units /= 10
      scale -= 1
    }
    guard scale <= maxFractionDigits else { return .failure(.tooManyDecimals(allowed: maxFractionDigits)) }
    return .success(ExactDecimal(units: units, scale: scale))
  }

  /// Parses a string; see `parse(_:decimalSeparator:maxFractionDigits:allowsExponent:)`.
  public init?(_ text: String, decimalSeparator: Character = ".") {
    guard
      case .success(let value) = ExactDecimal.parse(
        Array(text.utf8), decimalSeparator: decimalSeparator.asciiValue ?? UInt8(ascii: "."))
    else { return nil }
    self = value
  }
}
