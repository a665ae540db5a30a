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
    var text = GroupedNumber.foldingSpaces(bytes)
    while text.last == 0x20 { text.removeLast() }
    while text.first == 0x20 { text.removeFirst() }
    var sign: [UInt8] = []
    if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      sign = [first]
      text.removeFirst()
    }
    let separators = text.filter { !($0 >= 0x30 && $0 <= 0x39) }
    guard let (decimal, shown) = GroupedNumber.decimalSeparator(of: separators, known: known) else {
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
    guard let digits = GroupedNumber.ungrouped(whole, decimal: decimal) else { return nil }
    let plain = sign + digits + (fraction.isEmpty ? [] : [UInt8(ascii: ".")] + fraction)
    guard case .success(let value) = ExactDecimal.parse(plain, maxFractionDigits: maxFractionDigits) else {
      return nil
    }
    self.value = value
    shownDecimalSeparator = shown
  }

  /// `bytes` with U+00A0 and U+202F folded into plain spaces: spaces of any width group digits too.
  static func foldingSpaces(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
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
    return text
  }

  /// The decimal separator among a number's `separators` (nil when they can only group) and whether
  /// the number itself shows it; nil when the marks are not ours or say nothing for sure.
  static func decimalSeparator(of separators: [UInt8], known: UInt8?) -> (decimal: UInt8?, shown: UInt8?)? {
    let dot = UInt8(ascii: ".")
    let comma = UInt8(ascii: ",")
    guard !separators.isEmpty,
      separators.allSatisfy({ $0 == dot || $0 == comma || $0 == 0x20 || $0 == UInt8(ascii: "'") })
    else { return nil }
    let kinds = Set(separators)
    if let known {
      return (separators.contains(known) ? known : nil, nil)
    } else if kinds.contains(dot) && kinds.contains(comma) {
      return (separators.last, separators.last)
    } else if kinds.count == 2, let mark = kinds.first(where: { $0 == dot || $0 == comma }) {
      return (mark, mark)  // "1 234,50", "1'234.50": the space or apostrophe groups.
    } else if kinds.count == 1, separators.count > 1 {
      return (nil, nil)  // "1,234,567": a separator repeated can only group.
    }
    return nil
  }

  /// The digits of the whole part without its group marks: one mark (not the decimal one), a first
  /// group of one to three digits and groups of exactly three after it; nil otherwise.
  static func ungrouped(_ whole: ArraySlice<UInt8>, decimal: UInt8?) -> [UInt8]? {
    let groupMarks = Set(whole.filter { !($0 >= 0x30 && $0 <= 0x39) })
    guard groupMarks.count == 1, let group = groupMarks.first, group != decimal else { return nil }
    let groups = whole.split(separator: group, omittingEmptySubsequences: false)
    guard let head = groups.first, (1...3).contains(head.count),
      groups.dropFirst().allSatisfy({ $0.count == 3 })
    else { return nil }
    return Array(groups.joined())
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
