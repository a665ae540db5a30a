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
    func escape(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    }
    var schemas = ""
    var xml = """
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/">
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">

      """
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
    xml += """
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
    if let facturX, let attachment {
      let namespace = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"
      xml += """
        <rdf:Description rdf:about="" xmlns:fx="\(namespace)">
        <fx:DocumentType>\(facturX.documentType)</fx:DocumentType>
        <fx:DocumentFileName>\(escape(attachment.name))</fx:DocumentFileName>
        <fx:Version>\(facturX.version)</fx:Version>
        <fx:ConformanceLevel>\(facturX.conformanceLevel)</fx:ConformanceLevel>
        </rdf:Description>

        """
      schemas += """
        <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>\(namespace)</pdfaSchema:namespaceURI>
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
      schemas += "</rdf:Seq></pdfaSchema:property>\n</rdf:li>\n"
    }
    if archival && universalAccess {
      schemas += """
        <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>
        <pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaProperty:name>part</pdfaProperty:name><pdfaProperty:valueType>Integer</pdfaProperty:valueType><pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description></rdf:li></rdf:Seq></pdfaSchema:property>
        </rdf:li>

        """
    }
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
}

/// The libqpdf steps that turn cairo 1.16's PDF into PDF/A-3b (see ../shared/research/einvoicing.md §1, §2).
enum PDFArchivePass {
  /// Makes `xml` the catalog's XMP metadata stream, left uncompressed (qpdf never compresses /Type /Metadata streams).
  static func writeMetadata(_ xml: String, to handle: qpdf_data?) {
    let xmp = Array(xml.utf8)
    let metadataStream = qpdf_oh_new_stream(handle)
    xmp.withUnsafeBufferPointer { bytes in
      qpdf_oh_replace_stream_data(
        handle, metadataStream, bytes.baseAddress, bytes.count, qpdf_oh_new_null(handle),
        qpdf_oh_new_null(handle))
    }
    let metadataDictionary = qpdf_oh_get_dict(handle, metadataStream)
    qpdf_oh_replace_key(handle, metadataDictionary, "/Type", qpdf_oh_new_name(handle, "/Metadata"))
    qpdf_oh_replace_key(handle, metadataDictionary, "/Subtype", qpdf_oh_new_name(handle, "/XML"))
    qpdf_oh_replace_key(
      handle, qpdf_get_root(handle), "/Metadata", qpdf_make_indirect_object(handle, metadataStream))
  }

