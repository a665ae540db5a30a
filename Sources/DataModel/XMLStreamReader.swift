import CLibXML2
import Foundation

/// Reads an XML file one node at a time with libxml2's streaming reader, in bounded memory and safely.
///
/// No DTD is loaded and no network is used; a document that declares entities (the way XXE and
/// "billion laughs" files work) is refused before any is used, and an entity reference is never
/// expanded. Text longer than `maxTextBytes` is cut there (the rest is read past). Errors carry
/// the file, line and column libxml2 reports.
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
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)
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
  }

  /// Collects the first error libxml2 reports.
  private final class ErrorBox {
    var first: Failure?
  }

  /// The line the reader is on.
  var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }
  var column: Int { Int(xmlTextReaderGetParserColumnNumber(reader)) }

  /// The next element start, end or text, or nil at the end of the document.
  func next() throws(Failure) -> Node? {
    while true {
      let status = xmlTextReaderRead(reader)
      if status == 0 { return nil }
      guard status == 1 else {
        throw errors.first ?? Failure(message: "malformed XML", line: line, column: column)
      }
      switch xmlTextReaderNodeType(reader) {
      case Int32(XML_READER_TYPE_ELEMENT.rawValue):
        return .start(name: name, isEmpty: xmlTextReaderIsEmptyElement(reader) == 1)
      case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
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
    guard let document = xmlTextReaderCurrentDoc(reader) else { return }
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
        throw errors.first ?? Failure(message: "malformed XML", line: line, column: column)
      }
      if xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_END_ELEMENT.rawValue),
        xmlTextReaderDepth(reader) == depth
      {
        return
      }
    }
  }
}
