import CCairo
import Foundation

/// The final libqpdf pass over a finished PDF: read it and write it again, whole and with a deterministic ID.
///
/// Cairo 1.16 writes a cross-reference entry for an object it never writes whenever a link is
/// used, which `qpdf --check` reports; rewriting repairs it. Documents without links skip the pass
/// (it costs about as much as drawing a simple page). Archival PDF and e-invoice attachments will
/// be added at this stage. The result is returned in memory, so the caller writes it with checked
/// writes (`AtomicFile`).
public enum PDFRewrite {
  /// The PDF at `input` rewritten; `finalPath` names the document in errors.
  public static func rewrite(
    _ input: String, finalPath: String, archive: PDFArchive? = nil, accessibility: PDFAccessibility? = nil,
    metadata: PDFMetadata = PDFMetadata()
  ) throws -> Data {
    if accessibility != nil {
      let data = try Data(contentsOf: URL(fileURLWithPath: input))
      return try rewrite(
        data: data, finalPath: finalPath, archive: archive, accessibility: accessibility, metadata: metadata)
    }
    return try rewrite(finalPath: finalPath, archive: archive, metadata: metadata) { handle in
      qpdf_read(handle, input, nil)
    }
  }

  /// The PDF in `data` rewritten; `finalPath` names the document in errors.
  ///
  /// A tagged PDF goes through `PDFAccessibilityPass` (one libqpdf read and write in C++); a
  /// tagged archival PDF then through the archival pass as well.
  public static func rewrite(
    data: Data, finalPath: String, archive: PDFArchive? = nil, accessibility: PDFAccessibility? = nil,
    metadata: PDFMetadata = PDFMetadata()
  ) throws -> Data {
    var data = data
    if let accessibility {
      var xmp: String?
      if archive == nil {
        let producer = "cairo \(String(cString: cairo_version_string())) (https://cairographics.org)"
        xmp = PDFArchive().xmp(
          metadata, producer: producer, date: PDFMetadata.iso8601(metadata.effectiveDate), archival: false,
          universalAccess: true)
      }
      data = try PDFAccessibilityPass.apply(accessibility, xmp: xmp, to: data, path: finalPath)
      guard archive != nil else { return data }
    }
    return try data.withUnsafeBytes { bytes in
      try rewrite(
        finalPath: finalPath, archive: archive, universalAccess: accessibility != nil, metadata: metadata
      ) {
        handle in
        qpdf_read_memory(
          handle, finalPath, bytes.bindMemory(to: CChar.self).baseAddress, UInt64(bytes.count), nil)
      }
    }
  }

  private static func rewrite(
    finalPath: String, archive: PDFArchive?, universalAccess: Bool = false, metadata: PDFMetadata,
    read: (qpdf_data?) -> QPDF_ERROR_CODE
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
    if let archive {
      PDFArchivePass.apply(archive, metadata: metadata, universalAccess: universalAccess, to: handle)
    }
    if qpdf_has_error(handle) != 0 {
      throw RenderError.pdfRewrite(
        path: finalPath, reason: String(cString: qpdf_get_error_full_text(handle, qpdf_get_error(handle))))
    }
    try check(qpdf_init_write_memory(handle))
    qpdf_set_deterministic_ID(handle, 1)
    // cairo's streams are copied as they are: decoding and deflating them again cost 3/4 of the pass.
    qpdf_set_decode_level(handle, qpdf_dl_none)
    if archive != nil {
      // PDF/A: an end-of-line before every endstream, PDF 1.7, classic cross-reference tables.
      qpdf_set_newline_before_endstream(handle, 1)
      qpdf_set_minimum_pdf_version(handle, "1.7")
      qpdf_set_object_stream_mode(handle, qpdf_o_disable)
    } else {
      qpdf_set_object_stream_mode(handle, qpdf_o_preserve)
    }
    try check(qpdf_write(handle))
    let length = Int(qpdf_get_buffer_length(handle))
    guard let buffer = qpdf_get_buffer(handle) else {
      throw RenderError.pdfRewrite(path: finalPath, reason: "libqpdf returned no output")
    }
    return Data(bytes: buffer, count: length)
  }
}
