import CLibXML2
import Foundation

/// Reads an XML file one node at a time, in bounded memory, with entities refused by construction.
///
/// libxml2's push parser reads the file in 64 KiB chunks and calls this reader's own SAX
/// handler, which queues element starts, ends and text for `next()`. The handler has no entity
/// store at all: the parser stops at the `[` of a DOCTYPE's internal subset, where XXE and
/// "billion laughs" files declare their entities, before any declaration is read, and at any
/// reference to an entity that is not one of XML's five. Whatever the encoding (UTF-8, UTF-16,
/// a declared one) and whatever comes before the DOCTYPE (comments, padding), the parser itself
/// says where it is, so there is no pre-scan to fool. No DTD is loaded, no network is used and
/// libxml2's own limits stay on (no `XML_PARSE_HUGE`); text is delivered in pieces and kept up to
/// `maxTextBytes` per node, so a 10 MB stack trace is read. Errors carry the file, line and column.
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
  /// The bytes read from the file and handed to the parser at a time.
  static let chunkBytes = 64 << 10

  let file: String
  private let descriptor: Int32
  private let parser: xmlParserCtxtPtr
  private let state: ParseState
  private var finished = false
  /// The attributes of the element `next()` returned last.
  private var currentAttributes: [String: String] = [:]
  /// Where the node `next()` returned last starts (its line; the column libxml2 reports there).
  private(set) var line = 1
  private(set) var column = 0

  /// A reader of the file at `path`, called `file` in messages.
  init(path: String, file: String) throws(Failure) {
    self.file = file
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Failure(message: "cannot be read: \(String(cString: strerror(errno)))")
    }
    let state = ParseState()
    var handler = XMLStreamReader.makeHandler()
    // The first bytes tell the parser the encoding (a BOM, or `<?xml` in UTF-16).
    var head = [UInt8](repeating: 0, count: 4)
    let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4) }
    guard
      count >= 0,
      let parser = head.withUnsafeBufferPointer({ bytes in
        bytes.withMemoryRebound(to: CChar.self) {
          xmlCreatePushParserCtxt(
            &handler, Unmanaged.passUnretained(state).toOpaque(), $0.baseAddress, Int32(count), file)
        }
      })
    else {
      let reason = count < 0 ? String(cString: strerror(errno)) : "libxml2 could not start a parser"
      close(descriptor)
      throw Failure(message: "cannot be read: \(reason)")
    }
    self.descriptor = descriptor
    self.state = state
    self.parser = parser
    state.parser = parser
    xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
  }

  deinit {
    if let document = parser.pointee.myDoc { xmlFreeDoc(document) }
    xmlFreeParserCtxt(parser)
    close(descriptor)
  }

  /// The next element start, end or text, or nil at the end of the document.
  func next() throws(Failure) -> Node? {
    while state.queue.isEmpty {
      if let failure = state.failure { throw failure }
      if finished { return nil }
      try feed()
    }
    let event = state.queue[state.head]
    state.head += 1
    if state.head == state.queue.count {
      state.queue.removeAll(keepingCapacity: true)
      state.head = 0
    }
    line = event.line
    column = event.column
    currentAttributes = event.attributes
    return event.node
  }

  /// The namespace URI of the root element, once it is read (nil when it has none).
  var rootNamespace: String? { state.rootNamespace }

  /// The first character of the text read so far that no renderer draws (noncharacters, controls), and where.
  var firstUnrenderable: (scalar: Unicode.Scalar, line: Int, field: String)? { state.unrenderable }

  /// Reads one chunk of the file into the parser, which queues what it finds.
  private func feed() throws(Failure) {
    var chunk = [UInt8](repeating: 0, count: XMLStreamReader.chunkBytes)
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, XMLStreamReader.chunkBytes) }
    guard count >= 0 else { throw Failure(message: "cannot be read: \(String(cString: strerror(errno)))") }
    finished = count == 0
    let status = chunk.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        xmlParseChunk(parser, $0.baseAddress, Int32(count), finished ? 1 : 0)
      }
    }
    if finished { state.flushText() }
    if status != 0, state.failure == nil {
      state.failure = Failure(message: "malformed XML", line: Int(xmlSAX2GetLineNumber(parser)))
    }
    if let failure = state.failure, state.queue.isEmpty { throw failure }
  }

  /// The attributes of the current element, by local name.
  func attributes() -> [String: String] { currentAttributes }

  /// Skips to the end of the current element (its children unread).
  func skipElement() throws(Failure) {
    var depth = 1
    while depth > 0, let node = try next() {
      switch node {
      case .start(_, let isEmpty): if !isEmpty { depth += 1 }
      case .end: depth -= 1
      case .text: continue
      }
    }
  }

  /// What the SAX callbacks build while the parser runs: the queued nodes, the text being read, the first error.
  private final class ParseState {
    struct Event {
      var node: Node
      var line: Int
      var column: Int
      var attributes: [String: String] = [:]
    }

    var parser: xmlParserCtxtPtr?
    var queue: [Event] = []
    /// Whether the root element has started, and its namespace URI.
    var sawRoot = false
    var rootNamespace: String?
    var head = 0
    var failure: Failure?
    var open: [String] = []
    var text: [UInt8] = []
    var textLength = 0
    var textLine = 0
    var unrenderable: (scalar: Unicode.Scalar, line: Int, field: String)?

    var currentLine: Int { parser.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }
    var currentColumn: Int { parser.map { Int(xmlSAX2GetColumnNumber($0)) } ?? 0 }

    /// Stops the parser with `message` at the parser's position, unless it already stopped.
    func stop(_ message: String) {
      guard failure == nil else { return }
      failure = Failure(message: message, line: currentLine, column: currentColumn)
      if let parser { xmlStopParser(parser) }
    }

    /// Appends a piece of text, keeping at most `maxTextBytes` of one node.
    func append(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
      if textLength == 0 { textLine = currentLine }
      textLength += count
      let room = XMLStreamReader.maxTextBytes - text.count
      if room > 0 { text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: min(room, count))) }
    }

    /// Queues the text read since the last tag as one node; whitespace between elements is dropped.
    func flushText() {
      guard textLength > 0 else { return }
      defer {
        text.removeAll(keepingCapacity: text.count < 1 << 16)
        textLength = 0
      }
      guard text.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return }
      var value: String
      if textLength > text.count {
        // Never cut inside a UTF-8 sequence: drop a last sequence that lost its end.
        var lead = text.count - 1
        while lead > 0, text[lead] & 0xC0 == 0x80 { lead -= 1 }
        let length = text[lead] >= 0xF0 ? 4 : text[lead] >= 0xE0 ? 3 : text[lead] >= 0xC0 ? 2 : 1
        let end = lead + length <= text.count ? text.count : lead
        value = String(decoding: text[..<end], as: UTF8.self) + "\n…"
      } else {
        value = String(decoding: text, as: UTF8.self)
      }
      note(value, line: textLine) { "the text of <\(open.last ?? "")>" }
      queue.append(Event(node: .text(value), line: textLine, column: 0))
    }

    /// Remembers the first character of `value` that no renderer draws, in the place `field` names.
    func note(_ value: String, line: Int, field: () -> String) {
      guard unrenderable == nil, let scalar = UnrenderableText.first(in: value) else { return }
      unrenderable = (scalar, line, field())
    }

    static func of(_ context: UnsafeMutableRawPointer?) -> ParseState {
      Unmanaged<ParseState>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Queues an element's start with its attributes (libxml2's five pointers per attribute).
    func startElement(
      _ localName: UnsafePointer<xmlChar>?, namespace: UnsafePointer<xmlChar>?, attributeCount: Int32,
      _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
      flushText()
      let name = localName.map { String(cString: $0) } ?? ""
      if !sawRoot {
        sawRoot = true
        rootNamespace = namespace.map { String(cString: $0) }
      }
      var values: [String: String] = [:]
      if let attributes {
        for index in 0..<Int(attributeCount) {
          let base = index * 5
          guard let localName = attributes[base], let start = attributes[base + 3],
            let end = attributes[base + 4]
          else { continue }
          let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
          let key = String(cString: localName)
          note(value, line: currentLine) { "attribute \(key) of <\(name)>" }
          values[key] = value
        }
      }
      open.append(name)
      queue.append(
        Event(
          node: .start(name: name, isEmpty: false), line: currentLine, column: currentColumn,
          attributes: values))
    }

    /// Queues an element's end, or marks its start empty when nothing came between them.
    func endElement(_ localName: UnsafePointer<xmlChar>?) {
      flushText()
      let name = localName.map { String(cString: $0) } ?? ""
      if !open.isEmpty { open.removeLast() }
      // `<a/>` and `<a></a>` both arrive as a start and an end: the start of an element with no
      // children that ends right away is reported as empty, as a streaming reader would.
      if let last = queue.last, queue.count > head, case .start(let started, false) = last.node,
        started == name
      {
        queue[queue.count - 1].node = .start(name: name, isEmpty: true)
        return
      }
      queue.append(Event(node: .end(name: name), line: currentLine, column: currentColumn))
    }

    /// Keeps the first error libxml2 reports, naming a file that ends inside an element as truncated.
    func report(_ error: UnsafePointer<xmlError>) {
      guard failure == nil else { return }
      var message = (error.pointee.message.map { String(cString: $0) } ?? "malformed XML")
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if let inner = open.last,
        message.hasPrefix("Extra content at the end") || message.hasPrefix("Premature end")
          || message.hasPrefix("EndTag: '</' not found")
      {
        message = "the file ends inside <\(inner)>: is it truncated?"
      }
      failure = Failure(message: message, line: Int(error.pointee.line), column: Int(error.pointee.int2))
    }
  }

  /// The SAX handler: elements, text and errors queued; a DOCTYPE's internal subset and every entity refused.
  private static func makeHandler() -> xmlSAXHandler {
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = { context, localName, _, namespace, _, _, attributeCount, _, attributes in
      ParseState.of(context).startElement(
        localName, namespace: namespace, attributeCount: attributeCount, attributes)
    }
    handler.endElementNs = { context, localName, _, _ in ParseState.of(context).endElement(localName) }
    let characters: charactersSAXFunc = { context, bytes, count in
      guard let bytes, count > 0 else { return }
      ParseState.of(context).append(bytes, Int(count))
    }
    handler.characters = characters
    handler.cdataBlock = characters
    handler.ignorableWhitespace = characters
    handler.internalSubset = { context, _, _, _ in
      let state = ParseState.of(context)
      // Called after the DOCTYPE's name and external id, standing on `[` when an internal subset follows.
      guard let input = state.parser?.pointee.input, let cursor = input.pointee.cur, cursor.pointee == 0x5B
      else { return }
      state.stop(
        "has a DOCTYPE that declares its own entities or elements, which invoicegen never reads (XML external entities and entity expansion are refused)"
      )
    }
    handler.entityDecl = { context, name, _, _, _, _ in
      ParseState.of(context).stop(
        "declares the entity \(name.map { String(cString: $0) } ?? ""), which invoicegen never reads (XML external entities and entity expansion are refused)"
      )
    }
    handler.getEntity = { _, _ in nil }
    handler.getParameterEntity = { _, _ in nil }
    handler.reference = { context, name in
      ParseState.of(context).stop(
        "uses the entity &\(name.map { String(cString: $0) } ?? "");, which invoicegen never expands")
    }
    handler.serror = { context, error in
      guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      ParseState.of(context).report(error)
    }
    return handler
  }
}
