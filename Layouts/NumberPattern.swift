import DataModel
import Foundation

/// A locale's way of writing one kind of number (an amount of a currency, say), learned from Foundation
/// once and then applied to exact decimals without Foundation: prefix, suffix, digits, separators and
/// grouping (3 and 3, or 3 and 2 as in India).
///
/// It is only used when it reproduces Foundation's own output for its probe values exactly; otherwise
/// `init` fails and the caller formats with Foundation. Formatting with Foundation costs about as much
/// as shaping the text; with the pattern it costs a string build.
struct NumberPattern: Sendable {
  let prefix: String
  let suffix: String
  let negativePrefix: String
  let negativeSuffix: String
  let decimalSeparator: String
  let groupSeparator: String
  let primaryGroup: Int
  let secondaryGroup: Int
  let zero: UInt32
  let fractionDigits: Int
  /// Integer digits beyond the first group needed before grouping starts (2 in es, it, pl: `1000`, `10.000`).
  let minimumGrouping: Int

  /// The probe magnitudes: every digit position differs, so separators and grouping can be read.
  static func probes(fractionDigits: Int) -> [String] {
    let fraction = fractionDigits > 0 ? "." + String("123456".prefix(fractionDigits)) : ""
    return [
      "1234567" + fraction, "-1234567" + fraction,
      "0" + (fractionDigits > 0 ? "." + String(repeating: "0", count: fractionDigits) : ""), "-5" + fraction,
      "987654321098" + fraction, "1234" + fraction, "-1234" + fraction, "12345" + fraction, "123" + fraction,
    ]
  }

  /// Learns the pattern from `format` (Foundation's formatting of a decimal given as text).
  init?(fractionDigits: Int, format: (String) -> String) {
    let positive = format(NumberPattern.probes(fractionDigits: fractionDigits)[0])
    let negative = format(NumberPattern.probes(fractionDigits: fractionDigits)[1])
    guard let parts = NumberPattern.parse(positive, fractionDigits: fractionDigits),
      let negativeParts = NumberPattern.parse(negative, fractionDigits: fractionDigits),
      negativeParts.zero == parts.zero
    else { return nil }
    prefix = parts.prefix
    suffix = parts.suffix
    negativePrefix = negativeParts.prefix
    negativeSuffix = negativeParts.suffix
    decimalSeparator = parts.decimal
    groupSeparator = parts.group
    primaryGroup = parts.primary
    secondaryGroup = parts.secondary
    zero = parts.zero
    self.fractionDigits = fractionDigits
    // Is a four-digit number grouped? CLDR's minimum grouping digits say no in some languages.
    // Only the digits are looked at: a suffix such as " €" may hold the group separator too.
    let four = format(NumberPattern.probes(fractionDigits: fractionDigits)[5])
    let fourDigits =
      four.hasPrefix(parts.prefix) && four.hasSuffix(parts.suffix)
        && four.count >= parts.prefix.count + parts.suffix.count
      ? String(four.dropFirst(parts.prefix.count).dropLast(parts.suffix.count)) : four
    minimumGrouping = !parts.group.isEmpty && !fourDigits.contains(parts.group) ? 2 : 1
    // Trust the pattern only if it writes every probe exactly as Foundation does.
    for probe in NumberPattern.probes(fractionDigits: fractionDigits) {
      guard let value = ExactDecimal(probe), self.format(value) == format(probe) else { return nil }
    }
  }

  private static func parse(_ text: String, fractionDigits: Int) -> (
    prefix: String, suffix: String, decimal: String, group: String, primary: Int, secondary: Int, zero: UInt32
  )? {
    let characters = Array(text)
    guard let first = characters.firstIndex(where: { $0.isWholeNumberDigit }),
      let last = characters.lastIndex(where: { $0.isWholeNumberDigit })
    else { return nil }
    let body = characters[first...last]
    // Digits with the separators between them.
    var digitRuns: [String] = []
    var separators: [String] = []
    var current = ""
    var separator = ""
    var zero: UInt32?
    for character in body {
      if character.isWholeNumberDigit, let scalar = character.unicodeScalars.first,
        let value = character.wholeNumberValue
      {
        let base = scalar.value - UInt32(value)
        if zero == nil { zero = base }
        guard zero == base else { return nil }
        if !separator.isEmpty {
          separators.append(separator)
          separator = ""
          digitRuns.append(current)
          current = ""
        }
        current.append(character)
      } else {
        separator.append(character)
      }
    }
    digitRuns.append(current)
    guard let zero else { return nil }
    var decimal = ""
    var integerRuns = digitRuns
    var groupSeparators = separators
    if fractionDigits > 0 {
      guard digitRuns.count >= 2, digitRuns.last!.count == fractionDigits, let last = separators.last else {
        return nil
      }
      decimal = last
      integerRuns.removeLast()
      groupSeparators.removeLast()
    }
    let group = groupSeparators.first ?? ""
    guard groupSeparators.allSatisfy({ $0 == group }), integerRuns.joined().count == 7 else { return nil }
    let sizes = integerRuns.reversed().map(\.count)
    let primary = integerRuns.count > 1 ? sizes[0] : 0
    let secondary = integerRuns.count > 2 ? sizes[1] : primary
    return (
      String(characters[..<first]), String(characters[(last + 1)...]), decimal, group, primary, secondary,
      zero
    )
  }

  /// `value` (already at `fractionDigits` decimals) written in this pattern.
  ///
  /// Built as UTF-8 bytes: the amounts of a document are formatted by the thousand, and a string
  /// built from characters cost ten times as much.
  func format(_ value: ExactDecimal) -> String {
    let rounded = value.rounded(toScale: fractionDigits)
    var digits = Array(String(rounded.units.magnitude).utf8)
    if digits.count <= fractionDigits {
      digits.insert(
        contentsOf: repeatElement(UInt8(ascii: "0"), count: fractionDigits - digits.count + 1), at: 0)
    }
    let negative = rounded.units < 0
    let integerCount = digits.count - fractionDigits
    let grouped = primaryGroup > 0 && integerCount >= primaryGroup + minimumGrouping
    var out: [UInt8] = []
    out.reserveCapacity(digits.count * 3 + 32)
    out.append(contentsOf: (negative ? negativePrefix : prefix).utf8)
    for (position, digit) in digits.enumerated() {
      if position == integerCount {
        out.append(contentsOf: decimalSeparator.utf8)
      } else if grouped, position > 0, position < integerCount, startsGroup(integerCount - position) {
        out.append(contentsOf: groupSeparator.utf8)
      }
      appendDigit(digit, to: &out)
    }
    out.append(contentsOf: (negative ? negativeSuffix : suffix).utf8)
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether a group separator goes before the integer digit with `remaining` digits from it to the point.
  private func startsGroup(_ remaining: Int) -> Bool {
    remaining == primaryGroup
      || (remaining > primaryGroup && (remaining - primaryGroup) % max(secondaryGroup, 1) == 0)
  }

  /// Appends the ASCII digit `digit` in this pattern's script.
  private func appendDigit(_ digit: UInt8, to out: inout [UInt8]) {
    guard zero != 0x30, let scalar = Unicode.Scalar(zero + UInt32(digit) - 0x30) else {
      out.append(digit)
      return
    }
    UTF8.encode(scalar) { out.append($0) }
  }
}

extension Character {
  /// A decimal digit of any script (0–9, ٠–٩, ०–९…).
  var isWholeNumberDigit: Bool {
    guard let scalar = unicodeScalars.first, unicodeScalars.count == 1 else { return false }
    return scalar.properties.numericType == .decimal
  }
}
