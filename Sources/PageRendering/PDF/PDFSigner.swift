import Foundation

/// What seals a PDF: it makes the CMS signature that fills a signature dictionary's `/Contents` (PAdES).
///
/// A writer with a signer (`PDFWriter.signer`) writes an invisible signature field and placeholders
/// in its finishing pass, then signs the finished bytes outside `/Contents` (`PDFSignatureSlot`).
public protocol PDFSigner: AnyObject, Sendable {
  /// The most bytes one DER signature of this signer takes: reserved in every file it signs.
  var signatureCapacity: Int { get }
  /// The signature field's name (`/T`).
  var fieldName: String { get }
  /// What the field is, for assistive technology (`/TU`): "Electronic seal of …".
  var fieldDescription: String { get }
  /// The DER signature over the bytes `feed` gives in order: it calls its argument once per chunk.
  func signature(_ feed: ((UnsafeRawBufferPointer) -> Bool) throws -> Void) throws -> [UInt8]
}
