import DataModel
import Foundation
import Testing

/// Poland's identifiers and KSeF's QR code I, computed by hand from their definitions.
struct KSeFVerificationTests {
  @Test func nipsPassTheirCheckDigit() {
    #expect(TaxIdentifier.isPolishNIP("5261040828"))
    #expect(TaxIdentifier.isPolishNIP("PL 526-104-08-28"))
    #expect(!TaxIdentifier.isPolishNIP("5261040829"))
    #expect(!TaxIdentifier.isPolishNIP("0261040828"))
    #expect(!TaxIdentifier.isPolishNIP("526104082"))
  }

  @Test func ksefNumbersHaveTheirForm() {
    #expect(TaxIdentifier.isKSeFNumber("5261040828-20260302-0A1B2C-3D4E5F-A7"))
    #expect(TaxIdentifier.isKSeFNumber("5261040828-20260302-0A1B2C3D4E5F-A7"))
    #expect(!TaxIdentifier.isKSeFNumber("5261040828-20261302-0A1B2C-3D4E5F-A7"))
    #expect(!TaxIdentifier.isKSeFNumber("5261040828-20260302-0a1b2c-3d4e5f-a7"))
    #expect(
      VerificationCode.ksefNumber(inFileName: "/in/5261040828-20260302-0A1B2C3D4E5F-A7.xml")
        == "5261040828-20260302-0A1B2C3D4E5F-A7")
    #expect(VerificationCode.ksefNumber(inFileName: "/5261040828-20260302-0A1B2C3D4E5F-A7/FV_1.xml") == nil)
  }

  /// The link of the SHA-256 of "abc" (FIPS 180-2's test vector), in base64url without padding.
  @Test func qrCodeOneIsTheLinkOfTheFilesHash() {
    let digest: [UInt8] = [
      0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
      0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
    ]
    let code = VerificationCode.ksef(
      sellerNIP: "5261040828", issueDate: CalendarDate(year: 2026, month: 3, day: 2)!, sha256: digest,
      ksefNumber: nil)
    #expect(
      code.payload
        == "https://qr.ksef.mf.gov.pl/invoice/5261040828/02-03-2026/ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"
    )
    #expect(code.caption == "OFFLINE")
  }
}
