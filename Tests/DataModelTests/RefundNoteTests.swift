import DataModel
import Foundation
import Testing

/// Credit notes for the refunded part of partly refunded orders (issue 25).
@Suite struct RefundNoteTests {
  static let csv = """
    order,date,customer,currency,item,qty,price,tax_rate,status,refunded_amount,locale,buyer_reference,delivery_date
    R-1,2026-03-01,Ann,EUR,Mug,1,100.00,19,partially_refunded,50.00,de-DE,04011000-1,2026-02-27
    R-1,,,,Book,1,100.00,7,,,,,
    R-2,2026-03-01,Ann,EUR,Mug,1,10.00,19,paid,,de-DE,,
    R-3,2026-03-01,Ann,EUR,Mug,1,10.00,19,partially_refunded,20.00,de-DE,,

    """

  func run(_ options: ImportOptions) -> InvoiceImport {
    OrdersCSVImporter(options: options).importBytes(
      Array(Self.csv.utf8), name: "orders.csv", chunkSize: 1 << 16)
  }

  @Test func aPartRefundIsSplitOverTheRatesAndAddsUpExactly() throws {
    var options = ImportOptions()
    options.refunds = .creditNote
    let result = run(options)
    #expect(result.invoices.map(\.number) == ["R-1", "R-1-CN", "R-2", "R-3"])
    let note = result.invoices[1]
    #expect(note.isCreditNote)
    #expect(note.precedingInvoice == "R-1")
    #expect(note.buyerReference == "04011000-1" && note.deliveryDate == result.invoices[0].deliveryDate)
    #expect(note.items.map(\.description) == ["Teilerstattung", "Teilerstattung"])
    // 50.00 of 226.00 (107.00 at 7 %, 119.00 at 19 %): 23.67 and 26.33 with their rate's tax, net prices
    // (as e-invoices want them) 22.12 + 1.55 and 22.13 + 4.20.
    #expect(!note.pricesIncludeTax)
    #expect(note.items.map(\.unitPrice.description) == ["22.12", "22.13"])
    #expect(note.totals.taxes.map(\.gross.amount.description) == ["-23.67", "-26.33"])
    #expect(note.totals.grandTotal.amount.description == "-50.00")
    #expect(
      note.totals.taxes.map { "\($0.rate!.trimmedDescription) \($0.tax.amount)" } == ["7 -1.55", "19 -4.20"])
    // A refund larger than the total makes no credit note and says why.
    #expect(
      result.diagnostics.map(\.message).contains {
        $0.contains("\"R-3\" was partly refunded (EUR 20.00), but no credit note is written")
          && $0.contains("more than the invoice's total 11.90")
      }, "\(result.diagnostics)")
  }

  @Test func withoutTheCreditNotePolicyTheRefundIsWarnedAbout() throws {
    let result = run(ImportOptions())
    #expect(result.invoices.map(\.number) == ["R-1", "R-2", "R-3"])
    #expect(result.diagnostics.filter { $0.message.contains("no document shows the refund") }.count == 2)
  }

  @Test func aGivenTaxIsRefundedInItsShare() throws {
    let invoice = try Invoice(
      number: "#1005", issueDate: CalendarDate(year: 2026, month: 11, day: 4)!,
      currency: Currency(code: "USD")!,
      customer: Party(name: "Anna Novak"),
      items: [
        LineItem(
          description: "Scale", quantity: ExactDecimal(1), unitPrice: ExactDecimal("98.00")!, taxRate: .zero)
      ],
      givenTax: GivenTax(amount: ExactDecimal("7.11")!, name: "CA State Tax 7.25%"), locale: "en-US")
    let note = try RefundNote.make(for: invoice, refunded: ExactDecimal("48.26")!).get()
    // 48.26 × 7.11 / 105.11 = 3.264…: 45.00 net and 3.26 tax, as the order's note says ("refunded 45 + tax").
    #expect(note.items.map(\.unitPrice.description) == ["45.00"])
    #expect(note.givenTax?.amount.description == "-3.26")
    #expect(note.totals.grandTotal.amount.description == "-48.26")
    #expect(note.items.first?.description == "Partial refund")
  }

  @Test func everyRefundAddsUpToTheCentWithNetPrices() throws {
    // Rounding the tax skips a gross cent now and then (at 19 %, no net price makes some amounts): such a
    // part gives its cent to the other rate. Every refund from 0.01 to 20.00 of a 7 % / 19 % invoice.
    let invoice = try Invoice(
      number: "R-9", issueDate: CalendarDate(year: 2026, month: 3, day: 1)!, currency: Currency(code: "EUR")!,
      customer: Party(name: "Ann"),
      items: [
        LineItem(
          description: "Mug", quantity: ExactDecimal(1), unitPrice: ExactDecimal(100),
          taxRate: ExactDecimal(19)),
        LineItem(
          description: "Book", quantity: ExactDecimal(1), unitPrice: ExactDecimal(100),
          taxRate: ExactDecimal(7)),
      ])
    var unreachable = 0
    for cents in 1...2000 {
      let refunded = ExactDecimal.exactly(units: Int128(cents), scale: 2)!
      let parts = try #require(
        RefundNote.split(refunded, weights: invoice.totals.taxes.map(\.gross.amount), digits: 2))
      if zip(parts, invoice.totals.taxes).contains(where: {
        RefundNote.net(reaching: $0, rate: $1.rate!, digits: 2) == nil
      }) {
        unreachable += 1
      }
      let note = try RefundNote.make(for: invoice, refunded: refunded).get()
      #expect(note.totals.grandTotal.amount == refunded.negated, "\(refunded): \(note.totals.taxes)")
      #expect(!note.pricesIncludeTax)
    }
    #expect(unreachable > 0, "some refund must need the cent moved, or this test proves nothing about it")
  }

  @Test func aRefundNoNetPriceReachesAtOneRateIsRefusedWithTheReason() throws {
    let invoice = try Invoice(
      number: "R-8", issueDate: CalendarDate(year: 2026, month: 3, day: 1)!, currency: Currency(code: "EUR")!,
      customer: Party(name: "Ann"),
      items: [
        LineItem(
          description: "Mug", quantity: ExactDecimal(1), unitPrice: ExactDecimal(100),
          taxRate: ExactDecimal(19))
      ])
    let refunded = try #require(
      (1...2000).lazy.map { ExactDecimal.exactly(units: Int128($0), scale: 2)! }.first {
        RefundNote.net(reaching: $0, rate: ExactDecimal(19), digits: 2) == nil
      })
    #expect(
      RefundNote.make(for: invoice, refunded: refunded)
        == .failure(.noNetPrice(gross: refunded, rate: ExactDecimal(19))))
  }

  @Test func splitsAddUpWhateverTheRounding() {
    let weights = ["1", "1", "1"].map { ExactDecimal($0)! }
    let parts = RefundNote.split(ExactDecimal("100.00")!, weights: weights, digits: 2)
    #expect(parts?.map(\.description) == ["33.34", "33.33", "33.33"])
  }
}
