import CCMS
import DataModel
import Foundation

/// A signed e-invoice's CMS envelope (a `.p7m`, CAdES), as Italy's SdI delivers many FatturaPA:
/// the signed document taken out, and whether its signature is intact.
///
/// Intact means every signature verifies over the document with the certificate the envelope
/// carries. Who that certificate belongs to is read from it, not checked: no chain is built and
/// no trust list is asked, so an intact envelope proves the document was not changed after it was
/// signed with that certificate, not that the signer is who the certificate says.
public struct SignedEnvelope: Sendable {
  /// The signed document (the XML).
  public var content: Data
  /// Whether every signature verifies over `content`.
  public var isIntact: Bool
  /// The first signer's certificate subject (RFC 2253), when the envelope holds it.
  public var signer: String?
  /// How many signatures the envelope holds.
  public var signatureCount: Int
  /// Why the signature does not verify, when it does not.
  public var problem: String?

  /// The largest envelope opened: a received e-invoice is kilobytes, a few megabytes with attachments.
  public static let maximumBytes = 64 << 20

  /// Whether the file at `path` is a signed envelope: named `.p7m`, or starting as DER signed data.
  public static func isEnvelope(path: String) -> Bool {
    if path.lowercased().hasSuffix(".p7m") { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 32)) ?? Data()
    return head.withUnsafeBytes { bytes in
      ig_cms_looks_signed(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count) == 1
    }
  }

  /// The envelope in the file at `path`, called `file` in errors.
  public static func open(path: String, file: String) -> Result<SignedEnvelope, ReceivedInvoiceError> {
    let data: Data
    do {
      let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      guard size <= maximumBytes else {
        return .failure(
          ReceivedInvoiceError(
            file: file, line: nil,
            message: "the signed envelope is \(size >> 20) MiB, more than the \(maximumBytes >> 20) MiB read")
        )
      }
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      return .failure(ReceivedInvoiceError(file: file, line: nil, message: "cannot be read"))
    }
    return open(data, file: file)
  }

  /// The envelope in `data`, called `file` in errors.
  static func open(_ data: Data, file: String) -> Result<SignedEnvelope, ReceivedInvoiceError> {
    var envelope = ig_cms_envelope()
    defer { ig_cms_free(&envelope) }
    let status = data.withUnsafeBytes { bytes in
      ig_cms_open(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &envelope)
    }
    let problem = envelope.problem.map { String(cString: $0) }
    guard status == 0, let content = envelope.content else {
      return .failure(ReceivedInvoiceError(file: file, line: nil, message: problem ?? "cannot be opened"))
    }
    return .success(
      SignedEnvelope(
        content: Data(bytes: content, count: envelope.length), isIntact: envelope.intact == 1,
        signer: envelope.signer.map { String(cString: $0) }, signatureCount: Int(envelope.signers),
        problem: problem))
  }

  /// What the signature check found, in words that claim no trust it did not check.
  public var verdict: String {
    let signed = signer.map { "signed by \($0)" } ?? "signed"
    let count = signatureCount > 1 ? " (\(signatureCount) signatures)" : ""
    return isIntact
      ? "signature intact, \(signed)\(count); the certificate was not checked against a trust list"
      : "\(problem ?? "the signature does not match the signed content"): the document was changed after it was \(signed)"
  }

  /// The verdict as a detail shown on the rendered invoice.
  public var detail: ReceivedInvoice.Detail {
    ReceivedInvoice.Detail(term: "CAdES", label: "Signature (.p7m)", value: verdict)
  }
}
