import Foundation
import Testing

@testable import PageRendering

/// The finishing pass reads and writes page-content numbers without `strtod` and `snprintf` on its
/// fast path; every result must be theirs, bit for bit and byte for byte, or the files change.
@Suite struct PDFNumbersTests {
  /// `%.6f` of `value` as cairo trims it: no trailing zeros, no point without decimals, no `-0`.
  static func cairoText(_ value: Double) -> String {
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" || text.isEmpty ? "0" : text
  }

  /// Values like the pass's moves: page coordinates with noise in the last bits, and exact ties of the seventh decimal.
  static func samples(count: Int) -> [Double] {
    var generator = SeededGenerator(seed: 34)
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1e-7, -1e-7, 5e-7, -5e-7, 2.5e-7, 1.0000005, 999_999_999.5, 1e9, -3e12,
    ]
    for _ in 0..<count {
      let coordinate = Double(generator.next() % 1_700_000) / 1000 - 850
      let noise = Double(Int64(bitPattern: generator.next()) % 1000) * 1e-12
      values.append(coordinate + noise)
      // A tie of the seventh decimal, as near as a double comes to it, and its neighbours a few bits away.
      var tie = (Double(generator.next() % 20_000_000) + 0.5) / 1e6 - 10
      for _ in 0..<3 {
        values += [tie, tie.nextUp, tie.nextDown]
        tie = tie.nextUp.nextUp
      }
      values.append(Double(bitPattern: generator.next() >> 2).truncatingRemainder(dividingBy: 1e10))
    }
    return values.filter(\.isFinite)
  }

  @Test func decimalsAreSnprintfsTextAndReadBackAsStrtodReadsIt() {
    for value in Self.samples(count: 20_000) {
      let (text, written) = PDFFinishingPass.decimal(value)
      #expect(text == Self.cairoText(value), "value \(value)")
      #expect(written == strtod(text, nil), "value \(value), text \(text)")
    }
  }

  @Test func numbersReadAsStrtodReadsThem() {
    var tokens = [
      "0", "-0", "+1", ".5", "-.25", "5.", "12.345678", "-850.000001", "123456789012345", "1234567890123456",
    ]
    tokens += ["0.1000000000000000055511151231257827", "1e5", "007", "3.14159265358979", "-0.000001"]
    for value in Self.samples(count: 2000) { tokens.append(Self.cairoText(value)) }
    for token in tokens {
      #expect(
        PDFFinishingPass.number(token).map { $0.bitPattern } == strtod(token, nil).bitPattern,
        "token \(token)")
    }
  }

  @Test func tokensThatAreNoNumberAreRefused() {
    for token in ["", "-", ".", "1.2.3", "12a", "--1", "Tm"] {
      #expect(PDFFinishingPass.number(token) == nil, "token \(token)")
    }
  }
}

/// A small seeded generator (SplitMix64), so the samples are the same in every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
