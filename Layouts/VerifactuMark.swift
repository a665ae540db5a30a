import DataModel
import PageKit

/// The VERI*FACTU block at the top of a Spanish invoice: the AEAT's QR code (30 mm, error
/// correction M) with the legend "VERI*FACTU" and the sentence the order asks for.
public struct VerifactuMark: View {
  let record: VerifactuRecord
  let brand: Brand

  /// The side of the QR code: 30 mm, the smallest Orden HAC/1177/2024 art. 21 allows.
  static let side = 30 / 25.4 * 72.0

  public init(_ record: VerifactuRecord, brand: Brand) {
    self.record = record
    self.brand = brand
  }

  public var body: some View {
    VStack(alignment: .center, spacing: 2) {
      Text("QR tributario:").font(brand.font(6.5))
      QRCode(record.qrURL, errorCorrection: .medium, quietZone: 0).frame(width: Self.side, height: Self.side)
        .accessibilityLabel("VERI*FACTU QR code")
      Text("VERI*FACTU").font(brand.font(8, weight: .bold))
      Text("Factura verificable en la sede electrónica de la AEAT").font(brand.font(6))
        .multilineTextAlignment(.center)
        .frame(width: Self.side + 20)
    }
  }
}
