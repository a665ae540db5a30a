import DataModel
import Foundation

/// Writes an `EInvoiceDocument` as Poland's structured invoice FA(3), the XML KSeF takes (schema
/// `http://crd.gov.pl/wzor/2025/06/25/13775/`, version 1-0E).
///
/// Elements come in the order of the official schema. An invoice is RodzajFaktury VAT; a credit
/// note is a correction (KOR) by the difference method: its quantities and amounts negative, with
/// the corrected invoice's number, date and KSeF number. Document-level charges and allowances are
/// lines of their own, as FA(3) has no place for them beside the lines.
public enum KSeFWriter {
  /// The FA(3) namespace.
  public static let namespace = "http://crd.gov.pl/wzor/2025/06/25/13775/"

  /// How FA(3) writes one VAT category at one rate: its rate code (P_12) and the suffix of its
  /// summary fields (P_13_x, and P_14_x where tax is charged).
  struct RateClass: Equatable {
    let code: String
    let field: String
    var hasTax: Bool { ["1", "2", "3"].contains(field) }
  }

  /// The summary fields in the schema's order.
  static let fieldOrder = ["1", "2", "3", "6_1", "6_2", "6_3", "7", "8", "9", "10"]

  /// The FA(3) class of an EN 16931 category and rate, or nil when Polish VAT has no such rate.
  ///
  /// Reverse charge (AE) is `oo` for a buyer in Poland and `np II` (a service taxed where the buyer
  /// is, art. 100) abroad; Z is 0 % domestic, K an intra-community supply, G an export, E exempt
  /// and O outside Polish VAT (`np I`).
  static func rateClass(category: String, rate: ExactDecimal, buyerCountry: String) -> RateClass? {
    switch category {
    case "S":
      switch rate.trimmedDescription {
      case "23": return RateClass(code: "23", field: "1")
      case "22": return RateClass(code: "22", field: "1")
      case "8": return RateClass(code: "8", field: "2")
      case "7": return RateClass(code: "7", field: "2")
      case "5": return RateClass(code: "5", field: "3")
      default: return nil
      }
    case "Z": return RateClass(code: "0 KR", field: "6_1")
    case "K": return RateClass(code: "0 WDT", field: "6_2")
    case "G": return RateClass(code: "0 EX", field: "6_3")
    case "E": return RateClass(code: "zw", field: "7")
    case "O": return RateClass(code: "np I", field: "8")
    case "AE":
      return buyerCountry == "PL" ? RateClass(code: "oo", field: "10") : RateClass(code: "np II", field: "9")
    default: return nil
    }
  }

  /// The document as FA(3) XML, made at `created` by `system` (SystemInfo, such as "invoicegen 0.1.0").
  public static func xml(_ document: EInvoiceDocument, created: Date, system: String) -> [UInt8] {
    var xml = XMLWriter()
    xml.element("Faktura", ["xmlns": namespace]) { xml in
      xml.element("Naglowek") { xml in
        xml.element("KodFormularza", "FA", ["kodSystemowy": "FA (3)", "wersjaSchemy": "1-0E"])
        xml.element("WariantFormularza", "3")
        xml.element("DataWytworzeniaFa", timestamp(created))
        xml.element("SystemInfo", system)
      }
      seller(&xml, document)
      buyer(&xml, document)
      invoice(&xml, document)
      if let notes = document.invoice.notes {
        xml.element("Stopka") { xml in
          xml.element("Informacje") { $0.element("StopkaFaktury", String(notes.prefix(3500))) }
        }
      }
    }
    return xml.bytes
  }

  /// `date` as an XML dateTime in UTC, to the second.
  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }

  /// A Polish NIP: the 10 digits of a VAT id written with or without `PL`.
  static func nip(_ vatId: String) -> String {
    var compact = vatId.uppercased().filter { $0.isLetter || $0.isNumber }
    if compact.hasPrefix("PL") { compact.removeFirst(2) }
    return compact
  }

  private static func seller(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let seller = document.seller
    xml.element("Podmiot1") { xml in
      if document.breakdown.contains(where: { $0.category == "K" }) { xml.element("PrefiksPodatnika", "PL") }
      xml.element("DaneIdentyfikacyjne") { xml in
        xml.element("NIP", nip(seller.vatId ?? seller.taxNumber ?? ""))
        xml.element("Nazwa", seller.name)
      }
      address(&xml, "Adres", seller, country: document.sellerCountry)
      if let email = seller.email { xml.element("DaneKontaktowe") { $0.element("Email", email) } }
    }
  }

  private static func buyer(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let buyer = document.invoice.customer
    xml.element("Podmiot2") { xml in
      xml.element("DaneIdentyfikacyjne") { xml in
        buyerIdentity(&xml, buyer, country: document.buyerCountry)
        xml.element("Nazwa", buyer.name)
      }
      address(&xml, "Adres", buyer, country: document.buyerCountry)
      if let email = buyer.email { xml.element("DaneKontaktowe") { $0.element("Email", email) } }
      if let id = buyer.id { xml.element("NrKlienta", String(id.prefix(256))) }
      // Not a unit of a local government (JST) nor a member of a VAT group (GV).
      xml.element("JST", "2")
      xml.element("GV", "2")
    }
  }

  /// The buyer's NIP in Poland, its VAT number in another EU country, its tax number elsewhere, or BrakID.
  private static func buyerIdentity(_ xml: inout XMLWriter, _ buyer: Party, country: String) {
    guard let vatId = buyer.vatId ?? buyer.taxNumber else {
      xml.element("BrakID", "1")
      return
    }
    let compact = vatId.uppercased().filter { $0.isLetter || $0.isNumber }
    if country == "PL" {
      xml.element("NIP", nip(compact))
    } else if let prefix = TaxIdentifier.country(ofVATId: compact), prefix != "GB" {
      xml.element("KodUE", String(compact.prefix(2)))
      xml.element("NrVatUE", String(compact.dropFirst(2)))
    } else if TaxIdentifier.euCountries.contains(country) {
      // A VAT number written without its prefix: KSeF's code for Greece is EL, as VIES has it.
      xml.element("KodUE", country == "GR" ? "EL" : country)
      xml.element("NrVatUE", compact)
    } else {
      if !country.isEmpty { xml.element("KodKraju", country) }
      xml.element("NrID", compact)
    }
  }

  /// An address as FA(3) has it: the country, then two lines (the street, then postcode and town).
  static func address(_ xml: inout XMLWriter, _ name: String, _ party: Party, country: String) {
    let lines = addressLines(party)
    xml.element(name) { xml in
      xml.element("KodKraju", country)
      xml.element("AdresL1", lines.0)
      if let second = lines.1 { xml.element("AdresL2", second) }
    }
  }

  /// The two address lines of `party`: its street parts, then its postcode and town.
  static func addressLines(_ party: Party) -> (String, String?) {
    guard let postal = party.postalAddress, postal.street != nil || postal.city != nil else {
      let lines = party.address
      return (lines.first ?? party.name, lines.count > 1 ? lines.dropFirst().joined(separator: ", ") : nil)
    }
    let street = [postal.street, postal.street2].compactMap { $0 }.joined(separator: ", ")
    let town = [postal.postcode, postal.city].compactMap { $0 }.joined(separator: " ")
    return street.isEmpty ? (town, nil) : (street, town.isEmpty ? nil : town)
  }
}
