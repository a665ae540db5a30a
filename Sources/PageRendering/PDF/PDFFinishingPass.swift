import CPDFContent
import Foundation

/// The one streaming pass between cairo and the file: structure tree, artifacts, PDF/UA and PDF/A additions.
///
/// Cairo writes into this sink; the C++ pass (`CPDFContent`, `ig_finisher`) copies cairo's objects
/// on to `destination` as they arrive, rewriting each page's content stream when its page ends
/// (the renderer's marker rectangles become marked content, everything else an artifact) and
/// writing each structure element as soon as it is complete. Memory holds one page and the open
/// elements, never the document; nothing is read back. The renderer tells the pass what it drew
/// through `open`, `close`, `mark`, `link` and `endPage` (`StructureTagger` does).
final class PDFFinishingPass: ByteSink {
  /// What the pass adds besides the structure.
  struct Options {
    var tagged: Bool
    var language: String
    var xmp: String?
    /// The document information dictionary replacing cairo's, as keys ("/Title") and values; empty keeps cairo's.
    var info: [(key: String, value: String)] = []
    var archive: PDFArchive?
    var date: String
    /// The signature field and placeholders to write, for a signer whose DER takes at most `capacity` bytes.
    var signature: SignatureField?
  }

  /// An invisible signature field to seal the document with.
  struct SignatureField {
    var capacity: Int
    var name: String
    var description: String
  }

  private let destination: any ByteSink
  private var handle: OpaquePointer?
  private var failure: String?

