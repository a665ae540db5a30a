/// The EPC QR code ("GiroCode") of an invoice: EPC069-12 version 002, a SEPA credit transfer a banking app fills in by scanning.
///
/// Lines: service tag `BCD`, version `002`, character set `1` (UTF-8), `SCT`, the BIC (may be empty),
/// the beneficiary (at most 70 characters), the IBAN, the amount (`EUR123.45`), an empty purpose,
/// then either a structured creditor reference (RF) or an unstructured remittance text (never
/// both); nothing after the last element. At most 331 bytes; encoded at error correction level M.
public struct EPCPayment: Sendable, Hashable {
  public let payload: String

  /// What makes a payment code impossible, said in the invoice's error.
  public enum Problem: Error, Hashable, CustomStringConvertible {
    case currency(String)
    case amount(String)
    case tooLong(Int)

    public var description: String {
      switch self {
      case .currency(let code): return "an EPC QR code pays euros only, not \(code)"
      case .amount(let amount): return "an EPC QR code pays 0.01 to 999999999.99 EUR, not \(amount)"
      case .tooLong(let bytes): return "the EPC QR code would hold \(bytes) bytes; at most 331 are allowed"
      }
    }
  }

  /// The payment of `invoice`'s grand total to `bank`, named by `holder`, with `reference` or else `text` as remittance.
  public static func make(
    amount: Money, holder: String, iban: IBAN, bic: String?, reference: CreditorReference?, text: String?
  ) -> Result<EPCPayment, Problem> {
    guard amount.currency.code == "EUR" else { return .failure(.currency(amount.currency.code)) }
    // "EUR" and the amount with a dot and two decimals: 0.01 to 999999999.99.
    let value = amount.amount.rounded(toScale: 2)
    guard !value.isNegative, !value.isZero, value.units <= 99_999_999_999 else {
      return .failure(.amount(amount.amount.description))
    }
    var lines = [
      "BCD", "002", "1", "SCT", bic?.filter { $0 != " " }.uppercased() ?? "", safePrefix(holder, 70),
      iban.electronic, "EUR" + value.description, "",
    ]
    if let reference {
      lines.append(reference.electronic)
    } else if let text, !text.isEmpty {
      // The remittance text is cut to what the 331 bytes leave (a long invoice number in a
      // two-byte script), never the payment data before it.
      let room = 331 - lines.joined(separator: "\n").utf8.count - 2
      var cut = safePrefix(text, 140)
      while cut.utf8.count > room, !cut.isEmpty { cut.removeLast() }
      lines += ["", cut]
    }
    let payload = lines.joined(separator: "\n")
    let bytes = payload.utf8.count
    guard bytes <= 331 else { return .failure(.tooLong(bytes)) }
    return .success(EPCPayment(payload: payload))
  }

  /// The first `count` characters of `text` (whole grapheme clusters, trailing spaces dropped).
  static func safePrefix(_ text: String, _ count: Int) -> String {
    String(text.trimmingSpaces.prefix(count)).trimmingSpaces
  }
}
