import DataModel
import Foundation

/// A received e-invoice's kind: CII, UBL or FatturaPA XML, or a PDF with the XML inside (Factur-X, ZUGFeRD, XRechnung).
public enum ReceivedFormat: String, Sendable {
  case cii, ubl, pdf, fatturapa, ksef

  /// The kind of the file at `path`: a PDF by its first bytes, XML by its root element; nil for
  /// anything else (CSV, JSON). XML that is no e-invoice counts as CII: reading it says what its root is.
  static func detect(path: String) -> ReceivedFormat? {
    let head = self.head(path)
    if head.starts(with: Array("%PDF-".utf8)) { return .pdf }
    // A signed envelope (.p7m) holds, as the SdI delivers them, a FatturaPA: reading it says what it holds.
    if SignedEnvelope.isEnvelope(path: path) { return .fatturapa }
    // XML: a BOM, `<?xml`, a comment or a root element first (after white space).
    let text = String(decoding: head, as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    guard text.hasPrefix("<") || path.lowercased().hasSuffix(".xml") else { return nil }
    switch ReceivedInvoiceReader.syntax(ofFileAt: path) {
    case .ubl?: return .ubl
    case .fatturaPA?: return .fatturapa
    case .ksef?: return .ksef
    case .cii?, nil: return .cii
    }
  }

  /// Whether the file at `path` is a PDF (its first bytes say so; the XML reader finds an XML file's syntax itself).
  static func isPDF(_ path: String) -> Bool { head(path).starts(with: Array("%PDF-".utf8)) }

  /// The first 512 bytes of the file at `path` (fewer for a shorter file), empty when it cannot be read.
  private static func head(_ path: String) -> Data {
    guard path != "-" else { return Data() }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return Data() }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 512)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 512) }
    return Data(bytes.prefix(max(0, count)))
  }
}