  init(_ options: Options, destination: any ByteSink) {
    self.destination = destination
    var made: OpaquePointer?
    // Every C string and buffer lives for this call: the pass copies what it keeps.
    options.language.withCString { language in
      withOptionalCString(options.xmp) { xmp in
        withCStrings(options.info.flatMap { [$0.key, $0.value] }) { info in
          withOptionalCString(options.archive?.attachment?.name) { name in
            withOptionalCString(options.archive?.attachment?.mimeType) { mime in
              withOptionalCString(options.archive?.attachment?.description) { description in
                withOptionalCString(options.archive?.attachment?.relationship) { relationship in
                  options.date.withCString { date in
                    withOptionalCString(options.signature?.name) { signatureName in
                      withOptionalCString(options.signature?.description) { signatureDescription in
                        let attachment = options.archive?.attachment?.data ?? Data()
                        attachment.withUnsafeBytes { attachmentBytes in
                          SRGBProfile.flateData.withUnsafeBytes { icc in
                            var settings = ig_finisher_options(
                              tagged: options.tagged ? 1 : 0, language: language,
                              xmp: xmp, xmp_length: options.xmp?.utf8.count ?? 0,
                              info: options.info.isEmpty ? nil : info.baseAddress,
                              info_count: options.info.count,
                              archival: options.archive == nil ? 0 : 1,
                              icc: icc.bindMemory(to: UInt8.self).baseAddress, icc_length: icc.count,
                              attachment_name: name, attachment_mime: mime,
                              attachment_description: description,
                              attachment_relationship: relationship, attachment_date: date,
                              attachment_data: attachmentBytes.bindMemory(to: UInt8.self).baseAddress,
                              attachment_length: attachmentBytes.count,
                              signature_capacity: options.signature?.capacity ?? 0,
                              signature_name: signatureName, signature_description: signatureDescription,
                              signature_date: date)
                            made = ig_finisher_new(
                              &settings, PDFFinishingPass.forward, Unmanaged.passUnretained(self).toOpaque())
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    handle = made
    if let message = ig_finisher_error(made) { failure = String(cString: message) }
  }

  deinit { ig_finisher_free(handle) }

  /// Hands the pass's output to the destination; a failed write fails the pass.
  private static let forward: ig_finisher_write_fn = { context, bytes, length in
    guard let context, let bytes else { return -1 }
    let pass = Unmanaged<PDFFinishingPass>.fromOpaque(context).takeUnretainedValue()
    return pass.destination.write(UnsafeRawBufferPointer(start: bytes, count: length)) ? 0 : -1
  }

  // MARK: ByteSink

  func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil else { return false }
    let status = ig_finisher_take(handle, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
    if status != 0 { recordFailure() }
    return status == 0
  }

  var writeFailure: String? { destination.writeFailure ?? failure }

  var name: String { destination.name }

  private func recordFailure() {
    guard failure == nil else { return }
    failure =
      destination.writeFailure ?? ig_finisher_error(handle).map { String(cString: $0) } ?? "finishing failed"
  }

  // MARK: What the renderer drew

  /// Opens an element of structure `type` under `parent` (0: the document); returns its number.
  func open(_ type: String, parent: Int32, alt: String?, scope: String?) -> Int32 {
    withOptionalCString(alt) { alt in
      withOptionalCString(scope) { scope in ig_finisher_open(handle, type, parent, alt, scope) }
    }
  }

  func close(_ element: Int32) { ig_finisher_close(handle, element) }

  /// The BEGIN marker drawn next on this page opens content of `element`.
  func mark(_ element: Int32) { ig_finisher_mark(handle, element) }

  /// Records page content operators that the INSERT marker drawn next on this page stands for; returns its ordinal.
  func insert(_ operators: [UInt8]) -> Int32 {
    operators.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { ig_finisher_insert(handle, $0.baseAddress, $0.count) }
    }
  }

  /// A link annotation on this page over `rect` (PDF coordinates, y up) to `uri` or the named `destination`.
  func link(_ element: Int32, rect: CGRect, uri: String?, destination: String?) {
    withOptionalCString(uri) { uri in
      withOptionalCString(destination) { destination in
        ig_finisher_link(handle, element, rect.minX, rect.minY, rect.maxX, rect.maxY, uri, destination)
      }
    }
  }

  /// Ends the page's markers and links: before cairo shows the page.
  func endPage() { ig_finisher_end_page(handle) }

  /// Checks that all of cairo's file went through; throws the pass's failure.
  func finish(path: String) throws {
    if ig_finisher_finish(handle) != 0 { recordFailure() }
    try check(path: path)
  }

  /// Where the signature's placeholders are in the finished output, when the pass wrote a signature field.
  var signatureSlot: ig_signature_slot? {
    var slot = ig_signature_slot()
    return ig_finisher_signature_slot(handle, &slot) == 0 ? slot : nil
  }

  /// Throws the pass's failure, if it failed: the destination's write failure, or what went wrong in the pass.
  func check(path: String) throws {
    if let failure = writeFailure {
      if destination.writeFailure != nil { throw RenderError.output(path: path, reason: failure) }
      throw RenderError.pdfRewrite(path: path, reason: failure)
    }
  }
}

/// A C content rewrite: reads `length` bytes at `data`, sets the malloc'd `out` and its length, or `error`; returns 0 on success.
typealias ContentRewrite = (
  _ data: UnsafePointer<CChar>?, _ length: Int, _ out: inout UnsafeMutablePointer<CChar>?,
  _ outLength: inout Int,
  _ error: inout UnsafeMutablePointer<CChar>?
) -> Int32

extension PDFFinishingPass {
  /// One decoded page content stream marked as the pass marks it, for tests: with `markers`, each
  /// BEGIN marker becomes `/P <</MCID ordinal>> BDC`; `tokenizerOnly` uses libqpdf's tokenizer instead of the quick scanner.
  static func markContent(_ content: Data, markers: Bool, tokenizerOnly: Bool = false) throws -> Data {
    try rewriteContent(content) { data, length, out, outLength, error in
      ig_mark_content(data, length, markers ? 1 : 0, tokenizerOnly ? -1 : 0, &out, &outLength, &error)
    }
  }

  /// One decoded, marked page content stream with its text objects joined as the pass joins them, for tests.
  static func joinTextObjects(_ content: Data) throws -> Data {
    try rewriteContent(content) { data, length, out, outLength, error in
      ig_join_text_objects(data, length, &out, &outLength, &error)
    }
  }

  /// `value` as the pass writes page-content numbers, for tests: the text and the value it reads back as.
  static func decimal(_ value: Double) -> (text: String, value: Double) {
    var buffer = [CChar](repeating: 0, count: 400)
    var written = 0.0
    let length = ig_pdf_decimal(value, &buffer, buffer.count, &written)
    return (String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self), written)
  }

  /// `token` read as a number as the pass reads page-content operands, for tests; nil when it is not one.
  static func number(_ token: String) -> Double? {
    var value = 0.0
    let read = token.utf8CString.withUnsafeBufferPointer {
      ig_pdf_parse_number($0.baseAddress, $0.count - 1, &value)
    }
    return read == 1 ? value : nil
  }

  /// `content` through the C rewrite `call`, its output copied and freed.
  private static func rewriteContent(_ content: Data, _ call: ContentRewrite) throws -> Data {
    var output: UnsafeMutablePointer<CChar>?
    var length = 0
    var error: UnsafeMutablePointer<CChar>?
    defer {
      free(output)
      free(error)
    }
    let status = content.withUnsafeBytes { bytes in
      call(bytes.bindMemory(to: CChar.self).baseAddress, bytes.count, &output, &length, &error)
    }
    guard status == 0, let output else {
      throw RenderError.pdfRewrite(
        path: "content", reason: error.map { String(cString: $0) } ?? "unknown error")
    }
    return Data(bytes: output, count: length)
  }
}

/// Calls `body` with `strings` as an array of C strings that live for the call.
func withCStrings<T>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> T) -> T {
  let copies = strings.map { strdup($0) }
  defer {
    for copy in copies { free(copy) }
  }
  return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
}

/// Calls `body` with `text` as a C string, or with nil.
func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
  guard let text else { return body(nil) }
  return text.withCString { body($0) }
}
