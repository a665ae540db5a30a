import CCairo
import Foundation

/// What makes a PDF an archival PDF/A-3b, and the file it may carry (a Factur-X invoice's XML).
public struct PDFArchive: Sendable {
  /// A file embedded in the PDF as an associated file (`/AF`).
  public struct Attachment: Sendable {
    /// The file's name in the PDF ("factur-x.xml").
    public var name: String
    public var data: Data
    public var mimeType: String
    public var description: String
    /// How the file relates to the document: `Alternative` (the same invoice, machine-readable), `Data`, `Source`.
    public var relationship: String

    public init(name: String, data: Data, mimeType: String, description: String, relationship: String) {
      self.name = name
      self.data = data
      self.mimeType = mimeType
      self.description = description
      self.relationship = relationship
    }
  }

  /// The Factur-X / ZUGFeRD XMP properties of an e-invoice attachment.
  public struct FacturX: Sendable {
    /// `EN 16931`, `BASIC`, `EXTENDED`…
    public var conformanceLevel: String
    public var documentType = "INVOICE"
    public var version = "1.0"

    public init(conformanceLevel: String) {
      self.conformanceLevel = conformanceLevel
    }
  }

  public var attachment: Attachment?
  public var facturX: FacturX?

  public init(attachment: Attachment? = nil, facturX: FacturX? = nil) {
    self.attachment = attachment
    self.facturX = facturX
  }

  /// The XMP packet: PDF/A-3b identification (when `archival`), PDF/UA-1 identification (when
  /// `universalAccess`), the document information (equal to the Info dictionary), Factur-X.
  func xmp(
    _ metadata: PDFMetadata, producer: String, date: String, archival: Bool = true,
    universalAccess: Bool = false
  ) -> String {
    var xml = """
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/">
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">

      """
    xml += PDFArchive.identification(archival: archival, universalAccess: universalAccess)
    xml += PDFArchive.documentInformation(metadata, producer: producer, date: date)
    xml += facturXDescription()
    let schemas = facturXSchema() + (archival && universalAccess ? PDFArchive.universalAccessSchema : "")
    if !schemas.isEmpty {
      // PDF/A requires one description of every namespace it does not predefine (fx, pdfuaid), in one bag.
      xml += """
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
        <pdfaExtension:schemas><rdf:Bag>
        \(schemas)</rdf:Bag></pdfaExtension:schemas>
        </rdf:Description>

        """
    }
    xml += "</rdf:RDF>\n</x:xmpmeta>\n"
    // Padding lets a later editor grow the packet in place, as XMP recommends.
    xml += String(repeating: String(repeating: " ", count: 99) + "\n", count: 20)
    xml += "<?xpacket end=\"w\"?>"
    return xml
  }

  /// `text` with `&`, `<` and `>` escaped for XML.
  static func escape(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
      })
    else { return text }
    return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// The PDF/A-3b and PDF/UA-1 identification descriptions asked for.
  static func identification(archival: Bool, universalAccess: Bool) -> String {
    var xml = ""
    if archival {
      xml += """
        <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
        <pdfaid:part>3</pdfaid:part>
        <pdfaid:conformance>B</pdfaid:conformance>
        </rdf:Description>

        """
    }
    if universalAccess {
      xml += """
        <rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
        <pdfuaid:part>1</pdfuaid:part>
        </rdf:Description>

        """
    }
    return xml
  }

  /// The Dublin Core, PDF and XMP descriptions: the same title, author, subject, keywords, creator and dates as the Info dictionary.
  static func documentInformation(_ metadata: PDFMetadata, producer: String, date: String) -> String {
    var xml = """
      <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>

      """
    if let title = metadata.title {
      xml +=
        "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escape(title))</rdf:li></rdf:Alt></dc:title>\n"
    }
    if let author = metadata.author {
      xml += "<dc:creator><rdf:Seq><rdf:li>\(escape(author))</rdf:li></rdf:Seq></dc:creator>\n"
    }
    if let subject = metadata.subject {
      xml +=
        "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escape(subject))</rdf:li></rdf:Alt></dc:description>\n"
    }
    xml += """
      </rdf:Description>
      <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>\(escape(producer))</pdf:Producer>

      """
    if !metadata.keywords.isEmpty {
      xml += "<pdf:Keywords>\(escape(metadata.keywords.joined(separator: ", ")))</pdf:Keywords>\n"
    }
    xml += """
      </rdf:Description>
      <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">

      """
    if let creator = metadata.creator { xml += "<xmp:CreatorTool>\(escape(creator))</xmp:CreatorTool>\n" }
    xml += """
      <xmp:CreateDate>\(date)</xmp:CreateDate>
      <xmp:ModifyDate>\(date)</xmp:ModifyDate>
      <xmp:MetadataDate>\(date)</xmp:MetadataDate>
      </rdf:Description>

      """
    return xml
  }

  /// The Factur-X namespace of the XMP properties.
  static let facturXNamespace = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"

  /// The Factur-X description (document type, file name, version, conformance level), when the attachment is one.
  func facturXDescription() -> String {
    guard let facturX, let attachment else { return "" }
    return """
      <rdf:Description rdf:about="" xmlns:fx="\(PDFArchive.facturXNamespace)">
      <fx:DocumentType>\(facturX.documentType)</fx:DocumentType>
      <fx:DocumentFileName>\(PDFArchive.escape(attachment.name))</fx:DocumentFileName>
      <fx:Version>\(facturX.version)</fx:Version>
      <fx:ConformanceLevel>\(facturX.conformanceLevel)</fx:ConformanceLevel>
      </rdf:Description>

      """
  }

  /// The PDF/A extension schema of the Factur-X properties, when the attachment is one.
  func facturXSchema() -> String {
    guard facturX != nil, attachment != nil else { return "" }
    var schemas = """
      <rdf:li rdf:parseType="Resource">
      <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
      <pdfaSchema:namespaceURI>\(PDFArchive.facturXNamespace)</pdfaSchema:namespaceURI>
      <pdfaSchema:prefix>fx</pdfaSchema:prefix>
      <pdfaSchema:property><rdf:Seq>

      """
    for (name, about) in [
      ("DocumentFileName", "The name of the embedded XML document"),
      ("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"),
      ("Version", "The actual version of the standard applying to the embedded XML document"),
      ("ConformanceLevel", "The conformance level of the embedded XML document"),
    ] {
      schemas += """
        <rdf:li rdf:parseType="Resource"><pdfaProperty:name>\(name)</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>\(about)</pdfaProperty:description></rdf:li>

        """
    }
    return schemas + "</rdf:Seq></pdfaSchema:property>\n</rdf:li>\n"
  }

  /// The PDF/A extension schema of the PDF/UA identification.
  static let universalAccessSchema = """
    <rdf:li rdf:parseType="Resource">
    <pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>
    <pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>
    <pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>
    <pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaProperty:name>part</pdfaProperty:name><pdfaProperty:valueType>Integer</pdfaProperty:valueType><pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description></rdf:li></rdf:Seq></pdfaSchema:property>
    </rdf:li>

    """
}

extension PDFArchive {
  /// `D:YYYYMMDDHHmmSS+00'00'`, the PDF date of `date` in UTC.
  static func pdfDateString(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "D:%04d%02d%02d%02d%02d%02d+00'00'", parts.year!, parts.month!, parts.day!, parts.hour!,
      parts.minute!,
      parts.second!)
  }
}
