import DataModel
import Foundation
import PageKit

/// The payment part and receipt of a Swiss QR-bill: a 210 × 105 mm strip, as the Swiss
/// Implementation Guidelines for the QR-bill (version 2.3) lay it out.
///
/// Receipt 62 mm wide, payment part 148 mm, separated by lines with a scissors symbol; the 46 × 46 mm
/// Swiss QR Code 5 mm into the payment part, 17 mm from the top, with the 7 × 7 mm Swiss cross at
/// its centre; Liberation Sans; headings in German, French, Italian or English. Every block sits
/// at its fixed place (millimetres from the strip's top-left corner).
public struct SwissQRBillView: View {
  let bill: SwissQRBill
  let language: String

  static let width = EnvelopeWindow.mm(210)
  /// The strip's height: 105 mm.
  public static let height = EnvelopeWindow.mm(105)

  /// The payment part and receipt of `bill`, headed in `language` (de, fr, it, else en).
  public init(bill: SwissQRBill, language: String) {
    self.bill = bill
    self.language = language
  }

  /// The fixed texts of the bill in its language (de, fr, it, else en).
  struct Words {
    let receipt, paymentPart, account, reference, information, payableBy, currency, amount, acceptance: String
    /// "Payable by" when the payer is not known: a box is left to write in.
    let payableByBlank: String

    init(language: String) {
      switch language {
      case "de":
        (receipt, paymentPart, account, reference) = (
          "Empfangsschein", "Zahlteil", "Konto / Zahlbar an", "Referenz"
        )
        (information, payableBy, currency, amount) = (
          "Zusätzliche Informationen", "Zahlbar durch", "Währung", "Betrag"
        )
        acceptance = "Annahmestelle"
        payableByBlank = "Zahlbar durch (Name/Adresse)"
      case "fr":
        (receipt, paymentPart, account, reference) = (
          "Récépissé", "Section paiement", "Compte / Payable à", "Référence"
        )
        (information, payableBy, currency, amount) = (
          "Informations supplémentaires", "Payable par", "Monnaie", "Montant"
        )
        acceptance = "Point de dépôt"
        payableByBlank = "Payable par (nom/adresse)"
      case "it":
        (receipt, paymentPart, account, reference) = (
          "Ricevuta", "Sezione pagamento", "Conto / Pagabile a", "Riferimento"
        )
        (information, payableBy, currency, amount) = (
          "Informazioni supplementari", "Pagabile da", "Valuta", "Importo"
        )
        acceptance = "Punto di accettazione"
        payableByBlank = "Pagabile da (nome/indirizzo)"
      default:
        (receipt, paymentPart, account, reference) = (
          "Receipt", "Payment part", "Account / Payable to", "Reference"
        )
        (information, payableBy, currency, amount) = (
          "Additional information", "Payable by", "Currency", "Amount"
        )
        acceptance = "Acceptance point"
        payableByBlank = "Payable by (name/address)"
      }
    }
  }

  public var body: some View {
    let words = Words(language: language)
    return ZStack(alignment: .topLeading) {
      separators
      receipt(words)
      paymentPart(words)
    }
    .frame(width: SwissQRBillView.width, height: SwissQRBillView.height, alignment: .topLeading)
    .foregroundColor(Color.black)
  }

  /// A block placed `x`, `y` millimetres from the strip's top-left corner, `width` millimetres wide.
  func place(_ x: Double, _ y: Double, width: Double, @ViewBuilder _ content: () -> some View) -> some View {
    VStack(alignment: .leading, spacing: 0) { content() }
      .frame(width: EnvelopeWindow.mm(width), alignment: .topLeading)
      .offset(x: EnvelopeWindow.mm(x), y: EnvelopeWindow.mm(y))
  }

  func font(_ size: CGFloat, bold: Bool = false) -> Font {
    Font(family: "Liberation Sans", size: size, weight: bold ? .bold : .regular)
  }

  /// The lines above the strip and between receipt and payment part, with scissors on each.
  var separators: some View {
    ZStack(alignment: .topLeading) {
      Canvas { context, _ in
        let black = GraphicsContext.Shading.color(Color.black)
        context.fill(Path(CGRect(x: 0, y: 0, width: SwissQRBillView.width, height: 0.3)), with: black)
        context.fill(
          Path(CGRect(x: EnvelopeWindow.mm(62) - 0.15, y: 0, width: 0.3, height: SwissQRBillView.height)),
          with: black)
      }
      .frame(width: SwissQRBillView.width, height: SwissQRBillView.height)
      Text("✂").font(Font(family: "DejaVu Sans", size: 9)).offset(x: EnvelopeWindow.mm(5), y: -5.5)
      Text("✂").font(Font(family: "DejaVu Sans", size: 9)).offset(
        x: EnvelopeWindow.mm(62) - 4.3, y: EnvelopeWindow.mm(4))
    }
    .accessibilityHidden(true)
  }

  /// The receipt: title, account, reference, payer, amount and the acceptance point.
  func receipt(_ words: Words) -> some View {
    ZStack(alignment: .topLeading) {
      place(5, 5, width: 52) { Text(words.receipt).font(font(11, bold: true)).accessibilityHeading(.h2) }
      place(5, 12, width: 52) {
        section(words.account, lines: accountLines, heading: 6, value: 8)
        if !bill.reference.isEmpty {
          section(words.reference, lines: [bill.printedReference], heading: 6, value: 8)
        }
        payer(words, heading: 6, box: CGSize(width: 52, height: 20))
      }
      place(5, 68, width: 52) { amountRow(words, heading: 6, value: 8) }
      place(5, 82, width: 52) {
        Text(words.acceptance).font(font(6, bold: true)).frame(
          width: EnvelopeWindow.mm(52), alignment: .trailing)
      }
    }
  }

