/// Reads Poland's structured invoice FA(3) (`Faktura`, as KSeF stores and delivers it) into a draft.
///
/// FA(3)'s fields map to EN 16931's terms: P_2 the number (BT-1), P_1 the issue date (BT-2),
/// KodWaluty (BT-5), Podmiot1 the seller and Podmiot2 the buyer, each FaWiersz a line with its net
/// amount P_11 and rate code P_12, and P_13_x and P_14_x the net amount and tax per rate class
/// (BG-23). A correction (KOR) states its differences as negative amounts and is read as stated.
/// The annotations (Adnotacje), the correction's reference, extra descriptions and registers are
/// shown among the invoice's details under their FA(3) names.
struct KSeFInvoiceReading {
  let fields: ReceivedFields

  /// The EN 16931 category and rate of an FA(3) rate code (P_12).
  static func category(code: String) -> (category: String, rate: ExactDecimal)? {
    switch code {
    case "23", "22", "8", "7", "5", "4", "3": return ("S", ExactDecimal(Int(code)!))
    case "0 KR": return ("Z", .zero)
    case "0 WDT": return ("K", .zero)
    case "0 EX": return ("G", .zero)
    case "zw": return ("E", .zero)
    case "oo", "np II": return ("AE", .zero)
    case "np I": return ("O", .zero)
    default: return nil
    }
  }

  /// The category of each summary field suffix without tax (P_13_6_1 … P_13_10).
  static let untaxedFields: [(field: String, category: String)] = [
    ("6_1", "Z"), ("6_2", "K"), ("6_3", "G"), ("7", "E"), ("8", "O"), ("9", "AE"), ("10", "AE"),
  ]

  /// RodzajFaktury as a UNTDID 1001 document type: a correction is 384 (its amounts already negative).
  static let documentTypes = [
    "VAT": "380", "KOR": "384", "ZAL": "386", "ROZ": "380", "UPR": "380", "KOR_ZAL": "384", "KOR_ROZ": "384",
  ]

  func read(_ root: XMLElement) throws(ReceivedInvoiceError) -> ReceivedDraft {
    var draft = ReceivedDraft()
    draft.unitsAreWords = true
    let form = root.at("Naglowek", "KodFormularza")
    draft.specification = "FA(3) " + (form?.attributes["wersjaSchemy"] ?? "")
    guard let fa = root.child("Fa") else { throw fields.fail(root, "Fa (the invoice's data) is missing") }
    let kind = try fields.required(fa.child("RodzajFaktury"), "RodzajFaktury (invoice type)", in: fa)
    guard let type = Self.documentTypes[kind] else {
      throw fields.fail(fa.child("RodzajFaktury"), "RodzajFaktury \"\(kind)\" is not an FA(3) invoice type")
    }
    draft.typeCode = type
    if kind != "VAT" && kind != "KOR" { draft.detail("RodzajFaktury", "Rodzaj faktury", kind) }
    draft.number = try fields.required(fa.child("P_2"), "P_2 (invoice number)", in: fa)
    draft.issueDate = try fields.date(fa.child("P_1"), "P_1 (issue date)")
    draft.currencyCode = try fields.required(fa.child("KodWaluty"), "KodWaluty (currency)", in: fa)
    draft.currencyLine = fa.child("KodWaluty")?.line ?? fa.line
    draft.detail("P_1M", "Miejsce wystawienia", fa.text("P_1M"))
    draft.deliveryDate = try fields.date(fa.child("P_6"), "P_6 (date of supply)")
    draft.periodStart = try fields.date(fa.at("OkresFa", "P_6_Od"), "P_6_Od (period from)")
    draft.periodEnd = try fields.date(fa.at("OkresFa", "P_6_Do"), "P_6_Do (period to)")
    guard let seller = root.child("Podmiot1") else {
      throw fields.fail(root, "Podmiot1 (the seller) is missing")
    }
    draft.seller = try party(seller, role: "Podmiot1")
    guard let buyer = root.child("Podmiot2") else {
      throw fields.fail(root, "Podmiot2 (the buyer) is missing")
    }
    draft.buyer = try party(buyer, role: "Podmiot2")
    readReferences(fa, root: root, into: &draft)
    readAnnotations(fa.child("Adnotacje"), into: &draft)
    try readPayment(fa.child("Platnosc"), into: &draft)
    for line in fa.all("FaWiersz") { draft.lines.append(try self.line(line)) }
    try readTotals(fa, into: &draft)
    return draft
  }

  /// A party: its name, identifier (NIP, EU VAT number, another tax number, or none), address and contact.
  private func party(_ element: XMLElement, role: String) throws(ReceivedInvoiceError) -> Party {
    guard let data = element.child("DaneIdentyfikacyjne") else {
      throw fields.fail(element, "DaneIdentyfikacyjne is missing in <\(role)>")
    }
    var party = Party(name: data.text("Nazwa") ?? "")
    if let nip = data.text("NIP") {
      party.vatId = nip
    } else if let code = data.text("KodUE"), let number = data.text("NrVatUE") {
      party.vatId = code + number
    } else if let number = data.text("NrID") {
      party.taxNumber = [data.text("KodKraju"), number].compactMap { $0 }.joined(separator: " ")
    }
    if let address = element.child("Adres") {
      party.address = [address.text("AdresL1"), address.text("AdresL2")].compactMap { $0 }
      party.postalAddress = PostalAddress(country: address.text("KodKraju"))
    }
    party.email = element.text("DaneKontaktowe", "Email")
    party.id = element.text("NrKlienta")
    if party.name.isEmpty { party.name = party.vatId ?? party.taxNumber ?? "—" }
    return party
  }
}

extension ReceivedDraft {
  /// Adds an FA(3) "1 means yes" flag as a detail when it is set.
  mutating func flag(_ element: XMLElement?, _ name: String, _ label: String) {
    if element?.text(name) == "1" { detail(name, label, "tak") }
  }
}
