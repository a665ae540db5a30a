import CCairo
import Foundation

/// Password protection of a finished PDF: AES-256 (PDF 2.0's R6 security handler), written by libqpdf.
///
/// The user password opens the document. With an owner password of its own, the document may be
/// printed but not changed; text stays readable to assistive technology. A sealed document is
/// encrypted first and signed after (`PDFWriter`), so that both hold: the signature dictionary's
/// `/Contents` is left unencrypted, as the PDF specification asks.
public struct PDFEncryption: Sendable, Equatable {
  /// The password that opens the document.
  public var userPassword: String
  /// The password that lifts the restrictions, or nil for none (the user password then allows everything).
  public var ownerPassword: String?

  public init(userPassword: String, ownerPassword: String? = nil) {
    self.userPassword = userPassword
    self.ownerPassword = ownerPassword
  }

  /// `data` encrypted; `finalPath` names the document in errors.
  func encrypt(_ data: Data, finalPath: String) throws -> Data {
    let restricted = ownerPassword != nil
    return try PDFRewrite.rewrite(data: data, finalPath: finalPath) { handle in
      qpdf_set_object_stream_mode(handle, qpdf_o_preserve)
      // Text stays extractable for assistive technology; printing is always allowed.
      qpdf_set_r6_encryption_parameters2(
        handle, userPassword, ownerPassword ?? userPassword, 1, restricted ? 0 : 1, restricted ? 0 : 1,
        restricted ? 0 : 1, restricted ? 0 : 1, restricted ? 0 : 1, qpdf_r3p_full, 1)
    }
  }
}
