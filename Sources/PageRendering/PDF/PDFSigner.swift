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

/// A finished output whose bytes can be read back and overwritten in place, to fill a signature.
protocol PatchableOutput: AnyObject {
  /// The number of bytes written.
  var length: UInt64 { get }
  /// Reads `buffer.count` bytes at `offset` into `buffer`.
  func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws
  /// Writes `bytes` over the bytes at `offset`.
  func overwrite(_ bytes: [UInt8], at offset: UInt64) throws
}
