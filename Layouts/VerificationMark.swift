import DataModel
import PageKit

/// A verification code at the end of the invoice's title: the QR code (30 mm, error correction M)
/// between its heading and its caption, as KSeF's QR code I with the KSeF number under it, or
/// Saudi Arabia's ZATCA code alone.
public struct VerificationMark: View {
  let code: VerificationCode
  let brand: Brand

  /// The side of the QR code: 30 mm, as VERI*FACTU's, which scanners read from paper at arm's length.
  static let side = 30 / 25.4 * 72.0

  public init(_ code: VerificationCode, brand: Brand) {
    self.code = code
    self.brand = brand
  }

  public var body: some View {
    VStack(alignment: .center, spacing: 2) {
      if !code.heading.isEmpty { Text(code.heading).font(brand.font(7, weight: .bold)) }
      QRCode(code.payload, errorCorrection: .medium, quietZone: 0).frame(width: Self.side, height: Self.side)
        .accessibilityLabel(code.label)
      if !code.caption.isEmpty { Text(code.caption).font(brand.font(6.5)) }
    }
  }
}
