import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering
import Testing

/// Invoices from shop exports (issue 11): charges, allowances, money discounts and given tax on the page.
@Suite(.serialized) struct ShopInvoiceTests {
  static func invoice(locale: String, currency: String, givenTax: Bool) throws -> Invoice {
    var items = [
      LineItem(
        description: "Ceramic mug", quantity: ExactDecimal(3), unitPrice: ExactDecimal("18.00")!,
        taxRate: ExactDecimal(givenTax ? 0 : 19), discountAmount: ExactDecimal("4.00")!),
      LineItem(
        description: "Coffee beans 250 g", quantity: ExactDecimal(2), unitPrice: ExactDecimal("14.50")!,
        taxRate: ExactDecimal(givenTax ? 0 : 7)),
    ]
    items[1].sku = "BNS-ETH"
    return try Invoice(
      number: "S-1", issueDate: CalendarDate(year: 2026, month: 11, day: 2)!,
      currency: Currency(code: currency)!,
      customer: Party(
        name: "Linda Park",
        address: PostalAddress(
          street: "200 W 79th St", postcode: "10024", city: "New York", region: "NY", country: "US"
        ).lines(locale: Locale(identifier: locale))),
      items: items,
      allowancesCharges: [
        AllowanceCharge(.charge, amount: ExactDecimal("5.90")!, purpose: .shipping),
        AllowanceCharge(.allowance, amount: ExactDecimal("10")!, reason: "FALL10", purpose: .discount),
        AllowanceCharge(
          .charge, amount: ExactDecimal("1.50")!, reason: "Gift wrap",
          taxRate: givenTax ? nil : ExactDecimal(7)),
      ],
      givenTax: givenTax ? GivenTax(amount: ExactDecimal("6.01")!, name: "NY State Tax 4%") : nil,
      locale: locale)
  }

  static func render(_ invoice: Invoice) throws -> (text: String, png: Data) {
    let settings = InvoiceSettings(
      issuer: Issuer(
        seller: Party(name: "Sand & Ember Coffee Goods", address: ["410 Harbor Blvd", "Oakland, CA 94607"])),
      brand: Brand())
    let prepared = InvoiceLayout.document(for: invoice, settings: settings)
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: RenderResources())
    let folder = try TestSupport.temporaryFolder()
    try renderer.writePDF(to: folder + "/s.pdf")
    try renderer.writePNGs(scale: 0.6) { folder + "/page-\($0).png" }
    return (
      LanguageTests.normalize(try TestSupport.run("pdftotext", ["-layout", folder + "/s.pdf", "-"]).output),
      try Data(contentsOf: URL(fileURLWithPath: folder + "/page-1.png"))
    )
  }

  @Test func givenSalesTaxPrintsAsTheExportNamesIt() throws {
    let invoice = try ShopInvoiceTests.invoice(locale: "en-US", currency: "USD", givenTax: true)
    // 54.00 − 4.00 + 29.00 = 79.00; + 5.90 − 10.00 + 1.50 = 76.40; + 6.01 given tax.
    #expect(invoice.totals.grandTotal.amount.description == "82.41")
    let (text, png) = try ShopInvoiceTests.render(invoice)
    let lines = text.split(separator: "\n").map {
      $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    for expected in [
      "Items $79.00", "Shipping $5.90", "Discount (FALL10) -$10.00", "Gift wrap $1.50", "Subtotal $76.40",
      "NY State Tax 4% $6.01", "Total $82.41",
    ] {
      #expect(lines.contains { $0.hasSuffix(expected) }, "\(expected) in \(lines)")
    }
    #expect(lines.contains { $0.contains("-$4.00") }, "line discount in \(lines)")
    #expect(!lines.contains { $0.contains("19%") || $0.contains("VAT") })
    // The town and state in capitals, as USPS asks.
    #expect(text.contains("NEW YORK, NY 10024"))
    try GoldenImage.check(png, name: "shop-invoice-en-US")
  }

  @Test func chargesAreTaxedAtTheirRatesInTheVATSummary() throws {
    let invoice = try ShopInvoiceTests.invoice(locale: "de-DE", currency: "EUR", givenTax: false)
    // 19 %: 50.00 + 5.90 − 10.00 (main rate) = 45.90 → 8.72; 7 %: 29.00 + 1.50 = 30.50 → 2.14.
    #expect(invoice.totals.taxes.map(\.tax.amount.description) == ["2.14", "8.72"])
    #expect(invoice.totals.grandTotal.amount.description == "87.26")
    let (text, png) = try ShopInvoiceTests.render(invoice)
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for expected in [
      "Positionen 79,00 €", "Versand (19 %) 5,90 €", "Nachlass (FALL10, 19 %) -10,00 €",
      "Gift wrap (7 %) 1,50 €", "Gesamtbetrag 87,26 €",
    ] {
      #expect(flat.contains(expected), "\(expected) in \(flat)")
    }
    try GoldenImage.check(png, name: "shop-invoice-de-DE")
  }
}
