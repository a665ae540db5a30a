import CCMS
import Foundation
import PageRendering

/// A company's seal for signing documents: the key and certificate of a PKCS #12 file, read and
/// checked once per run.
///
/// Opening checks what would make every signature of a run worthless, before anything is written:
/// the password, that the key matches the certificate, the certificate's validity at the run's
/// time, and a key usage that allows signatures. A signature is CAdES detached (CMS signed-data over
/// SHA-256 with the signing-certificate-v2 attribute and the certificate chain), the form PAdES
/// B-B puts in a PDF (ETSI EN 319 142-1).
public final class Seal: @unchecked Sendable {
  // The handle is only read after opening: libcrypto's signing with one key is safe across threads.
  private let handle: OpaquePointer
  /// The seal certificate's subject (RFC 2253).
  public let subject: String
  /// The RFC 3161 time-stamp authority every signature is stamped by (PAdES B-T), or nil (B-B).
  public private(set) var timestampURL: String?
  /// The most bytes one signature takes, from the certificates and the key's largest signature.
  public private(set) var signatureCapacity = 0

  private init(handle: OpaquePointer) {
    self.handle = handle
    subject =
      ig_seal_subject(handle).map { text in
        defer { free(text) }
        return String(cString: text)
      } ?? ""
  }

  deinit { ig_seal_free(handle) }

  /// The seal in the PKCS #12 file at `path`, opened with `password` and checked at `date`; with
  /// `timestampURL`, every signature is time-stamped there (and a trial stamp proves it answers).
  public static func open(path: String, password: String, at date: Date, timestampURL: String? = nil)
    throws(SealError) -> Seal
  {
    let data: Data
    switch SecretFile.read(path, limit: 1 << 20) {
    case .success(let read): data = read
    case .failure(let problem): throw SealError(file: path, message: problem.message)
    }
    var handle: OpaquePointer?
    var problem: UnsafeMutablePointer<CChar>?
    let status = data.withUnsafeBytes { bytes in
      ig_seal_open(
        bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, password,
        Int64(date.timeIntervalSince1970),
        &handle, &problem)
    }
    guard status == 0, let handle else {
      let message = problem.map { String(cString: $0) } ?? "cannot be opened"
      free(problem)
      throw SealError(file: path, message: message)
    }
    let seal = Seal(handle: handle)
    seal.timestampURL = timestampURL
    // A trial signature: a key libcrypto cannot sign with, or an authority that does not answer,
    // fails here, before anything is written.
    let trial: Int
    do {
      trial = try seal.signature { _ in }.count
    } catch let error as SealError where timestampURL != nil {
      throw error
    } catch {
      throw SealError(file: path, message: "cannot sign: \(error)")
    }
    // Without a time stamp the same in every run, so that sealed files are reproducible; a time
    // stamp's token varies by some bytes (its serial number, its time).
    seal.signatureCapacity =
      timestampURL == nil
      ? max(ig_seal_capacity(handle), trial + 64) : max(ig_seal_capacity(handle), trial) + 2048
    return seal
  }

  /// The DER CMS signature over the bytes `feed` gives, in order: it calls its argument once per chunk.
  public func signature(_ feed: ((UnsafeRawBufferPointer) -> Bool) throws -> Void) throws -> [UInt8] {
    var problem: UnsafeMutablePointer<CChar>?
    guard let signing = ig_seal_begin(handle, &problem) else {
      defer { free(problem) }
      throw SealError(file: subject, message: problem.map { String(cString: $0) } ?? "cannot sign")
    }
    var taken = true
    var failure: Error?
    do {
      try feed { chunk in
        taken =
          taken && ig_seal_update(signing, chunk.bindMemory(to: UInt8.self).baseAddress, chunk.count) == 0
        return taken
      }
    } catch {
      failure = error
    }
    // Finishing frees the signing, so it is finished whatever happened while feeding it.
    var der: UnsafeMutablePointer<UInt8>?
    var length = 0
    let status =
      timestampURL.map { url in url.withCString { ig_seal_finish(signing, $0, &der, &length, &problem) } }
      ?? ig_seal_finish(signing, nil, &der, &length, &problem)
    let finished = status == 0
    defer { free(problem) }
    if let failure {
      free(der)
      throw failure
    }
    guard taken, finished, let der else {
      free(der)
      let message = problem.map { String(cString: $0) } ?? "the signed bytes could not be taken"
      // A time stamp's problem is the authority's: name it.
      let stamped = timestampURL != nil && message.contains("time stamp")
      throw SealError(file: stamped ? timestampURL! : subject, message: message)
    }
    defer { free(der) }
    return Array(UnsafeBufferPointer(start: der, count: length))
  }
}

extension Seal: PDFSigner {
  public var fieldName: String { "Seal" }

  /// "Electronic seal of Northwind Seal (Northwind GmbH)": the certificate's common name and organization.
  public var fieldDescription: String {
    // RFC 2253: attributes separated by commas, a comma within a value escaped with a backslash.
    var fields: [String: String] = [:]
    var current = ""
    var escaped = false
    for character in subject + "," {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "," {
        let parts = current.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2, fields[parts[0]] == nil { fields[parts[0]] = parts[1] }
        current = ""
      } else {
        current.append(character)
      }
    }
    let name = fields["CN"] ?? fields["O"] ?? subject
    let organization = fields["O"].flatMap { $0 == name ? nil : " (\($0))" } ?? ""
    return "Electronic seal of \(name)\(organization)"
  }
}

/// Why a seal cannot be used: its file and what is wrong.
public struct SealError: Error, Sendable, CustomStringConvertible {
  public var file: String
  public var message: String

  public var description: String { "\(file): \(message)" }
}
