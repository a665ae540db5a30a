import DataModel
import Foundation
import Testing

/// Credit notes for the refunded part of partly refunded orders (issue 25).
@Suite struct RefundNoteTests {
  static let csv = """
    order,date,customer,currency,item,qty,price,tax_rate,status,refunded_amount,locale
    R-1,2026-03-01,Ann,EUR,Mug,1,100.00,19,partially_refunded,50.00,de-DE
    R-1,,,,Book,1,100.00,7,,,
    R-2,2026-03-01,Ann,EUR,Mug,1,10.00,19,paid,,de-DE
    R-3,2026-03-01,Ann,EUR,Mug,1,10.00,19,partially_refunded,20.00,de-DE

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
    #expect(note.items.map(\.description) == ["Teilerstattung", "Teilerstattung"])
    // 50.00 of 226.00 (107.00 at 7 %, 119.00 at 19 %): 23.67 and 26.33, each with its rate's tax inside.
    #expect(note.items.map(\.unitPrice.description) == ["23.67", "26.33"])
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

  @Test func splitsAddUpWhateverTheRounding() {
    let weights = ["1", "1", "1"].map { ExactDecimal($0)! }
    let parts = RefundNote.split(ExactDecimal("100.00")!, weights: weights, digits: 2)
    #expect(parts?.map(\.description) == ["33.34", "33.33", "33.33"])
  }
}
