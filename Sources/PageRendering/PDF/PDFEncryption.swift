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
    var handle: qpdf_data? = qpdf_init()
    defer { qpdf_cleanup(&handle) }
    qpdf_silence_errors(handle)
    qpdf_set_suppress_warnings(handle, 1)
    func check(_ code: QPDF_ERROR_CODE) throws {
      if code & QPDF_ERRORS != 0, qpdf_has_error(handle) != 0 {
        let message = String(cString: qpdf_get_error_full_text(handle, qpdf_get_error(handle)))
        throw RenderError.pdfRewrite(path: finalPath, reason: message)
      }
    }
    try data.withUnsafeBytes { bytes in
      try check(
        qpdf_read_memory(
          handle, finalPath, bytes.bindMemory(to: CChar.self).baseAddress, UInt64(bytes.count), nil))
    }
    try check(qpdf_init_write_memory(handle))
    qpdf_set_object_stream_mode(handle, qpdf_o_preserve)
    let restricted = ownerPassword != nil
    qpdf_set_r6_encryption_parameters2(
      handle, userPassword, ownerPassword ?? userPassword, 1, restricted ? 0 : 1, restricted ? 0 : 1,
      restricted ? 0 : 1, restricted ? 0 : 1, restricted ? 0 : 1, qpdf_r3p_full, 1)
    try check(qpdf_write(handle))
    guard let buffer = qpdf_get_buffer(handle) else {
      throw RenderError.pdfRewrite(path: finalPath, reason: "libqpdf returned no output")
    }
    return Data(bytes: buffer, count: Int(qpdf_get_buffer_length(handle)))
  }
}
