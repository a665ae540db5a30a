/// The Swiss QR-bill of an invoice: the payload of its Swiss QR Code and the texts of its payment part,
/// as the Swiss Implementation Guidelines for the QR-bill (version 2.3) fix them.
///
/// Addresses are structured (type S): name, street (with its house number, as the data gives it),
/// postcode, town, country. The reference is QRR (a QR-IBAN: 26 digits from the invoice number and a
/// recursive mod-10 check digit), SCOR (an ISO 11649 creditor reference, `payment.reference: "rf"`)
/// or NON; the unstructured message is `Invoice NUMBER`. Lines are joined with CR LF, as the
/// reference implementation (PyPI `qrbill`) writes them.
public struct SwissQRBill: Sendable, Hashable {
  /// A structured address of the bill.
  public struct Address: Sendable, Hashable {
    public var name: String
    public var street: String
    public var postcode: String
    public var town: String
    public var country: String

    var fields: [String] { ["S", name, street, "", postcode, town, country] }
  }

  public let iban: IBAN
  public let creditor: Address
  public let debtor: Address?
  /// The amount as written in the code ("1949.75").
  public let amount: String
  public let currency: String
  /// `QRR`, `SCOR` or `NON`.
  public let referenceType: String
  /// The reference without spaces, empty for NON.
  public let reference: String
  public let message: String

  /// What makes a QR-bill impossible, said in the invoice's error.
  public enum Problem: Error, Hashable, CustomStringConvertible {
    case currency(String)
    case iban(String)
    case missing(String)
    case amount(String)
    case reference(String)

    public var description: String {
      switch self {
      case .currency(let code): return "a QR-bill pays CHF or EUR, not \(code)"
      case .iban(let text): return "a QR-bill needs a Swiss or Liechtenstein IBAN, not \(text)"
      case .missing(let what): return "a QR-bill needs \(what)"
      case .amount(let amount): return "a QR-bill pays 0.01 to 999999999.99, not \(amount)"
      case .reference(let why): return why
      }
    }
  }

  /// Whether `iban` is a QR-IBAN: its institution id (positions 5 to 9) is 30000 to 31999.
  public static func isQRIBAN(_ iban: IBAN) -> Bool {
    let id = iban.electronic.dropFirst(4).prefix(5)
    return Int(id).map { (30000...31999).contains($0) } ?? false
  }

  /// The QRR reference of `number`: its digits (the last 26), zero-padded, and the recursive mod-10 check digit.
  public static func qrReference(from number: String) -> String? {
    let digits = String(number.filter { $0.isASCII && $0.isNumber }.suffix(26))
    guard !digits.isEmpty, digits.contains(where: { $0 != "0" }) else { return nil }
    let body = String(repeating: "0", count: 26 - digits.count) + digits
    return body + String(checkDigit(body))
  }

  /// The recursive mod-10 check digit of the Swiss payment references.
  public static func checkDigit(_ digits: String) -> Int {
    let table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]
    var carry = 0
    for digit in digits.compactMap(\.wholeNumberValue) { carry = table[(carry + digit) % 10] }
    return (10 - carry) % 10
  }

  /// The bill of `number` for `due`, paid to `iban` of `creditor` by `debtor`.
  public static func make(
    number: String, due: Money, iban: IBAN, creditor: Address, debtor: Address?, creditorReference: Bool
  ) -> Result<SwissQRBill, Problem> {
    guard ["CHF", "EUR"].contains(due.currency.code) else { return .failure(.currency(due.currency.code)) }
    guard ["CH", "LI"].contains(iban.country) else { return .failure(.iban(iban.description)) }
    for (address, whose) in [(creditor, "the seller's"), (debtor, "the customer's")] {
      guard let address else { continue }
      if address.postcode.isEmpty { return .failure(.missing("\(whose) postcode")) }
      if address.town.isEmpty { return .failure(.missing("\(whose) town")) }
      if address.country.count != 2 { return .failure(.missing("\(whose) country")) }
    }
    let value = due.amount.rounded(toScale: 2)
    guard !value.isNegative, !value.isZero, value.units <= 99_999_999_999 else {
      return .failure(.amount(due.amount.description))
    }
    let type: String
    let reference: String
    if isQRIBAN(iban) {
      guard let qrr = qrReference(from: number) else {
        return .failure(
          .reference(
            "a QR-IBAN needs a QRR reference, made from the invoice number's digits; \(number) has none"))
      }
      (type, reference) = ("QRR", qrr)
    } else if creditorReference, let scor = CreditorReference(from: number) {
      (type, reference) = ("SCOR", scor.electronic)
    } else {
      (type, reference) = ("NON", "")
    }
    return .success(
      SwissQRBill(
        iban: iban, creditor: creditor, debtor: debtor, amount: value.description,
        currency: due.currency.code,
        referenceType: type, reference: reference, message: "Invoice \(number)"))
  }

  /// The text of the Swiss QR Code, in the guidelines' order of elements.
  public var payload: String {
    var lines = ["SPC", "0200", "1", iban.electronic]
    lines += creditor.fields
    lines += Array(repeating: "", count: 7)
    lines += [amount, currency]
    lines += debtor?.fields ?? Array(repeating: "", count: 7)
    lines += [referenceType, reference, message, "EPD"]
    return lines.joined(separator: "\r\n")
  }

  /// The reference as printed: QRR in groups of five after the first two digits, SCOR in groups of four.
  public var printedReference: String {
    switch referenceType {
    case "QRR":
      var groups = [String(reference.prefix(2))]
      var rest = Substring(reference.dropFirst(2))
      while !rest.isEmpty {
        groups.append(String(rest.prefix(5)))
        rest = rest.dropFirst(5)
      }
      return groups.joined(separator: " ")
    case "SCOR": return CreditorReference(checking: reference)?.description ?? reference
    default: return ""
    }
  }
}
