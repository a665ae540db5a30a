import DataModel
import Testing

/// IBANs, creditor references and EPC QR payloads (issue 26).
@Suite struct PaymentCodeTests {
  @Test func ibanCheckDigitsAreChecked() {
    for valid in [
      "DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432", "CH93 0076 2011 6238 5295 7",
      "fr1420041010050500013m02606",
      "NL91ABNA0417164300", "BE68539007547034",
    ] {
      #expect(IBAN(valid) != nil, "\(valid)")
    }
    for invalid in [
      "DE89 3704 0044 0532 0130 01", "GB82WEST12345698765433", "CH93 0076 2011 6238 5295 8", "DE89",
      "DE89-3704-0044",
      "1234567890123456", "",
    ] {
      #expect(IBAN(invalid) == nil, "\(invalid)")
    }
    #expect(IBAN("de89370400440532013000")?.description == "DE89 3704 0044 0532 0130 00")
  }

  @Test func creditorReferencesCarryISO11649CheckDigits() {
    // ISO 11649's own example, and references made from invoice numbers.
    #expect(CreditorReference(checking: "RF18 5390 0754 7034")?.electronic == "RF18539007547034")
    #expect(CreditorReference(checking: "RF19 5390 0754 7034") == nil)
    #expect(CreditorReference(from: "539007547034")?.electronic == "RF18539007547034")
    #expect(CreditorReference(from: "INV-2026001")?.electronic == "RF10INV2026001")
    #expect(CreditorReference(from: "---") == nil)
    // Every reference made checks out.
    for number in ["A-1", "2026/0042", "RE 117", "x", String(repeating: "9", count: 30)] {
      let made = CreditorReference(from: number)
      #expect(made.flatMap { CreditorReference(checking: $0.electronic) } != nil, "\(number)")
    }
  }

  @Test func theEPCPayloadFollowsVersion002() throws {
    let iban = try #require(IBAN("DE89 3704 0044 0532 0130 00"))
    let amount = Money(ExactDecimal("18907.47")!, Currency(code: "EUR")!)
    let text = try EPCPayment.make(
      amount: amount, holder: "Northwind Software GmbH", iban: iban, bic: "COBADEFFXXX", reference: nil,
      text: "Invoice INV-2026001"
    ).get()
    #expect(
      text.payload
        == "BCD\n002\n1\nSCT\nCOBADEFFXXX\nNorthwind Software GmbH\nDE89370400440532013000\nEUR18907.47\n\n\nInvoice INV-2026001"
    )
    let structured = try EPCPayment.make(
      amount: amount, holder: "Northwind Software GmbH", iban: iban, bic: nil,
      reference: CreditorReference(from: "INV-2026001"), text: nil
    ).get()
    #expect(
      structured.payload
        == "BCD\n002\n1\nSCT\n\nNorthwind Software GmbH\nDE89370400440532013000\nEUR18907.47\n\nRF10INV2026001"
    )
    // The beneficiary is cut to 70 characters; other currencies and nothing to pay are refused.
    let long = try EPCPayment.make(
      amount: amount, holder: String(repeating: "Ä", count: 90), iban: iban, bic: nil, reference: nil,
      text: nil
    ).get()
    #expect(long.payload.split(separator: "\n", omittingEmptySubsequences: false)[5].count == 70)
    #expect(
      EPCPayment.make(
        amount: Money(ExactDecimal(10), Currency(code: "CHF")!), holder: "X", iban: iban, bic: nil,
        reference: nil,
        text: nil) == .failure(.currency("CHF")))
    #expect(
      (try? EPCPayment.make(
        amount: Money(.zero, Currency(code: "EUR")!), holder: "X", iban: iban, bic: nil, reference: nil,
        text: nil
      ).get()) == nil)
  }
}
