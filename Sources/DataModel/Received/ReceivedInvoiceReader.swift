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
    default: return nil
    }
  }

  /// The invoice in the XML file at `path`, called `file` in messages.
  public static func read(path: String, file: String) throws(ReceivedInvoiceError) -> ReceivedInvoice {
    let root: XMLElement
    do {
      root = try XMLElement.read(path: path, file: file)
    } catch {
      throw ReceivedInvoiceError(file: file, line: error.line, message: error.message)
    }
    let fields = ReceivedFields(file: file)
    let draft: ReceivedDraft
    switch syntax(root: root.name) {
    case .cii: draft = try CIIInvoiceReading(fields: fields).read(root)
    case .ubl: draft = try UBLInvoiceReading(fields: fields).read(root)
    case .fatturaPA: draft = try FatturaPAInvoiceReading(fields: fields).read(root)
    case nil:
      throw fields.fail(
        root,
        "not an e-invoice: the root element is <\(root.name)>, not CII's <CrossIndustryInvoice>, UBL's <Invoice> or <CreditNote>, or FatturaPA's <FatturaElettronica>"
      )
    }
    return try ReceivedAssembly(draft: draft, fields: fields, root: root).invoice(
      syntax: syntax(root: root.name) ?? .cii)
  }
}
