import DataModel
import Foundation
import Testing

@Suite struct TotalsTests {
  func item(_ quantity: String, _ price: String, rate: String = "19", discount: String = "0") -> LineItem {
    LineItem(
      description: "x", quantity: ExactDecimal(quantity)!, unitPrice: ExactDecimal(price)!,
      taxRate: ExactDecimal(rate)!,
      discount: ExactDecimal(discount)!)
  }

  func totals(_ items: [LineItem], _ code: String = "EUR", gross: Bool = false) throws -> InvoiceTotals {
    try InvoiceTotals.compute(items: items, currency: Currency(code: code)!, pricesIncludeTax: gross).get()
  }

  @Test func threeTimesThirtyThreePointThreeThreeThreeAtNineteenPercent() throws {
    let result = try totals([item("3", "33.333")])
    #expect(result.lineAmounts.map(\.amount.description) == ["100.00"])
    #expect(result.taxes.map(\.tax.amount.description) == ["19.00"])
    #expect(result.grandTotal.description == "EUR 119.00")
  }

  @Test func runningTotalsAreTheExactPartialSums() throws {
    let result = try totals([item("1", "10.005", rate: "7"), item("2", "0.10"), item("-1", "5")])
    #expect(result.runningTotals.map(\.amount.description) == ["10.01", "10.21", "5.21"])
  }

  @Test func aRunningTotalThatOverflowsFailsTheInvoiceEvenWhenTheTotalFits() throws {
    // 120 lines of 6e33 yen at two rates (each rate's sum fits), then 120 lines back to zero: the
    // grand total is 0, but "carried forward" after line 110 could not be printed exactly.
    let big = "60000000000000000"
    let price = "100000000000000000"
    let up = (0..<120).map { item(big, price, rate: $0 % 2 == 0 ? "7" : "19") }
    let down = (0..<120).map { item("-" + big, price, rate: $0 % 2 == 0 ? "7" : "19") }
    #expect(throws: InvoiceTotals.Failure.overflow) { try totals(up + down, "JPY") }
    // The same lines in an order whose partial sums stay small are fine.
    let interleaved = zip(up, down).flatMap { [$0, $1] }
    #expect(try totals(interleaved, "JPY").grandTotal.amount.isZero)
  }

  @Test func halfUpAtHalfACent() throws {
    #expect(try totals([item("1", "0.005", rate: "0")]).grandTotal.amount.description == "0.01")
    #expect(try totals([item("-1", "0.005", rate: "0")]).grandTotal.amount.description == "-0.01")
    // 0.125 net at 10 %: tax 0.0125 → 0.01; line 0.125 → 0.13.
    let result = try totals([item("1", "0.125", rate: "10")])
    #expect(result.subtotal.amount.description == "0.13")
    #expect(result.taxTotal.amount.description == "0.01")
  }

  @Test func yenHasNoMinorUnits() throws {
    let result = try totals([item("3", "333.5", rate: "10")], "JPY")
    #expect(result.subtotal.amount.description == "1001")
    #expect(result.taxTotal.amount.description == "100")
    #expect(result.grandTotal.amount.description == "1101")
  }

  @Test func kuwaitiDinarHasThree() throws {
    let result = try totals([item("2", "1.2345", rate: "5")], "KWD")
    #expect(result.subtotal.amount.description == "2.469")
    #expect(result.taxTotal.amount.description == "0.123")
    #expect(result.grandTotal.amount.description == "2.592")
  }

  @Test func mixedRatesAreTaxedPerRate() throws {
    let result = try totals([
      item("1", "10.00", rate: "19"), item("2", "5.00", rate: "7"), item("1", "0.10", rate: "19"),
    ])
    #expect(result.taxes.map(\.rate!.trimmedDescription) == ["7", "19"])
    #expect(result.taxes.map(\.net.amount.description) == ["10.00", "10.10"])
    #expect(result.taxes.map(\.tax.amount.description) == ["0.70", "1.92"])
    #expect(result.grandTotal.amount.description == "22.72")
  }

