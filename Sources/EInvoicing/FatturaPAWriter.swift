import DataModel

/// Writes an `EInvoiceDocument` as Italy's FatturaPA 1.2 XML for businesses (FPR12), as the
/// Sistema di Interscambio (SdI) takes it.
///
/// Elements come in the order of the official schema (Schema_del_file_xml_FatturaPA_v1.2.2); a
/// credit note is TD04 with its amounts positive, an invoice TD01. Document-level charges and
/// allowances are lines of their own, as FatturaPA has no place for them beside the lines.
public enum FatturaPAWriter {
  /// The FatturaPA namespace.
  public static let namespace = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"

  /// The Natura code FatturaPA gives each EN 16931 VAT category of a 0 % rate (Italian CIUS mapping).
  public static let natura: [String: String] = [
    "Z": "N3.6", "E": "N4", "AE": "N6.9", "K": "N3.2", "G": "N3.1", "O": "N2.2",
  ]

  /// The document as FatturaPA XML, sent as progressive number `progressivo`, under fiscal regime
  /// `regime` (RF01 ordinario by default).
  public static func xml(_ document: EInvoiceDocument, progressivo: String, regime: String) -> [UInt8] {
    var xml = XMLWriter()
    xml.element(
      "p:FatturaElettronica",
      [
        "versione": "FPR12", "xmlns:p": namespace,
        "xmlns:ds": "http://www.w3.org/2000/09/xmldsig#",
        "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      ]
    ) { xml in
      xml.element("FatturaElettronicaHeader") { xml in
        transmission(&xml, document, progressivo: progressivo)
        xml.element("CedentePrestatore") { xml in
          xml.element("DatiAnagrafici") { xml in
            fiscalIdentity(&xml, document.seller, country: document.sellerCountry)
            xml.element("Anagrafica") { $0.element("Denominazione", document.seller.name) }
            xml.element("RegimeFiscale", regime)
          }
          seat(&xml, document.seller, country: document.sellerCountry)
        }
        xml.element("CessionarioCommittente") { xml in
          xml.element("DatiAnagrafici") { xml in
            fiscalIdentity(&xml, document.invoice.customer, country: document.buyerCountry)
            xml.element("Anagrafica") { $0.element("Denominazione", document.invoice.customer.name) }
          }
          seat(&xml, document.invoice.customer, country: document.buyerCountry)
        }
      }
      xml.element("FatturaElettronicaBody") { xml in
        general(&xml, document)
        goodsAndServices(&xml, document)
        payment(&xml, document)
      }
    }
    return xml.bytes
  }

  /// The parts of a VAT id: its country prefix and the number ("IT00743110157" → IT, 00743110157).
  public static func split(vatId: String, country: String) -> (country: String, code: String) {
    let compact = String(vatId.uppercased().filter { !" .-".contains($0) })
    let prefix = String(compact.prefix(2))
    if prefix.count == 2, prefix.allSatisfy(\.isLetter) {
      return (prefix == "EL" ? "GR" : prefix, String(compact.dropFirst(2)))
    }
    return (country, compact)
  }

  /// The SdI's recipient: its code (scheme 0205), or 0000000 with a certified e-mail (scheme 0202),
  /// 0000000 alone (the buyer's fiscal drawer), or XXXXXXX for a buyer abroad.
  static func recipient(_ document: EInvoiceDocument) -> (code: String, pec: String?) {
    guard document.buyerCountry == "IT" else { return ("XXXXXXX", nil) }
    switch document.invoice.customer.electronicAddress {
    case let address? where address.scheme == "0205" || address.scheme.uppercased() == "SDI":
      return (address.value.uppercased(), nil)
    case let address? where address.scheme == "0202" || address.scheme.uppercased() == "PEC":
      return ("0000000", address.value)
    default: return ("0000000", nil)
    }
  }

  private static func transmission(_ xml: inout XMLWriter, _ document: EInvoiceDocument, progressivo: String)
  {
    let id = split(vatId: document.seller.vatId ?? "", country: document.sellerCountry)
    let recipient = recipient(document)
    xml.element("DatiTrasmissione") { xml in
      xml.element("IdTrasmittente") { xml in
        xml.element("IdPaese", id.country)
        xml.element("IdCodice", id.code)
      }
      xml.element("ProgressivoInvio", progressivo)
      xml.element("FormatoTrasmissione", "FPR12")
      xml.element("CodiceDestinatario", recipient.code)
      if let pec = recipient.pec { xml.element("PECDestinatario", pec) }
    }
  }

  /// IdFiscaleIVA from the VAT id, or the codice fiscale (the tax number); a buyer abroad with neither
  /// gets the SdI's placeholder 99999999999.
  private static func fiscalIdentity(_ xml: inout XMLWriter, _ party: Party, country: String) {
    // An Italian buyer's codice fiscale often comes in the VAT id's column.
    if country == "IT", let vatId = party.vatId, isCodiceFiscale(vatId.uppercased().filter { $0 != " " }) {
      xml.element("CodiceFiscale", vatId.uppercased().filter { $0 != " " })
      return
    }
    if let vatId = party.vatId {
      let id = split(vatId: vatId, country: country)
      xml.element("IdFiscaleIVA") { xml in
        xml.element("IdPaese", id.country)
        xml.element("IdCodice", id.code)
      }
    } else if country != "IT" {
      xml.element("IdFiscaleIVA") { xml in
        xml.element("IdPaese", country)
        xml.element("IdCodice", "99999999999")
      }
    }
    if let code = party.taxNumber, party.vatId == nil || country == "IT" {
      xml.element("CodiceFiscale", code.uppercased().filter { !" ".contains($0) })
    }
  }

  /// The Sede: street, CAP (00000 abroad), town, province (two letters, Italy only) and country.
  private static func seat(_ xml: inout XMLWriter, _ party: Party, country: String) {
    let postal = party.postalAddress
    xml.element("Sede") { xml in
      xml.element("Indirizzo", postal?.street ?? party.address.first ?? "")
      xml.element("CAP", country == "IT" ? postal?.postcode ?? "" : "00000")
      xml.element("Comune", postal?.city ?? "")
      if country == "IT", let region = postal?.region, region.count == 2 {
        xml.element("Provincia", region.uppercased())
      }
      xml.element("Nazione", country)
    }
  }

  private static func general(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let invoice = document.invoice
    xml.element("DatiGenerali") { xml in
      xml.element("DatiGeneraliDocumento") { xml in
        xml.element("TipoDocumento", document.typeCode == "381" ? "TD04" : "TD01")
        xml.element("Divisa", invoice.currency.code)
        xml.element("Data", invoice.issueDate.description)
        xml.element("Numero", invoice.number)
        xml.element("ImportoTotaleDocumento", document.amount(document.grandTotal))
        if let notes = invoice.notes { xml.element("Causale", String(notes.prefix(200))) }
      }
      if let order = invoice.purchaseOrder {
        xml.element("DatiOrdineAcquisto") { $0.element("IdDocumento", String(order.prefix(20))) }
      }
      if let preceding = invoice.precedingInvoice {
        xml.element("DatiFattureCollegate") { $0.element("IdDocumento", String(preceding.prefix(20))) }
      }
    }
  }
}
