import CPDFContent
import Foundation

/// The e-invoice XML a Factur-X, ZUGFeRD or XRechnung PDF carries, taken out with libqpdf (its pages are not used).
public enum EmbeddedInvoice {
  /// Why no XML came out of a PDF.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The embedded file's name (`factur-x.xml`…) and bytes.
  public static func xml(inPDF path: String) -> Result<(name: String, data: Data), Failure> {
    var name: UnsafeMutablePointer<CChar>?
    var bytes: UnsafeMutablePointer<CChar>?
    var length = 0
    var error: UnsafeMutablePointer<CChar>?
    defer {
      free(name)
      free(bytes)
      free(error)
    }
    guard ig_embedded_invoice(path, &name, &bytes, &length, &error) == 0, let name, let bytes else {
      return .failure(Failure(description: error.map { String(cString: $0) } ?? "no e-invoice in the PDF"))
    }
    return .success((String(cString: name), Data(bytes: bytes, count: length)))
  }
}
