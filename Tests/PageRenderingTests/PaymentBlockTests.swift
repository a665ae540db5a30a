import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering
import Testing

/// The payment block with its EPC QR code (issue 26), as a golden image.
@Suite(.serialized) struct PaymentBlockTests {
  @Test func theEPCPaymentBlockMatchesItsGolden() throws {
    var settings = InvoiceSettings(
      issuer: Issuer(
        seller: Party(name: "Northwind Software GmbH", address: ["Friedrichstraße 123", "10117 Berlin"]),
        bank: BankAccount(
          holder: "Northwind Software GmbH", bankName: "Berliner Bank", iban: "DE89 3704 0044 0532 0130 00",
          bic: "COBADEFFXXX")))
    settings.issuer.paymentCode = .epc
    let invoice = try EnvelopeWindowTests.invoice()
    #expect(settings.issuer.epcPayment(for: invoice) != nil)
    let prepared = InvoiceLayout.document(for: invoice, settings: settings)
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: RenderResources())
    let folder = try TestSupport.temporaryFolder()
    try renderer.writePNGs(scale: 0.8) { folder + "/page-\($0).png" }
    try GoldenImage.check(
      try Data(contentsOf: URL(fileURLWithPath: folder + "/page-1.png")), name: "invoice-epc")
    // The code is one filled path of merged module runs, not a rectangle per module.
    let code = QRCode("BCD\n002\n1\nSCT\n\nX\nDE89370400440532013000\nEUR1.00", errorCorrection: .medium)
    let matrix = try #require(code.matrix)
    let modules = matrix.dark.filter { $0 }.count
    var runs = 0
    for y in 0..<matrix.size {
      for x in 0..<matrix.size where matrix[x, y] && (x == 0 || !matrix[x - 1, y]) { runs += 1 }
    }
    #expect(runs < modules * 2 / 3, "\(runs) runs for \(modules) modules")
  }

  @Test func aSwissQRBillPageMatchesItsGolden() throws {
    var seller = Party(name: "Alpenblick Software AG")
    seller.postalAddress = PostalAddress(
      street: "Seestrasse 5", postcode: "8002", city: "Zürich", country: "CH")
    var settings = InvoiceSettings(
      issuer: Issuer(
        seller: seller,
        bank: BankAccount(holder: "Alpenblick Software AG", iban: "CH44 3199 9123 0008 8901 2")))
    settings.issuer.paymentCode = .swiss
    var invoice = try EnvelopeWindowTests.invoice()
    invoice = try Invoice(
      number: invoice.number, issueDate: invoice.issueDate, currency: Currency(code: "CHF")!,
      customer: Party(
        name: "Huber Holz AG", address: ["Dorfstrasse 7", "3012 Bern"],
        postalAddress: PostalAddress(street: "Dorfstrasse 7", postcode: "3012", city: "Bern", country: "CH")),
      items: invoice.items, locale: "de-CH")
    guard case .success(let bill)? = settings.issuer.swissQRBill(for: invoice) else {
      Issue.record("no bill")
      return
    }
    #expect(bill.referenceType == "QRR")
    let prepared = InvoiceLayout.document(for: invoice, settings: settings)
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: RenderResources())
    let folder = try TestSupport.temporaryFolder()
    // The invoice is short: the strip is at the bottom of its one page.
    #expect(try renderer.writePNGs(scale: 0.8) { folder + "/page-\($0).png" } == 1)
    try GoldenImage.check(try Data(contentsOf: URL(fileURLWithPath: folder + "/page-1.png")), name: "qr-bill")
  }
}
