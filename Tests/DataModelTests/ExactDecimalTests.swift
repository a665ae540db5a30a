import DataModel
import Foundation
import Testing

@Suite struct ExactDecimalTests {
  static let parseCases: [(String, String?)] = [
    ("12.50", "12.50"), ("-0.005", "-0.005"), (".5", "0.5"), ("+7", "7"), ("  42  ", "42"),
    ("0.1", "0.1"), ("12345678901234.56", "12345678901234.56"), ("1.500000000", "1.500000"),
    ("12,5x", nil), ("NaN", nil), ("inf", nil), ("-", nil), ("1.2.3", nil), ("1,234.56", nil), ("", nil),
    ("1.1234567", nil), ("1234567890123456789012345678901", nil),
  ]

  @Test(arguments: parseCases)
  func parsing(_ text: String, _ expected: String?) {
    let result = ExactDecimal.parse(Array(text.utf8), maxFractionDigits: 6)
    switch result {
    case .success(let value): #expect(value.description == expected)
    case .failure: #expect(expected == nil)
    }
  }

  @Test func parsingReportsWhy() {
    #expect(ExactDecimal.parse(Array("".utf8)) == .failure(.empty))
    #expect(ExactDecimal.parse(Array("12,5x".utf8)) == .failure(.notANumber))
    #expect(
      ExactDecimal.parse(Array("1.1234567".utf8), maxFractionDigits: 6)
        == .failure(.tooManyDecimals(allowed: 6)))
    #expect(ExactDecimal.parse(Array(String(repeating: "9", count: 31).utf8)) == .failure(.tooLarge))
    #expect(
      ExactDecimal.parse(Array("12,5".utf8), decimalSeparator: UInt8(ascii: ","))
        == .success(ExactDecimal("12.5")!))
    #expect(ExactDecimal.parse(Array("1.5e3".utf8), allowsExponent: true) == .success(ExactDecimal(1500)))
    #expect(
      ExactDecimal.parse(Array("25e-4".utf8), allowsExponent: true) == .success(ExactDecimal("0.0025")!))
  }

  @Test(arguments: [
    ("2.345", 2, "2.35"), ("-0.005", 2, "-0.01"), ("2.344", 2, "2.34"), ("-2.345", 2, "-2.35"),
    ("0.5", 0, "1"),
    ("-0.5", 0, "-1"), ("1.4999", 0, "1"), ("7", 2, "7.00"),
  ])
  func roundingIsHalfAwayFromZero(_ value: String, _ digits: Int, _ expected: String) {
    #expect(ExactDecimal(value)!.rounded(toScale: digits).description == expected)
  }

  @Test func arithmeticIsExact() {
    let tenth = ExactDecimal("0.1")!
    var sum = ExactDecimal.zero
    for _ in 0..<10 { sum = sum.adding(tenth)! }
    #expect(sum == ExactDecimal(1))
    #expect(ExactDecimal("1.5")!.multiplied(by: ExactDecimal("1.5")!)!.description == "2.25")
    #expect(ExactDecimal(19).divided(by: ExactDecimal(119), scale: 4)!.description == "0.1597")
    #expect(ExactDecimal(-1).divided(by: ExactDecimal(8), scale: 2)!.description == "-0.13")
    #expect(ExactDecimal("1.50")! == ExactDecimal("1.5")!)
    #expect(Set([ExactDecimal("1.50")!, ExactDecimal("1.5")!]).count == 1)
    let huge = ExactDecimal(units: ExactDecimal.maxUnits / 2, scale: 0)
    #expect(huge.multiplied(by: ExactDecimal(3)) == nil)
  }

  @Test func currencies() {
    #expect(Currency(code: "eur")?.minorUnits == 2)
    #expect(Currency(code: "JPY")?.minorUnits == 0)
    #expect(Currency(code: "KWD")?.minorUnits == 3)
    #expect(Currency(code: "XYZ") == nil)
    #expect(Money(ExactDecimal("1234.565")!, Currency(code: "EUR")!).description == "EUR 1234.57")
  }
}
