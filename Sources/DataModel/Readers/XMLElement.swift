/// One element of a small XML document read whole: its local name, attributes, text and children.
///
/// Received e-invoices are a few kilobytes to a few hundred: they are read into this tree (through
/// `XMLStreamReader`, with its refusal of DOCTYPEs and entities) and walked by local names, so the
/// namespace prefixes a sender chose do not matter.
public final class XMLElement: Sendable {
  public let name: String
  public let attributes: [String: String]
  /// The element's own text, trimmed (empty for elements that hold elements).
  public let text: String
  public let children: [XMLElement]
  /// The line the element starts on in its file.
  public let line: Int
  /// The namespace URI of the document's root element, which says what the document is (nil on
  /// every other element, and on a root without one).
  public let namespace: String?

  init(
    name: String, attributes: [String: String], text: String, children: [XMLElement], line: Int,
    namespace: String? = nil
  ) {
    self.namespace = namespace
    self.name = name
    self.attributes = attributes
    self.text = text
    self.children = children
    self.line = line
  }

  /// The first child named `name`.
  public func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

  /// Every child named `name`.
  public func all(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

  /// The element at the end of `path` (local names, one level each), or nil when a step is missing.
  public func at(_ path: String...) -> XMLElement? { at(path) }

  public func at(_ path: [String]) -> XMLElement? {
    var element: XMLElement? = self
    for step in path { element = element?.child(step) }
    return element
  }

  /// The text at the end of `path`, or nil when the element is missing or its text is empty.
  public func text(_ path: String...) -> String? {
    guard let text = at(path)?.text, !text.isEmpty else { return nil }
    return text
  }

  /// Whether an element named `name` holds an attachment's bytes (base64), which is never printed
  /// and so may be longer than a field: CII's AttachmentBinaryObject, UBL's
  /// EmbeddedDocumentBinaryObject, FatturaPA's Attachment.
  static func isBinary(_ name: String) -> Bool {
    name.hasSuffix("BinaryObject") || name == "Attachment"
  }

  /// The deepest nesting read: an e-invoice (CII, UBL, FatturaPA) is under 15 levels deep.
  static let maximumDepth = 200

  /// The whole document at `path` as a tree; `file` names it in errors.
  static func read(path: String, file: String) throws(XMLStreamReader.Failure) -> XMLElement {
    let reader = try XMLStreamReader(path: path, file: file)
    // Open elements: name, attributes, line, text so far, children so far.
    var stack: [(String, [String: String], Int, String, [XMLElement])] = []
    var root: XMLElement?
    while let node = try reader.next() {
      switch node {
      case .start(let name, let isEmpty):
        if isEmpty {
          let element = XMLElement(
            name: name, attributes: reader.attributes(), text: "", children: [], line: reader.line,
            namespace: stack.isEmpty ? reader.rootNamespace : nil)
          if stack.isEmpty { root = element } else { stack[stack.count - 1].4.append(element) }
        } else {
          // A bounded tree: freeing one nested 45,000 deep recursed past the stack's end.
          guard stack.count < maximumDepth else {
            throw XMLStreamReader.Failure(
              message: "elements are nested more than \(maximumDepth) deep; no e-invoice is",
              line: reader.line)
          }
          stack.append((name, reader.attributes(), reader.line, "", []))
        }
      case .text(let text):
        guard !stack.isEmpty else { continue }
        // As for every other input: a field is at most 64 KiB, and one that is longer is an error,
        // never cut without a word (nor minutes of layout).
        guard
          stack[stack.count - 1].3.utf8.count + text.utf8.count <= InputLimits.fieldBytes
            || isBinary(stack[stack.count - 1].0)
        else {
          throw XMLStreamReader.Failure(
            message:
              "the text of <\(stack[stack.count - 1].0)> is longer than \(InputLimits.fieldBytes >> 10) KiB, the most one field may hold",
            line: stack[stack.count - 1].2)
        }
        stack[stack.count - 1].3 += text
      case .end:
        guard let (name, attributes, line, text, children) = stack.popLast() else { continue }
        let element = XMLElement(
          name: name, attributes: attributes, text: text.trimmingSpaces, children: children, line: line,
          namespace: stack.isEmpty ? reader.rootNamespace : nil)
        if stack.isEmpty { root = element } else { stack[stack.count - 1].4.append(element) }
      }
    }
    guard let root else { throw XMLStreamReader.Failure(message: "holds no XML element", line: 1) }
    return root
  }
}
