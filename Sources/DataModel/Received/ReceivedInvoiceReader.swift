/// Reads a received e-invoice (XRechnung, Peppol BIS, Factur-X/ZUGFeRD XML, FatturaPA) into a `ReceivedInvoice`.
///
/// The syntax is the root element's: `CrossIndustryInvoice` is CII, `Invoice` or `CreditNote` is
/// UBL. The file is read by `XMLStreamReader` (no DOCTYPE, no entity, nothing fetched). Errors name
/// the file, the line and the business term; the arithmetic of the stated amounts is checked, and
/// every rule that does not hold is listed, never corrected.
public enum ReceivedInvoiceReader {
  /// The syntax of the XML at `path` from its root element, or nil when it is not an e-invoice (or not XML).
  public static func syntax(ofFileAt path: String) -> ReceivedInvoice.Syntax? {
    guard let reader = try? XMLStreamReader(path: path, file: path),
      case .start(let name, _)? = try? reader.next()
    else { return nil }
    return syntax(root: name)
  }

  static func syntax(root: String) -> ReceivedInvoice.Syntax? {
    switch root {
    case "CrossIndustryInvoice": return .cii
    case "Invoice", "CreditNote": return .ubl
    case "FatturaElettronica": return .fatturaPA
    case "Faktura": return .ksef
    default: return nil
    }
  }

  /// The invoice in the XML file at `path`, called `file` in messages; a FatturaPA lotto of
  /// several invoices is refused here (`readEach` reads it).
  public static func read(path: String, file: String) throws(ReceivedInvoiceError) -> ReceivedInvoice {
    let each = try readEach(path: path, file: file)
    guard each.count == 1 else {
      throw ReceivedInvoiceError(
        file: file, line: nil,
        message: "the file holds \(each.count) invoices (a lotto of FatturaElettronicaBody)")
    }
    return try each[0].get()
  }

  /// Each invoice in the XML file at `path`, called `file` in messages: one for CII and UBL, one
  /// per `FatturaElettronicaBody` of a FatturaPA lotto, where a body that cannot be read fails alone.
  /// A file that cannot be read at all throws.
  public static func readEach(path: String, file: String) throws(ReceivedInvoiceError) -> [Result<
    ReceivedInvoice, ReceivedInvoiceError
  >] {
    let root: XMLElement
    do {
      root = try XMLElement.read(path: path, file: file)
    } catch {
      throw ReceivedInvoiceError(file: file, line: error.line, message: error.message)
    }
    let fields = ReceivedFields(file: file)
    try checkIdentity(root, fields: fields)
    switch syntax(root: root.name) {
    case .cii:
      return [
        Result { () throws(ReceivedInvoiceError) in
          try assemble(CIIInvoiceReading(fields: fields).read(root), fields: fields, root: root, syntax: .cii)
        }
      ]
    case .ubl:
      return [
        Result { () throws(ReceivedInvoiceError) in
          try assemble(UBLInvoiceReading(fields: fields).read(root), fields: fields, root: root, syntax: .ubl)
        }
      ]
    case .fatturaPA:
      let bodies = root.all("FatturaElettronicaBody")
      guard !bodies.isEmpty else {
        throw fields.fail(root, "FatturaElettronicaBody is missing: the file holds no invoice")
      }
      let reading = FatturaPAInvoiceReading(fields: fields)
      return bodies.map { body in
        Result { () throws(ReceivedInvoiceError) in
          try assemble(reading.read(root, body: body), fields: fields, root: body, syntax: .fatturaPA)
        }
      }
    case .ksef:
      return [
        Result { () throws(ReceivedInvoiceError) in
          try assemble(
            KSeFInvoiceReading(fields: fields).read(root), fields: fields, root: root, syntax: .ksef)
        }
      ]
    case nil:
      throw fields.fail(
        root,
        "not an e-invoice: the root element is <\(root.name)>, not CII's <CrossIndustryInvoice>, UBL's <Invoice> or <CreditNote>, FatturaPA's <FatturaElettronica> or FA(3)'s <Faktura>"
      )
    }
  }

  /// The namespace URI each syntax's root element must be in.
  static func namespace(root: String) -> String? {
    switch root {
    case "CrossIndustryInvoice": return "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
    case "Invoice": return "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
    case "CreditNote": return "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
    case "FatturaElettronica": return "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"
    case "Faktura": return "http://crd.gov.pl/wzor/2025/06/25/13775/"
    default: return nil
    }
  }

  /// Refuses a root element of the right name in another namespace (or none), and a FatturaPA
  /// whose `versione` is not 1.2's: such a file is some other document, never read as an invoice.
  private static func checkIdentity(_ root: XMLElement, fields: ReceivedFields) throws(ReceivedInvoiceError) {
    guard let expected = namespace(root: root.name) else { return }
    guard root.namespace == expected else {
      let actual = root.namespace.map { "namespace \"\($0)\"" } ?? "no namespace"
      throw fields.fail(
        root, "the root <\(root.name)> is in \(actual), not \"\(expected)\": not an e-invoice of that kind")
    }
    if root.name == "FatturaElettronica" {
      let version = root.attributes["versione"] ?? ""
      guard version == "FPA12" || version == "FPR12" else {
        throw fields.fail(
          root,
          "versione \"\(version)\" is not FatturaPA 1.2's FPA12 (to a public administration) or FPR12 (between private parties)"
        )
      }
    }
  }

  private static func assemble(
    _ draft: ReceivedDraft, fields: ReceivedFields, root: XMLElement, syntax: ReceivedInvoice.Syntax
  ) throws(ReceivedInvoiceError) -> ReceivedInvoice {
    try ReceivedAssembly(draft: draft, fields: fields, root: root).invoice(syntax: syntax)
  }
}
