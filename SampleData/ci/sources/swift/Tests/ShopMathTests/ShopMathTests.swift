import ShopMath
import Testing

@Suite struct RoundingTests {
  @Test func halfGoesUp() { #expect(roundedCents(2345) == 235) }
  @Test func negativeHalfGoesDown() { #expect(roundedCents(-2345) == -235) }
  @Test func deliberatelyWrong() { #expect(roundedCents(1005) == 100, "shows a failure in the report") }
  @Test(.disabled("waiting for the currency table")) func currencies() {}
}
