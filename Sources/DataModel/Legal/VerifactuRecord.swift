import Foundation

/// One invoice's VERI*FACTU registration record (RegistroAlta), as Spain's AEAT specifies it: the
/// fields its SHA-256 "huella" is taken over, chained to the record before it, and the QR code's URL.
///
/// The hashed text and the URL follow the AEAT's "Detalle de las especificaciones técnicas para
/// generación de la huella o hash" and "Características del QR" (Orden HAC/1177/2024 art. 20–21).
/// Sending the records to the AEAT is not invoicegen's.
public struct VerifactuRecord: Sendable, Hashable {
  /// The issuer's NIF (IDEmisorFactura), without the `ES` prefix.
  public var issuerNIF: String
  /// The invoice's series and number (NumSerieFactura).
  public var number: String
  public var issueDate: CalendarDate
  /// TipoFactura: F1 invoice, F2 simplified invoice, R1 corrective invoice (a credit note).
  public var type: String
  /// CuotaTotal: the tax of the invoice.
  public var taxTotal: ExactDecimal
  /// ImporteTotal: the invoice's total.
  public var grandTotal: ExactDecimal
  /// The huella of the record before this one in the chain; empty for the first.
  public var previousHash = ""
  /// FechaHoraHusoGenRegistro: when the record was made, with its offset ("2024-01-01T19:20:30+01:00").
  public var generatedAt = ""

  public init(
    issuerNIF: String, number: String, issueDate: CalendarDate, type: String, taxTotal: ExactDecimal,
    grandTotal: ExactDecimal
  ) {
    self.issuerNIF = issuerNIF
    self.number = number
    self.issueDate = issueDate
    self.type = type
    self.taxTotal = taxTotal
    self.grandTotal = grandTotal
  }

  /// The record of `invoice` issued by the holder of `nif`: F1, F2 for a simplified invoice (no buyer
  /// id, at most 400 EUR), R1 for a credit note.
  public init(invoice: Invoice, nif: String) {
    let total = invoice.totals.grandTotal.amount
    let simplified = invoice.customer.vatId == nil && total <= ExactDecimal(400) && !total.isNegative
    self.init(
      issuerNIF: Self.nif(nif), number: invoice.number, issueDate: invoice.issueDate,
      type: invoice.isCreditNote ? "R1" : simplified ? "F2" : "F1",
      taxTotal: invoice.totals.taxTotal.amount.rounded(toScale: 2), grandTotal: total.rounded(toScale: 2))
  }

  /// A NIF as the records write it: without the `ES` prefix, spaces, dots and dashes.
  public static func nif(_ text: String) -> String {
    var compact = String(TaxIdentifier.compact(text))
    if compact.count == 11, compact.hasPrefix("ES") { compact.removeFirst(2) }
    return compact
  }

  /// "01-09-2024": the date as the records and the QR code write it.
  public static func date(_ date: CalendarDate) -> String {
    String(format: "%02d-%02d-%04d", date.day, date.month, date.year)
  }

  /// The text the huella is the SHA-256 of: each field `name=value` (value trimmed), joined by `&`.
  public var hashInput: String {
    let fields = [
      ("IDEmisorFactura", issuerNIF), ("NumSerieFactura", number),
      ("FechaExpedicionFactura", Self.date(issueDate)), ("TipoFactura", type),
      ("CuotaTotal", taxTotal.description), ("ImporteTotal", grandTotal.description),
      ("Huella", previousHash),
      ("FechaHoraHusoGenRegistro", generatedAt),
    ]
    return fields.map { "\($0.0)=\($0.1.trimmingSpaces)" }.joined(separator: "&")
  }

  /// The AEAT's page that checks an invoice issued through VERI*FACTU.
  public static let checkURL = "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR"

  /// The URL the invoice's QR code carries: the AEAT's check page with NIF, number, date and total.
  public var qrURL: String {
    let query = [
      ("nif", issuerNIF), ("numserie", number), ("fecha", Self.date(issueDate)),
      ("importe", grandTotal.description),
    ]
    return Self.checkURL + "?"
      + query.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
  }

  /// `text` with everything but RFC 3986's unreserved characters percent-encoded (UTF-8).
  static func percentEncoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(
      CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
