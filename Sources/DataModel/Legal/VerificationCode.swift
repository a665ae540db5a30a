import Foundation

/// A code the law asks an invoice to carry so that anyone can check it with the tax authority:
/// what the QR code holds, with the words printed above and below it.
///
/// Poland's KSeF asks for QR code I on every copy of an FA(3) invoice handed over outside KSeF:
/// the verification link, with the invoice's KSeF number under it ("OFFLINE" while it has none).
public struct VerificationCode: Sendable, Hashable {
  /// What the QR code encodes.
  public var payload: String
  /// The line above the code.
  public var heading: String
  /// The line under the code.
  public var caption: String
  /// What a screen reader says for the code.
  public var label: String

  public init(payload: String, heading: String, caption: String, label: String) {
    self.payload = payload
    self.heading = heading
    self.caption = caption
    self.label = label
  }

  /// The base of KSeF's verification links in production (the ministry's `qr.ksef.mf.gov.pl`).
  public static let ksefBase = "https://qr.ksef.mf.gov.pl"

  /// KSeF's QR code I for an FA(3) file: the link `BASE/invoice/NIP/DD-MM-YYYY/HASH`, where HASH
  /// is the SHA-256 of the file's bytes (`sha256`, 32 bytes) in base64url without padding; under it
  /// the KSeF number, or "OFFLINE" when the invoice has none yet.
  public static func ksef(
    sellerNIP: String, issueDate: CalendarDate, sha256: [UInt8], ksefNumber: String?, base: String = ksefBase
  ) -> VerificationCode {
    let hash = Data(sha256).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    let nip = sellerNIP.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? sellerNIP
    let date = String(format: "%02d-%02d-%04d", issueDate.day, issueDate.month, issueDate.year)
    return VerificationCode(
      payload: "\(base)/invoice/\(nip)/\(date)/\(hash)", heading: "KSeF",
      caption: ksefNumber ?? "OFFLINE", label: "KSeF verification code (QR code I)")
  }

  /// The KSeF number in a file's name (the convention: an invoice fetched from KSeF saved under its number), or nil.
  public static func ksefNumber(inFileName name: String) -> String? {
    let stem = (name as NSString).lastPathComponent
    let pattern = #/([1-9]\d{9}|M\d{9}|[A-Z]{3}\d{7})-\d{8}-[0-9A-F]{6}-?[0-9A-F]{6}-[0-9A-F]{2}/#
    guard let match = stem.firstMatch(of: pattern) else { return nil }
    let number = String(match.output.0)
    return TaxIdentifier.isKSeFNumber(number) ? number : nil
  }
}