  /// Applies `archive` to the document open in `handle`, whose Info the renderer wrote from `metadata`.
  static func apply(
    _ archive: PDFArchive, metadata: PDFMetadata, universalAccess: Bool = false, to handle: qpdf_data?
  ) {
    let date = metadata.effectiveDate
    let pdfDate = pdfDateString(date)
    let xmpDate = PDFMetadata.iso8601(date)
    let producer =
      "invoicegen (cairo \(String(cString: cairo_version_string())), libqpdf \(String(cString: qpdf_get_qpdf_version())))"
    // Info, rewritten from the same values as the XMP so the two can never differ (cairo writes dates without D:).
    let trailer = qpdf_get_trailer(handle)
    var infoDictionary = qpdf_oh_get_key(handle, trailer, "/Info")
    if qpdf_oh_is_dictionary(handle, infoDictionary) == 0 {
      infoDictionary = qpdf_make_indirect_object(handle, qpdf_oh_new_dictionary(handle))
      qpdf_oh_replace_key(handle, trailer, "/Info", infoDictionary)
    }
    func info(_ key: String, _ value: String?) {
      if let value, !value.isEmpty {
        // A text string from UTF-8 (PDFDocEncoding or UTF-16, as the text needs).
        qpdf_oh_replace_key(handle, infoDictionary, key, qpdf_oh_new_unicode_string(handle, value))
      } else {
        qpdf_oh_remove_key(handle, infoDictionary, key)
      }
    }
    info("/Title", metadata.title)
    info("/Author", metadata.author)
    info("/Subject", metadata.subject)
    info("/Keywords", metadata.keywords.isEmpty ? nil : metadata.keywords.joined(separator: ", "))
    info("/Creator", metadata.creator)
    info("/Producer", producer)
    qpdf_oh_replace_key(handle, infoDictionary, "/CreationDate", qpdf_oh_new_string(handle, pdfDate))
    qpdf_oh_replace_key(handle, infoDictionary, "/ModDate", qpdf_oh_new_string(handle, pdfDate))
    let root = qpdf_get_root(handle)
    writeMetadata(
      archive.xmp(metadata, producer: producer, date: xmpDate, universalAccess: universalAccess), to: handle)
    // The sRGB output intent: every colour cairo writes is DeviceRGB.
    let profile = qpdf_oh_new_stream(handle)
    SRGBProfile.flateData.withUnsafeBytes { bytes in
      qpdf_oh_replace_stream_data(
        handle, profile, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
        qpdf_oh_new_name(handle, "/FlateDecode"), qpdf_oh_new_null(handle))
    }
    qpdf_oh_replace_key(handle, qpdf_oh_get_dict(handle, profile), "/N", qpdf_oh_new_integer(handle, 3))
    let intent = qpdf_oh_parse(
      handle,
      "<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1) /RegistryName (http://www.color.org) /Info (sRGB IEC61966-2.1) >>"
    )
    qpdf_oh_replace_key(handle, intent, "/DestOutputProfile", qpdf_make_indirect_object(handle, profile))
    qpdf_oh_replace_key(handle, root, "/OutputIntents", qpdf_oh_wrap_in_array(handle, intent))
    // Annotations print (/F 4); images are never interpolated; CID fonts name their glyph map.
    var visited = Set<Int32>()
    for index in 0..<Int(qpdf_get_num_pages(handle)) {
      let page = qpdf_get_page_n(handle, index)
      let annotations = qpdf_oh_get_key(handle, page, "/Annots")
      if qpdf_oh_is_array(handle, annotations) != 0 {
        for item in 0..<qpdf_oh_get_array_n_items(handle, annotations) {
          let annotation = qpdf_oh_get_array_item(handle, annotations, item)
          qpdf_oh_replace_key(handle, annotation, "/F", qpdf_oh_new_integer(handle, 4))
        }
      }
      fixResources(in: qpdf_oh_get_key(handle, page, "/Resources"), handle, &visited)
    }
    if let attachment = archive.attachment { embed(attachment, date: pdfDate, root: root, handle) }
  }

  /// Fixes what PDF/A forbids under `resources` in one walk, following form XObjects once each.
  ///
  /// Images get `/Interpolate false`. CIDFontType2 fonts without `/CIDToGIDMap` get `/Identity`:
  /// the default the PDF specification gives the missing entry, and what cairo's subsets mean;
  /// PDF/A-2 and -3 (6.2.11.3.2) want it written.
  private static func fixResources(in resources: qpdf_oh, _ handle: qpdf_data?, _ visited: inout Set<Int32>) {
    guard qpdf_oh_is_dictionary(handle, resources) != 0 else { return }
    let fonts = qpdf_oh_get_key(handle, resources, "/Font")
    if qpdf_oh_is_dictionary(handle, fonts) != 0 {
      for key in keys(of: fonts, handle) {
        let descendants = qpdf_oh_get_key(handle, qpdf_oh_get_key(handle, fonts, key), "/DescendantFonts")
        guard qpdf_oh_is_array(handle, descendants) != 0 else { continue }
        for index in 0..<qpdf_oh_get_array_n_items(handle, descendants) {
          let descendant = qpdf_oh_get_array_item(handle, descendants, index)
          let subtype = qpdf_oh_get_key(handle, descendant, "/Subtype")
          if qpdf_oh_is_name_and_equals(handle, subtype, "/CIDFontType2") != 0,
            qpdf_oh_has_key(handle, descendant, "/CIDToGIDMap") == 0
          {
            qpdf_oh_replace_key(handle, descendant, "/CIDToGIDMap", qpdf_oh_new_name(handle, "/Identity"))
          }
        }
      }
    }
    let objects = qpdf_oh_get_key(handle, resources, "/XObject")
    guard qpdf_oh_is_dictionary(handle, objects) != 0 else { return }
    for key in keys(of: objects, handle) {
      let object = qpdf_oh_get_key(handle, objects, key)
      guard qpdf_oh_is_stream(handle, object) != 0 else { continue }
      let id = qpdf_oh_get_object_id(handle, object)
      if id != 0, !visited.insert(id).inserted { continue }
      let dictionary = qpdf_oh_get_dict(handle, object)
      if qpdf_oh_has_key(handle, dictionary, "/Interpolate") != 0 {
        qpdf_oh_replace_key(handle, dictionary, "/Interpolate", qpdf_oh_new_bool(handle, 0))
      }
      fixResources(in: qpdf_oh_get_key(handle, dictionary, "/Resources"), handle, &visited)
    }
  }

