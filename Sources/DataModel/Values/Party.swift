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
  public var postalAddress: PostalAddress? {
    get { extras?.first?.postalAddress }
    set { update { $0.postalAddress = newValue } }
  }
  /// Where e-invoices are delivered (EN 16931 BT-34 for the seller, BT-49 for the buyer).
  public var electronicAddress: ElectronicAddress? {
    get { extras?.first?.electronicAddress }
    set { update { $0.electronicAddress = newValue } }
  }
  /// The seller's tax number, when it has no VAT id or both are printed (BT-32).
  public var taxNumber: String? {
    get { extras?.first?.taxNumber }
    set { update { $0.taxNumber = newValue } }
  }
  /// The legal registration identifier (BT-30): France's SIREN, the Dutch KvK number, a trade register entry.
  public var companyId: String? {
    get { extras?.first?.companyId }
    set { update { $0.companyId = newValue } }
  }
  /// Who to contact about the invoice (BG-6, required by XRechnung).
  public var contact: Contact? {
    get { extras?.first?.contact }
    set { update { $0.contact = newValue } }
  }

  /// The rarely given parts, boxed together: a million invoices are held at once and most have none.
  private struct Extras: Hashable, Sendable {
    var postalAddress: PostalAddress?
    var electronicAddress: ElectronicAddress?
    var taxNumber: String?
    var contact: Contact?
    var companyId: String?
    var isEmpty: Bool {
      postalAddress == nil && electronicAddress == nil && taxNumber == nil && contact == nil
        && companyId == nil
    }
  }
  private var extras: [Extras]?

  private mutating func update(_ change: (inout Extras) -> Void) {
    var value = extras?.first ?? Extras()
    change(&value)
    extras = value.isEmpty ? nil : [value]
  }

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
    var text = text
    return text.withUTF8 { bytes in
      // One scan over the bytes: no array of slices, one string per line.
      var lines: [String] = []
      var start = 0
      for index in 0...bytes.count {
        guard index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D else { continue }
        if index > start {
          let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
          let trimmed = line.trimmingSpaces
          if !trimmed.isEmpty { lines.append(trimmed) }
        }
        start = index + 1
      }
      return lines
    }
  }
}

extension Party {
  private enum CodingKeys: String, CodingKey {
    case name, address, email, vatId, id, postalAddress, electronicAddress, taxNumber, contact, companyId
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
    electronicAddress = try container.decodeIfPresent(ElectronicAddress.self, forKey: .electronicAddress)
    taxNumber = try container.decodeIfPresent(String.self, forKey: .taxNumber)
    contact = try container.decodeIfPresent(Contact.self, forKey: .contact)
    companyId = try container.decodeIfPresent(String.self, forKey: .companyId)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(address, forKey: .address)
    try container.encodeIfPresent(email, forKey: .email)
    try container.encodeIfPresent(vatId, forKey: .vatId)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encodeIfPresent(postalAddress, forKey: .postalAddress)
    try container.encodeIfPresent(electronicAddress, forKey: .electronicAddress)
    try container.encodeIfPresent(taxNumber, forKey: .taxNumber)
    try container.encodeIfPresent(contact, forKey: .contact)
    try container.encodeIfPresent(companyId, forKey: .companyId)
  }
}

/// An address for electronic delivery: a scheme from the EAS code list and the identifier in it.
public struct ElectronicAddress: Hashable, Sendable, Codable {
  /// The EAS scheme: `EM` e-mail, `0204` Leitweg-ID, `9930` German VAT id, `0088` GLN…
  public var scheme: String
  public var value: String

  public init(scheme: String, value: String) {
    self.scheme = scheme
    self.value = value
  }
}

/// A person to contact about an invoice.
public struct Contact: Hashable, Sendable, Codable {
  public var name: String?
  public var phone: String?
  public var email: String?

  public init(name: String? = nil, phone: String? = nil, email: String? = nil) {
    self.name = name
    self.phone = phone
    self.email = email
  }
}
