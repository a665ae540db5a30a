import Foundation

/// Saudi Arabia's invoice QR code (ZATCA, phase 1): five TLV fields in Base64.
///
/// Each field is a tag byte (1 the seller's name, 2 its VAT number, 3 the time stamp, 4 the total
/// with VAT, 5 the VAT), a length byte and the value's UTF-8 bytes, as the E-Invoicing Detailed
/// Technical Guidelines give them. The cryptographic stamp and the clearance of phase 2 are not made.
public enum ZATCACode {
  /// The Base64 TLV of the five fields, or nil when a value is longer than a length byte holds (255 bytes).
  public static func payload(
    seller: String, vatNumber: String, timestamp: String, total: String, vat: String
  ) -> String? {
    var bytes: [UInt8] = []
    for (tag, value) in [seller, vatNumber, timestamp, total, vat].enumerated() {
      let utf8 = Array(value.utf8)
      guard utf8.count <= 255 else { return nil }
      bytes += [UInt8(tag + 1), UInt8(utf8.count)] + utf8
    }
    return Data(bytes).base64EncodedString()
  }

  /// The code of `facts`' invoice: its seller's name and VAT number, its date of issue (the inputs
  /// carry no time of day: 00:00:00), its total with VAT and its VAT, without a credit note's sign;
  /// nil when the VAT number is not a Saudi one or a value does not fit.
  static func code(for facts: LegalFacts) -> VerificationCode? {
    let vatNumber = String(TaxIdentifier.compact(facts.seller.vatId ?? "").filter(\.isNumber))
    guard TaxIdentifier.isSaudiVATNumber(vatNumber) else { return nil }
    let totals = facts.invoice.totals
    let scale = facts.invoice.currency.minorUnits
    let date = facts.invoice.issueDate
    guard
      let payload = payload(
        seller: facts.seller.name, vatNumber: vatNumber,
        timestamp: String(format: "%04d-%02d-%02dT00:00:00Z", date.year, date.month, date.day),
        total: totals.grandTotal.amount.magnitude.rounded(toScale: scale).description,
        vat: totals.taxTotal.amount.magnitude.rounded(toScale: scale).description)
    else { return nil }
    return VerificationCode(payload: payload, heading: "", caption: "", label: "ZATCA QR code")
  }
}
