import CLibXML2
import Foundation

/// Reads an XML file one node at a time with libxml2's streaming reader, in bounded memory and safely.
///
/// No DTD is loaded and no network is used. A DOCTYPE with an internal subset (where XXE and
/// "billion laughs" files declare their entities) is refused before libxml2 reads a byte, so no
/// entity is ever declared, and an entity reference is never expanded; with that settled,
/// libxml2's size limits are lifted (`XML_PARSE_HUGE`), so a 10 MB stack trace is read, and kept
/// up to `maxTextBytes`. Errors carry the file, line and column libxml2 reports.
final class XMLStreamReader {
  /// What the reader stands on.
  enum Node: Equatable {
    /// An opening tag; `isEmpty` for `<a/>`.
    case start(name: String, isEmpty: Bool)
    case end(name: String)
    /// Text or CDATA inside an element.
    case text(String)
  }

  /// Why reading stopped.
  struct Failure: Error, Equatable {
    var message: String
    var line: Int?
    var column: Int?
  }

  /// The most bytes of one text node kept (a 10 MB stack trace keeps its first 256 KiB).
  static let maxTextBytes = 256 << 10

  private let reader: xmlTextReaderPtr
  private let errors = ErrorBox()
  let file: String

  /// A reader of the file at `path`, called `file` in messages.
  init(path: String, file: String) throws(Failure) {
    self.file = file
    try XMLStreamReader.refuseInternalSubset(path: path)
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
        | XML_PARSE_HUGE.rawValue)
    guard let reader = xmlReaderForFile(path, nil, options) else {
      throw Failure(message: "cannot be read: \(String(cString: strerror(errno)))")
    }
    self.reader = reader
    xmlTextReaderSetStructuredErrorHandler(
      reader,
      { context, error in
        guard let context, let error else { return }
        let box = Unmanaged<ErrorBox>.fromOpaque(context).takeUnretainedValue()
        guard box.first == nil else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        box.first = Failure(
          message: message.trimmingCharacters(in: .whitespacesAndNewlines), line: Int(error.pointee.line),
          column: Int(error.pointee.int2))
      }, Unmanaged.passUnretained(errors).toOpaque())
  }

  deinit {
    xmlFreeTextReader(reader)
    // A document the reader handed out (`xmlTextReaderCurrentDoc`) is then the caller's to free.
    if let document { xmlFreeDoc(document) }
  }

  /// The document libxml2 built, once asked for, freed with the reader.
  private var document: xmlDocPtr?

  /// Refuses a file whose DOCTYPE has an internal subset (`<!DOCTYPE x [ … ]>`), found in its first 64 KiB.
  ///
  /// Test reports never declare entities; XXE and entity-expansion files must. A DOCTYPE that only
  /// names an external DTD (gcovr writes one) is allowed: the DTD is never loaded.
  static func refuseInternalSubset(path: String) throws(Failure) {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw Failure(message: "cannot be read: \(String(cString: strerror(errno)))")
    }
    defer { try? handle.close() }
    let head = Array((try? handle.read(upToCount: 64 << 10)) ?? Data())
    let marker = Array("<!DOCTYPE".utf8)
    guard let start = head.indices.first(where: { head[$0...].starts(with: marker) }) else { return }
    var quote: UInt8?
    var line = 1 + head[..<start].filter { $0 == 0x0A }.count
    for byte in head[(start + marker.count)...] {
      if byte == 0x0A { line += 1 }
      if let open = quote {
        if byte == open { quote = nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
      case UInt8(ascii: ">"): return
      case UInt8(ascii: "["):
        throw Failure(
          message:
            "has a DOCTYPE that declares its own entities or elements, which invoicegen never reads (XML external entities and entity expansion are refused)",
          line: line)
      default: continue
      }
    }
  }

  /// Collects the first error libxml2 reports.
  private final class ErrorBox {
    var first: Failure?
  }

  /// The line of the node the reader stands on (the parser may have read further).
  var line: Int {
    if let node = xmlTextReaderCurrentNode(reader) {
      let line = xmlGetLineNo(node)
      if line > 0 { return line }
    }
    return Int(xmlTextReaderGetParserLineNumber(reader))
  }
  var column: Int { Int(xmlTextReaderGetParserColumnNumber(reader)) }

  /// The elements open where the reader stands, outermost first.
  private var open: [String] = []

  /// The error that stopped libxml2, in words that say what happened.
  ///
  /// libxml2's reader reports a file that ends inside an element as "Extra content at the end of
  /// the document"; a truncated file is the usual reason, so it is named so.
  private var failure: Failure {
    var first = errors.first ?? Failure(message: "malformed XML", line: line, column: column)
    if let inner = open.last,
      first.message.hasPrefix("Extra content at the end") || first.message.hasPrefix("Premature end")
    {
      first.message = "the file ends inside <\(inner)>: is it truncated?"
    }
    return first
  }

  /// The next element start, end or text, or nil at the end of the document.
  func next() throws(Failure) -> Node? {
    while true {
      let status = xmlTextReaderRead(reader)
      if status == 0 { return nil }
      guard status == 1 else { throw failure }
      switch xmlTextReaderNodeType(reader) {
      case Int32(XML_READER_TYPE_ELEMENT.rawValue):
        let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
        if !isEmpty { open.append(name) }
        return .start(name: name, isEmpty: isEmpty)
      case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
        if !open.isEmpty { open.removeLast() }
        return .end(name: name)
      case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
        return .text(value)
      case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
        try refuseEntityDeclarations()
      case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue), Int32(XML_READER_TYPE_ENTITY.rawValue):
        throw Failure(
          message: "uses the entity &\(name);, which invoicegen never expands", line: line, column: column)
      default:
        continue
      }
    }
  }

  /// Refuses a DOCTYPE whose internal subset declares entities: XXE and entity-expansion attacks need them, test reports never do.
  private func refuseEntityDeclarations() throws(Failure) {
    if document == nil { document = xmlTextReaderCurrentDoc(reader) }
    guard let document else { return }
    for dtd in [document.pointee.intSubset, document.pointee.extSubset] {
      if let dtd, dtd.pointee.entities != nil || dtd.pointee.pentities != nil {
        throw Failure(
          message:
            "declares entities in its DOCTYPE, which invoicegen never reads (XML external entities and entity expansion are refused)",
          line: line, column: column)
      }
    }
  }

  /// The local name of the current node.
  private var name: String {
    guard let name = xmlTextReaderConstLocalName(reader) else { return "" }
    return String(cString: name)
  }

  /// The value of the current node, cut at `maxTextBytes`.
  private var value: String {
    guard let text = xmlTextReaderConstValue(reader) else { return "" }
    let length = strnlen(
      UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), XMLStreamReader.maxTextBytes + 1)
    if length <= XMLStreamReader.maxTextBytes { return String(cString: text) }
    var end = XMLStreamReader.maxTextBytes
    // Never cut inside a UTF-8 sequence.
    while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: UnsafeBufferPointer(start: text, count: end), as: UTF8.self) + "\n…"
  }

  /// The attributes of the current element, by local name.
  func attributes() -> [String: String] {
    var result: [String: String] = [:]
    guard xmlTextReaderHasAttributes(reader) == 1 else { return result }
    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
      result[name] = value
    }
    xmlTextReaderMoveToElement(reader)
    return result
  }

  /// Skips to the end of the current element (its children unread).
  func skipElement() throws(Failure) {
    guard xmlTextReaderIsEmptyElement(reader) != 1 else { return }
    let depth = xmlTextReaderDepth(reader)
    while true {
      let status = xmlTextReaderRead(reader)
      guard status == 1 else {
        if status == 0 { return }
        throw failure
      }
      if xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_END_ELEMENT.rawValue),
        xmlTextReaderDepth(reader) == depth
      {
        if !open.isEmpty { open.removeLast() }
        return
      }
    }
  }
}