  /// The payment part: title, the Swiss QR Code with its cross, the amount, and the information column.
  func paymentPart(_ words: Words) -> some View {
    ZStack(alignment: .topLeading) {
      place(67, 5, width: 51) { Text(words.paymentPart).font(font(11, bold: true)).accessibilityHeading(.h2) }
      ZStack {
        QRCode(bill.payload, errorCorrection: .medium, quietZone: 0)
          .frame(width: EnvelopeWindow.mm(46), height: EnvelopeWindow.mm(46))
        SwissCross().frame(width: EnvelopeWindow.mm(7), height: EnvelopeWindow.mm(7))
      }
      .accessibilityLabel("Swiss QR Code")
      .offset(x: EnvelopeWindow.mm(67), y: EnvelopeWindow.mm(17))
      place(67, 68, width: 46) { amountRow(words, heading: 8, value: 10) }
      place(118, 5, width: 87) {
        section(words.account, lines: accountLines, heading: 8, value: 10)
        if !bill.reference.isEmpty {
          section(words.reference, lines: [bill.printedReference], heading: 8, value: 10)
        }
        section(words.information, lines: [bill.message], heading: 8, value: 10)
        payer(words, heading: 8, box: CGSize(width: 65, height: 25))
      }
    }
  }

  /// A heading and its lines, with a gap after it.
  func section(_ heading: String, lines: [String], heading size: CGFloat, value: CGFloat) -> some View {
    VStack(alignment: .leading, spacing: 0) {
      Text(heading).font(font(size, bold: true))
      Text(lines.joined(separator: "\n")).font(font(value)).lineSpacing(value * 0.1)
    }
    .padding(.bottom, value)
  }

  /// The payer's name and address, or (when the invoice has no address in parts) a box of `box`
  /// millimetres with corner marks to write them in, as the guidelines draw it.
  @ViewBuilder
  func payer(_ words: Words, heading: CGFloat, box: CGSize) -> some View {
    if debtorLines.isEmpty {
      VStack(alignment: .leading, spacing: 2) {
        Text(words.payableByBlank).font(font(heading, bold: true))
        CornerMarks().frame(width: EnvelopeWindow.mm(box.width), height: EnvelopeWindow.mm(box.height))
          .accessibilityHidden(true)
      }
    } else {
      section(words.payableBy, lines: debtorLines, heading: heading, value: heading + 2)
    }
  }

  /// "Currency" and "Amount" side by side, with their values below.
  func amountRow(_ words: Words, heading: CGFloat, value: CGFloat) -> some View {
    HStack(alignment: .top, spacing: EnvelopeWindow.mm(heading == 6 ? 5 : 6)) {
      VStack(alignment: .leading, spacing: 1) {
        Text(words.currency).font(font(heading, bold: true))
        Text(bill.currency).font(font(value))
      }
      VStack(alignment: .leading, spacing: 1) {
        Text(words.amount).font(font(heading, bold: true))
        Text(SwissQRBillView.grouped(bill.amount)).font(font(value))
      }
    }
  }

  var accountLines: [String] {
    [bill.iban.description] + address(bill.creditor)
  }

  var debtorLines: [String] {
    bill.debtor.map(address) ?? []
  }

  func address(_ address: SwissQRBill.Address) -> [String] {
    [address.name, address.street, "\(address.postcode) \(address.town)"].filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
  }

  /// "1949.75" as the bill prints amounts: "1 949.75".
  static func grouped(_ amount: String) -> String {
    let parts = amount.split(separator: ".")
    var whole = String(parts[0])
    var groups: [String] = []
    while whole.count > 3 {
      groups.insert(String(whole.suffix(3)), at: 0)
      whole.removeLast(3)
    }
    groups.insert(whole, at: 0)
    return groups.joined(separator: " ") + (parts.count > 1 ? "." + parts[1] : "")
  }
}

/// The corners of a box to write in: 3 mm lines, 0.75 pt thick, as the guidelines mark blank fields.
struct CornerMarks: View {
  var body: some View {
    Canvas { context, size in
      let arm = EnvelopeWindow.mm(3)
      let line: CGFloat = 0.75
      for (x, y, dx, dy) in [
        (0.0, 0.0, 1.0, 1.0), (size.width, 0, -1, 1), (0, size.height, 1, -1),
        (size.width, size.height, -1, -1),
      ] {
        context.fill(
          Path(CGRect(x: min(x, x + dx * arm), y: dy > 0 ? y : y - line, width: arm, height: line)),
          with: .color(.black))
        context.fill(
          Path(CGRect(x: dx > 0 ? x : x - line, y: min(y, y + dy * arm), width: line, height: arm)),
          with: .color(.black))
      }
    }
  }
}

/// The Swiss cross at the centre of a Swiss QR Code: a white square, a black square inside it, a white cross.
struct SwissCross: View {
  var body: some View {
    Canvas { context, size in
      let unit = size.width / 19.8
      context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
      context.fill(
        Path(CGRect(x: 0.7 * unit, y: 0.7 * unit, width: 18.4 * unit, height: 18.4 * unit)),
        with: .color(.black))
      context.fill(
        Path(CGRect(x: 8.25 * unit, y: 4.4 * unit, width: 3.3 * unit, height: 11 * unit)),
        with: .color(.white))
      context.fill(
        Path(CGRect(x: 4.4 * unit, y: 8.25 * unit, width: 11 * unit, height: 3.3 * unit)),
        with: .color(.white))
    }
  }
}