  /// The keys of the dictionary `object`.
  private static func keys(of object: qpdf_oh, _ handle: qpdf_data?) -> [String] {
    var keys: [String] = []
    qpdf_oh_begin_dict_key_iter(handle, object)
    while qpdf_oh_dict_more_keys(handle) != 0 { keys.append(String(cString: qpdf_oh_dict_next_key(handle))) }
    return keys
  }

  /// Embeds `attachment` as an associated file of the document (`/AF`, `/Names /EmbeddedFiles`).
  private static func embed(
    _ attachment: PDFArchive.Attachment, date: String, root: qpdf_oh, _ handle: qpdf_data?
  ) {
    let file = qpdf_oh_new_stream(handle)
    attachment.data.withUnsafeBytes { bytes in
      qpdf_oh_replace_stream_data(
        handle, file, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, qpdf_oh_new_null(handle),
        qpdf_oh_new_null(handle))
    }
    let fileDictionary = qpdf_oh_get_dict(handle, file)
    qpdf_oh_replace_key(handle, fileDictionary, "/Type", qpdf_oh_new_name(handle, "/EmbeddedFile"))
    qpdf_oh_replace_key(
      handle, fileDictionary, "/Subtype",
      qpdf_oh_new_name(handle, "/" + attachment.mimeType.replacingOccurrences(of: "/", with: "#2F")))
    let parameters = qpdf_oh_new_dictionary(handle)
    qpdf_oh_replace_key(handle, parameters, "/ModDate", qpdf_oh_new_string(handle, date))
    qpdf_oh_replace_key(
      handle, parameters, "/Size", qpdf_oh_new_integer(handle, Int64(attachment.data.count)))
    qpdf_oh_replace_key(handle, fileDictionary, "/Params", parameters)
    let fileReference = qpdf_make_indirect_object(handle, file)
    let specification = qpdf_oh_new_dictionary(handle)
    qpdf_oh_replace_key(handle, specification, "/Type", qpdf_oh_new_name(handle, "/Filespec"))
    qpdf_oh_replace_key(handle, specification, "/F", qpdf_oh_new_string(handle, attachment.name))
    qpdf_oh_replace_key(handle, specification, "/UF", qpdf_oh_new_unicode_string(handle, attachment.name))
    qpdf_oh_replace_key(
      handle, specification, "/Desc", qpdf_oh_new_unicode_string(handle, attachment.description))
    qpdf_oh_replace_key(
      handle, specification, "/AFRelationship", qpdf_oh_new_name(handle, "/" + attachment.relationship))
    let embedded = qpdf_oh_new_dictionary(handle)
    qpdf_oh_replace_key(handle, embedded, "/F", fileReference)
    qpdf_oh_replace_key(handle, embedded, "/UF", fileReference)
    qpdf_oh_replace_key(handle, specification, "/EF", embedded)
    let specificationReference = qpdf_make_indirect_object(handle, specification)
    let names = qpdf_oh_new_array(handle)
    qpdf_oh_append_item(handle, names, qpdf_oh_new_unicode_string(handle, attachment.name))
    qpdf_oh_append_item(handle, names, specificationReference)
    let files = qpdf_oh_new_dictionary(handle)
    qpdf_oh_replace_key(handle, files, "/Names", names)
    let nameTree = qpdf_oh_new_dictionary(handle)
    qpdf_oh_replace_key(handle, nameTree, "/EmbeddedFiles", files)
    qpdf_oh_replace_key(handle, root, "/Names", nameTree)
    qpdf_oh_replace_key(handle, root, "/AF", qpdf_oh_wrap_in_array(handle, specificationReference))
  }

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
