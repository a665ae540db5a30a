/// A seller or a customer: name, postal address, contact and tax identifiers.
public struct Party: Hashable, Sendable, Codable {
  public var name: String
  /// The postal address, one line per element.
  public var address: [String]
  public var email: String?
  /// The VAT identification number ("DE123456789").
  public var vatId: String?
  /// The seller's own identifier for a customer.
  public var id: String?
  /// The address in parts, when the data gives it so (the printed lines are in `address`).
  public var postalAddress: PostalAddress?

  public init(
    name: String, address: [String] = [], email: String? = nil, vatId: String? = nil, id: String? = nil,
    postalAddress: PostalAddress? = nil
  ) {
    self.name = name
    self.address = address
    self.email = email
    self.vatId = vatId
    self.id = id
    self.postalAddress = postalAddress
  }
}

extension Party {
  /// The non-empty lines of a multi-line address (LF, CRLF or CR), trimmed.
  public static func addressLines(_ text: String) -> [String] {
    var lines: [String] = []
    for line in text.utf8.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
      let trimmed = String(decoding: line, as: UTF8.self).trimmingSpaces
      if !trimmed.isEmpty { lines.append(trimmed) }
    }
    return lines
  }
}
