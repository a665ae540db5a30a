import DataModel
import Testing

/// The text `--skip-unchanged` hashes: every field that changes the document, nothing that does not.
@Suite struct CanonicalEncodingTests {
  static func invoice(
    number: String = "A-1", sku: String? = "SKU-1", quantity: String = "2", line: Int = 2,
    address: [String] = ["Main St 1", "Berlin"]
  ) throws -> Invoice {
    try Invoice(
      number: number, issueDate: CalendarDate(year: 2026, month: 3, day: 1)!,
      currency: Currency(code: "EUR")!,
      customer: Party(name: "Müller\nGmbH", address: address),
      items: [
        LineItem(
          description: "Beratung", quantity: ExactDecimal(quantity)!, unitPrice: ExactDecimal("10.50")!,
          taxRate: ExactDecimal(19), sku: sku, line: line)
      ], source: SourceLocation(file: "orders.csv", line: line))
  }

  @Test func theEncodingIsTheDocumentedText() throws {
    let expected = """
      invoicegen-invoice-v3
      number:3:A-1
      issueDate:10:2026-03-01
      dueDate:-
      currency:3:EUR
      customer.name:12:Müller
      GmbH
      customer.address:1:2
      customer.address.line:9:Main St 1
      customer.address.line:6:Berlin
      customer.email:-
      customer.vatId:-
      customer.id:-
      customer.postal.street:-
      customer.postal.street2:-
      customer.postal.postcode:-
      customer.postal.city:-
      customer.postal.region:-
      customer.postal.country:-
      customer.electronicAddress:-
      customer.companyId:-
      locale:-
      notes:-
      purchaseOrder:-
      pricesIncludeTax:5:false
      taxExemptionReason:-
      precedingInvoice:-
      buyerReference:-
      deliveryDate:-
      precedingInvoiceDate:-
      precedingInvoiceKSeFNumber:-
      delivery.street:-
      delivery.postcode:-
      delivery.city:-
      delivery.country:-
      operationNature:-
      splitPayment:5:false
      exchangeRate:-
      billingPeriod:-
      givenTax.amount:-
      givenTax.name:-
      allowancesCharges:1:0
      items:1:1
      item.description:8:Beratung
      item.quantity:1:2
      item.unitPrice:5:10.50
      item.taxRate:2:19
      item.discount:1:0
      item.discountAmount:1:0
      item.taxCategory:-
      item.sku:5:SKU-1
      item.unit:-

      """
    #expect(try CanonicalEncodingTests.invoice().canonicalEncoding == expected)
  }

  @Test func contentChangesTheEncodingAndTheSourceLineDoesNot() throws {
    let base = try CanonicalEncodingTests.invoice().canonicalEncoding
    #expect(try CanonicalEncodingTests.invoice(line: 40).canonicalEncoding == base)
    #expect(try CanonicalEncodingTests.invoice(sku: "SKU-2").canonicalEncoding != base)
    #expect(try CanonicalEncodingTests.invoice(sku: nil).canonicalEncoding != base)
    #expect(try CanonicalEncodingTests.invoice(quantity: "3").canonicalEncoding != base)
    // Two address lines are not one line with a break in it.
    #expect(
      try CanonicalEncodingTests.invoice(address: ["Main St 1\nBerlin"]).canonicalEncoding
        != CanonicalEncodingTests.invoice(address: ["Main St 1", "Berlin"]).canonicalEncoding)
  }
}
