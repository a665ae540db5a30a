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
  ///
  /// Boxed: most customers have none, and a million invoices are held at once.
  public var postalAddress: PostalAddress? {
    get { postalBox?.first }
    set { postalBox = newValue.map { [$0] } }
  }
  private var postalBox: [PostalAddress]?

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

extension Party {
  private enum CodingKeys: String, CodingKey {
    case name, address, email, vatId, id, postalAddress
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      name: try container.decode(String.self, forKey: .name),
      address: try container.decodeIfPresent([String].self, forKey: .address) ?? [],
      email: try container.decodeIfPresent(String.self, forKey: .email),
      vatId: try container.decodeIfPresent(String.self, forKey: .vatId),
      id: try container.decodeIfPresent(String.self, forKey: .id),
      postalAddress: try container.decodeIfPresent(PostalAddress.self, forKey: .postalAddress))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(address, forKey: .address)
    try container.encodeIfPresent(email, forKey: .email)
    try container.encodeIfPresent(vatId, forKey: .vatId)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encodeIfPresent(postalAddress, forKey: .postalAddress)
  }
}
