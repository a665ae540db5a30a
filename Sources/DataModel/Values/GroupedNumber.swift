/// A number written with group separators, as spreadsheets export formatted cells: `1,234.50`,
/// `1.234,50`, `1 234,50`, `1'234.50`, `1,234,567`.
///
/// Only forms that can be read one way are accepted: groups of exactly three digits after the
/// first, one group character, and a decimal separator that is known or shown by the number itself
/// (both `.` and `,` present, or a space or apostrophe grouping). `1,234` with an unknown decimal
/// separator stays unreadable, because it is 1.234 in Germany and 1234 in the United States.
struct GroupedNumber {
  /// The value.
  let value: ExactDecimal
  /// The decimal separator the number itself shows, when it shows one.
  let shownDecimalSeparator: UInt8?

  /// Reads `bytes` with `decimalSeparator` when it is known, or infers it, or returns nil.
  init?(_ bytes: ArraySlice<UInt8>, decimalSeparator known: UInt8?, maxFractionDigits: Int) {
    // Spaces of any width group digits too: fold U+00A0 and U+202F into plain spaces first.
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 0xC2, index + 1 < bytes.endIndex, bytes[index + 1] == 0xA0 {
        text.append(0x20)
        index += 2
      } else if byte == 0xE2, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80, bytes[index + 2] == 0xAF {
        text.append(0x20)
        index += 3
      } else {
        text.append(byte)
        index += 1
      }
    }
    while text.last == 0x20 { text.removeLast() }
    while text.first == 0x20 { text.removeFirst() }
    var sign: [UInt8] = []
    if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      sign = [first]
      text.removeFirst()
    }
    let dot = UInt8(ascii: ".")
    let comma = UInt8(ascii: ",")
    let separators = text.filter { !($0 >= 0x30 && $0 <= 0x39) }
    guard !separators.isEmpty,
      separators.allSatisfy({ $0 == dot || $0 == comma || $0 == 0x20 || $0 == UInt8(ascii: "'") })
    else { return nil }
    let kinds = Set(separators)
    var decimal: UInt8?
    var shown: UInt8?
    if let known {
      decimal = separators.contains(known) ? known : nil
    } else if kinds.contains(dot) && kinds.contains(comma) {
      decimal = separators.last
      shown = decimal
    } else if kinds.count == 2, let mark = kinds.first(where: { $0 == dot || $0 == comma }) {
      decimal = mark  // "1 234,50", "1'234.50": the space or apostrophe groups.
      shown = mark
    } else if kinds.count == 1, separators.count > 1 {
      decimal = nil  // "1,234,567": a separator repeated can only group.
    } else {
      return nil
    }
    var whole = text[...]
    var fraction: ArraySlice<UInt8> = []
    if let decimal {
      guard let at = text.lastIndex(of: decimal), text.filter({ $0 == decimal }).count == 1 else {
        return nil
      }
      whole = text[..<at]
      fraction = text[(at + 1)...]
      guard !fraction.isEmpty, fraction.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    }
    let groupMarks = Set(whole.filter { !($0 >= 0x30 && $0 <= 0x39) })
    guard groupMarks.count == 1, let group = groupMarks.first, group != decimal else { return nil }
    let groups = whole.split(separator: group, omittingEmptySubsequences: false)
    guard let head = groups.first, (1...3).contains(head.count),
      groups.dropFirst().allSatisfy({ $0.count == 3 })
    else { return nil }
    let plain = sign + groups.joined() + (fraction.isEmpty ? [] : [dot] + fraction)
    guard case .success(let value) = ExactDecimal.parse(plain, maxFractionDigits: maxFractionDigits) else {
      return nil
    }
    self.value = value
    shownDecimalSeparator = shown
  }

  /// What a number says about the decimal separator of the file it comes from.
  enum SeparatorEvidence: Equatable {
    /// It can only be read with this separator: `80,00`, `9.99`, `1.234,50`, `1 234,50`.
    case shows(UInt8)
    /// One separator and three digits after it: `1.234` is 1.234 in one place and 1234 in another.
    case ambiguous(UInt8)
    /// No separator (`12`), or not a number.
    case none
  }

  /// The evidence `bytes` give: one `.` or `,` not followed by exactly three digits, or a grouped
  /// number that shows its decimal separator (both marks present, or a space or apostrophe grouping).
  static func separatorEvidence(_ bytes: ArraySlice<UInt8>, maxFractionDigits: Int) -> SeparatorEvidence {
    var last: UInt8 = 0
    var marks = 0
    var digitsAfter = 0
    for byte in bytes {
      if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
        last = byte
        marks += 1
        digitsAfter = 0
      } else if byte >= 0x30 && byte <= 0x39 {
        digitsAfter += 1
      }
    }
    guard marks > 0, digitsAfter > 0 else { return .none }
    if marks == 1, case .success = ExactDecimal.parse(bytes, decimalSeparator: last) {
      return digitsAfter == 3 ? .ambiguous(last) : .shows(last)
    }
    let shown = GroupedNumber(bytes, decimalSeparator: nil, maxFractionDigits: maxFractionDigits)?
      .shownDecimalSeparator
    return shown.map { .shows($0) } ?? .none
  }
}
