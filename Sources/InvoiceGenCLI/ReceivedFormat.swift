import DataModel
import Foundation

/// A received e-invoice's kind: CII or UBL XML, or a PDF with the XML inside (Factur-X, ZUGFeRD, XRechnung).
public enum ReceivedFormat: String, Sendable {
  case cii, ubl, pdf

  /// The kind of the file at `path`: a PDF by its first bytes, XML by its root element; nil for
  /// anything else (CSV, JSON). XML that is no e-invoice counts as CII: reading it says what its root is.
  static func detect(path: String) -> ReceivedFormat? {
    let head = self.head(path)
    if head.starts(with: Array("%PDF-".utf8)) { return .pdf }
    // XML: a BOM, `<?xml`, a comment or a root element first (after white space).
    let text = String(decoding: head, as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    guard text.hasPrefix("<") || path.lowercased().hasSuffix(".xml") else { return nil }
    switch ReceivedInvoiceReader.syntax(ofFileAt: path) {
    case .ubl?: return .ubl
    case .cii?, nil: return .cii
    }
  }

  /// Whether the file at `path` is a PDF (its first bytes say so; the XML reader finds an XML file's syntax itself).
  static func isPDF(_ path: String) -> Bool { head(path).starts(with: Array("%PDF-".utf8)) }

  /// The first bytes of the file at `path`, empty when it cannot be read.
  private static func head(_ path: String) -> Data {
    guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return Data() }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: 512)) ?? Data()
  }
}
