/// How dates are written in an input: ISO 8601 by default, or a pattern such as `M/d/yyyy H:mm` or `dd.MM.yyyy`.
///
/// Patterns use `yyyy` (or `yy`, read as 20yy), `M`/`MM`, `d`/`dd`, `H`/`HH`, `h`/`hh`, `m`/`mm`,
/// `s`/`ss` and `a` (AM/PM); any other character must appear literally. The time of day is read
/// and checked but invoices keep only the day. Parsing is by hand: Foundation's formatters cost
/// tens of microseconds a date.
public struct DateFormat: Hashable, Sendable, CustomStringConvertible {
  enum Token: Hashable, Sendable {
    case year(digits: Int)
    case month(digits: Int)
    case day(digits: Int)
    case hour(digits: Int)
    case minute, second
    case hour12(digits: Int)
    case meridiem
    case literal(UInt8)
  }

  let tokens: [Token]
  /// The pattern as written, for messages.
  public let pattern: String

  /// Whether a time after the date (`T12:00:00Z`, ` 10:00`) is allowed and ignored.
  let ignoresTime: Bool

  /// ISO 8601 dates: `2026-03-01`, also with a time (`2026-03-01T12:00:00Z`), which is ignored.
  ///
  /// Day-first dotted dates (`1.3.2026`, `01.03.2026`), which no locale writes month-first, are
  /// read too; slashed dates are not, because `03/01/2026` means different days in different places.
  public static let iso8601 = DateFormat(isoPattern: ())

  private static let dotted = DateFormat(
    pattern: "d.M.yyyy",
    tokens: [.day(digits: 1), .literal(0x2E), .month(digits: 1), .literal(0x2E), .year(digits: 4)])

  /// `31/12/2026`, day first, with any time after it ignored; used when a file's dates show that order.
  static let dayFirstSlashed = DateFormat(
    pattern: "d/M/yyyy",
    tokens: [.day(digits: 1), .literal(0x2F), .month(digits: 1), .literal(0x2F), .year(digits: 4)])

  /// `12/31/2026`, month first, with any time after it ignored; used when a file's dates show that order.
  static let monthFirstSlashed = DateFormat(
    pattern: "M/d/yyyy",
    tokens: [.month(digits: 1), .literal(0x2F), .day(digits: 1), .literal(0x2F), .year(digits: 4)])

  /// The two numbers before the year of a slashed date (`3/14/2026` → (3, 14)), or nil.
  static func slashedParts<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (first: Int, second: Int)? {
    var parts: [Int] = []
    var value = 0
    var digits = 0
    for byte in bytes {
      if byte >= 0x30 && byte <= 0x39 {
        value = value * 10 + Int(byte - 0x30)
        digits += 1
        guard digits <= 4 else { return nil }
      } else if byte == 0x2F, parts.count < 2, (1...2).contains(digits) {
        parts.append(value)
        value = 0
        digits = 0
      } else {
        break
      }
    }
    guard parts.count == 2, digits == 4 else { return nil }
    return (parts[0], parts[1])
  }

  private init(isoPattern: Void) {
    pattern = "yyyy-MM-dd"
    tokens = [.year(digits: 4), .literal(0x2D), .month(digits: 2), .literal(0x2D), .day(digits: 2)]
    ignoresTime = true
  }

  private init(pattern: String, tokens: [Token]) {
    self.pattern = pattern
    self.tokens = tokens
    ignoresTime = true
  }

  /// A format from a pattern, or `nil` when the pattern has no year, month and day.
  public init?(pattern: String) {
    self.pattern = pattern
    var tokens: [Token] = []
    let bytes = Array(pattern.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      var run = 1
      while index + run < bytes.count, bytes[index + run] == byte { run += 1 }
      switch byte {
      case UInt8(ascii: "y"): tokens.append(.year(digits: run >= 3 ? 4 : 2))
      case UInt8(ascii: "M"): tokens.append(.month(digits: run))
      case UInt8(ascii: "d"): tokens.append(.day(digits: run))
      case UInt8(ascii: "H"): tokens.append(.hour(digits: run))
      case UInt8(ascii: "h"): tokens.append(.hour12(digits: run))
      case UInt8(ascii: "m"): tokens.append(.minute)
      case UInt8(ascii: "s"): tokens.append(.second)
      case UInt8(ascii: "a"): tokens.append(.meridiem)
      default:
        for _ in 0..<run { tokens.append(.literal(byte)) }
      }
      index += run
    }
    let kinds = Set(
      tokens.map { token -> Int in
        switch token {
        case .year: return 1
        case .month: return 2
        case .day: return 3
        default: return 0
        }
      })
    guard kinds.isSuperset(of: [1, 2, 3]) else { return nil }
    self.tokens = tokens
    // A pattern without a time of day reads the date of values that carry one too ("12/1/2010 16:57").
    ignoresTime = !tokens.contains { token in
      switch token {
      case .hour, .hour12, .minute, .second, .meridiem: return true
      default: return false
      }
    }
  }

  public var description: String { pattern }

  /// The date in `bytes`, or `nil` when they do not match the format or name no real day.
  public func parse<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> CalendarDate?
  where Bytes.Index == Int {
    if let date = parseTokens(bytes) { return date }
    return self == DateFormat.iso8601 ? DateFormat.dotted.parseTokens(bytes) : nil
  }

  private func parseTokens<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> CalendarDate?
  where Bytes.Index == Int {
    var index = bytes.startIndex
    let end = bytes.endIndex
    var year = 0
    var month = 0
    var day = 0
    func number(min: Int, max: Int) -> Int? {
      var value = 0
      var count = 0
      while index < end, count < max, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
        count += 1
      }
      return count >= min ? value : nil
    }
    for token in tokens {
      switch token {
      case .year(let digits):
        guard let value = number(min: digits, max: digits) else { return nil }
        year = digits == 2 ? 2000 + value : value
      case .month(let digits):
        guard let value = number(min: digits == 1 ? 1 : 2, max: 2) else { return nil }
        month = value
      case .day(let digits):
        guard let value = number(min: digits == 1 ? 1 : 2, max: 2) else { return nil }
        day = value
      case .hour(let digits):
        guard let value = number(min: digits == 1 ? 1 : 2, max: 2), value < 24 else { return nil }
      case .hour12(let digits):
        guard let value = number(min: digits == 1 ? 1 : 2, max: 2), (1...12).contains(value) else {
          return nil
        }
      case .minute, .second:
        guard let value = number(min: 2, max: 2), value < 60 else { return nil }
      case .meridiem:
        guard index + 2 <= end else { return nil }
        let first = bytes[index] | 0x20
        let second = bytes[index + 1] | 0x20
        guard first == UInt8(ascii: "a") || first == UInt8(ascii: "p"), second == UInt8(ascii: "m") else {
          return nil
        }
        index += 2
      case .literal(let byte):
        guard index < end, bytes[index] == byte else { return nil }
        index += 1
      }
    }
    if index < end {
      // ISO dates may carry a time ("T12:00:00Z"), which is ignored; anything else is an error.
      guard ignoresTime, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ")
      else {
        return nil
      }
    }
    return CalendarDate(year: year, month: month, day: day)
  }
}
