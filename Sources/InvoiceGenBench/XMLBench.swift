import CLibXML2
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads a JUnit file with libxml2's streaming reader and with FoundationXML's `XMLParser`, counting test cases: the two XML parsers invoicegen could use.
enum XMLBench {
  static func run(_ path: String) {
    for _ in 0..<2 {
      let start = Date()
      let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
          | XML_PARSE_HUGE.rawValue)
      guard let reader = xmlReaderForFile(path, nil, options) else { return }
      var cases = 0
      while xmlTextReaderRead(reader) == 1 {
        guard xmlTextReaderNodeType(reader) == 1,
          String(cString: xmlTextReaderConstLocalName(reader)) == "testcase"
        else { continue }
        cases += 1
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
          _ = String(cString: xmlTextReaderConstValue(reader))
        }
        xmlTextReaderMoveToElement(reader)
      }
      xmlFreeTextReader(reader)
      print(
        String(
          format: "libxml2 xmlTextReader      %d test cases  %.2f s", cases, Date().timeIntervalSince(start)))
      let foundationStart = Date()
      let counter = Counter()
      guard let stream = InputStream(fileAtPath: path) else { return }
      let parser = XMLParser(stream: stream)
      parser.shouldResolveExternalEntities = false
      parser.delegate = counter
      _ = parser.parse()
      print(
        String(
          format: "FoundationXML XMLParser    %d test cases  %.2f s", counter.cases,
          Date().timeIntervalSince(foundationStart)))
    }
  }

  final class Counter: NSObject, XMLParserDelegate {
    var cases = 0

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if name == "testcase" { cases += 1 }
    }
  }
}