  @Test func discountsApplyBeforeRounding() throws {
    let result = try totals([item("10", "9.99", rate: "19", discount: "15")])
    #expect(result.lineAmounts[0].amount.description == "84.92")
  }

  @Test func negativeTotalsAreCreditNotes() throws {
    let invoice = try Invoice(
      number: "CN-1", issueDate: CalendarDate(year: 2026, month: 3, day: 1)!,
      currency: Currency(code: "EUR")!,
      customer: Party(name: "A"), items: [item("-2", "50.00")])
    #expect(invoice.totals.grandTotal.amount.description == "-119.00")
    #expect(invoice.isCreditNote)
  }

  @Test func grossPricesExtractTheTax() throws {
    let result = try totals([item("1", "119.00"), item("1", "10.70", rate: "7")], gross: true)
    #expect(result.taxes.map(\.tax.amount.description) == ["0.70", "19.00"])
    #expect(result.taxes.map(\.net.amount.description) == ["10.00", "100.00"])
    #expect(result.grandTotal.amount.description == "129.70")
    #expect(result.subtotal.amount.description == "110.00")
  }

  /// A small deterministic generator, so a failing case can be reproduced.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// Rounds with Foundation's Decimal, half away from zero: an independent oracle for the rules.
  func oracle(_ value: Decimal, _ scale: Int) -> Decimal {
    var input = value
    var output = Decimal()
    NSDecimalRound(&output, &input, scale, .plain)
    return output
  }

  @Test(arguments: 0..<40)
  func totalsIdentitiesHoldForRandomInvoices(seed: Int) throws {
    var random = Generator(state: UInt64(seed) &+ 12345)
    let codes = ["EUR", "JPY", "KWD", "USD"]
    let code = codes[random.next(codes.count)]
    let gross = random.next(2) == 1
    let rates = ["0", "7", "19", "5.5", "20"]
    let items = (0..<(1 + random.next(12))).map { _ in
      item(
        "\(random.next(200) - 40).\(random.next(1000))", "\(random.next(5000)).\(random.next(1_000_000))",
        rate: rates[random.next(rates.count)], discount: "\(random.next(4) == 0 ? random.next(50) : 0)")
    }
    let result = try totals(items, code, gross: gross)
    let minor = Currency(code: code)!.minorUnits
    func decimal(_ value: ExactDecimal) -> Decimal { Decimal(string: value.description)! }
    // Every line amount follows the rule, recomputed with Foundation's Decimal.
    for (line, amount) in zip(items, result.lineAmounts) {
      let exact = decimal(line.quantity) * decimal(line.unitPrice) * (100 - decimal(line.discount)) / 100
      #expect(decimal(amount.amount) == oracle(exact, minor))
    }
    var subtotal = Decimal(0)
    var taxTotal = Decimal(0)
    for tax in result.taxes {
      let base = items.indices.filter { items[$0].taxRate == tax.rate }.map {
        decimal(result.lineAmounts[$0].amount)
      }
      .reduce(0, +)
      let rate = decimal(tax.rate!)
      if gross {
        #expect(decimal(tax.tax.amount) == oracle(base * rate / (100 + rate), minor))
        #expect(decimal(tax.net.amount) + decimal(tax.tax.amount) == base)
      } else {
        #expect(decimal(tax.tax.amount) == oracle(base * rate / 100, minor))
        #expect(decimal(tax.net.amount) == base)
      }
      subtotal += decimal(tax.net.amount)
      taxTotal += decimal(tax.tax.amount)
    }
    #expect(decimal(result.subtotal.amount) == subtotal)
    #expect(decimal(result.taxTotal.amount) == taxTotal)
    #expect(decimal(result.grandTotal.amount) == subtotal + taxTotal)
    let lines = result.lineAmounts.map { decimal($0.amount) }.reduce(0, +)
    #expect(gross ? decimal(result.grandTotal.amount) == lines : decimal(result.subtotal.amount) == lines)
  }
}
