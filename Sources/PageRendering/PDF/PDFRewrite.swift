import CCairo
import Foundation

/// The libqpdf repair of an untagged PDF with links: read it and write it again, with a deterministic ID.
///
/// Cairo 1.16 writes a cross-reference entry for an object it never writes whenever a link is
/// used, which `qpdf --check` reports; rewriting repairs it. Tagged and archival PDFs never come
/// here: the finishing pass (`PDFFinishingPass`) writes their cross-references itself. The result
/// is returned in memory, so the caller writes it with checked writes (`AtomicFile`).
public enum PDFRewrite {
  /// The PDF at `input` rewritten; `finalPath` names the document in errors.
  public static func rewrite(_ input: String, finalPath: String) throws -> Data {
    try rewrite(finalPath: finalPath, read: { handle in qpdf_read(handle, input, nil) }, configure: repairing)
  }

  /// The PDF in `data` rewritten; `finalPath` names the document in errors.
  public static func rewrite(data: Data, finalPath: String) throws -> Data {
    try rewrite(data: data, finalPath: finalPath, configure: repairing)
  }

  /// The PDF in `data` read by libqpdf and written again with the settings `configure` makes.
  static func rewrite(data: Data, finalPath: String, configure: (qpdf_data?) -> Void) throws -> Data {
    try data.withUnsafeBytes { bytes in
      try rewrite(
        finalPath: finalPath,
        read: { handle in
          qpdf_read_memory(
            handle, finalPath, bytes.bindMemory(to: CChar.self).baseAddress, UInt64(bytes.count), nil)
        }, configure: configure)
    }
  }

  /// The repair's settings: a deterministic ID, cairo's streams and object streams kept as they are.
  private static func repairing(_ handle: qpdf_data?) {
    qpdf_set_deterministic_ID(handle, 1)
    // cairo's streams are copied as they are: decoding and deflating them again cost 3/4 of the pass.
    qpdf_set_decode_level(handle, qpdf_dl_none)
    qpdf_set_object_stream_mode(handle, qpdf_o_preserve)
  }

  private static func rewrite(
    finalPath: String, read: (qpdf_data?) -> QPDF_ERROR_CODE, configure: (qpdf_data?) -> Void
  ) throws -> Data {
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
    try check(read(handle))
    try check(qpdf_init_write_memory(handle))
    configure(handle)
    try check(qpdf_write(handle))
    let length = Int(qpdf_get_buffer_length(handle))
    guard let buffer = qpdf_get_buffer(handle) else {
      throw RenderError.pdfRewrite(path: finalPath, reason: "libqpdf returned no output")
    }
    return Data(bytes: buffer, count: length)
  }
}
