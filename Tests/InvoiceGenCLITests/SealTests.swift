import Foundation
import Testing

@testable import InvoiceGenCLI

/// The seal of issue 61's PAdES signatures: its checks when opened, and its CAdES signatures,
/// verified by `openssl cms -verify` against the test's own root certificate.
@Suite(.serialized) struct SealTests {
  /// The seal's key: ECDSA P-256 by default, or RSA-3072.
  static let ecdsa = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]
  static let rsa = ["-newkey", "rsa:3072"]

  /// A root and a seal certificate (ECDSA P-256 unless `key` says otherwise; `usage` as keyUsage)
  /// made by openssl in `folder`, the seal as `seal.p12` with the password "secret".
  static func makeSeal(
    in folder: String, usage: String = "digitalSignature,nonRepudiation", key: [String] = ecdsa
  ) throws {
    let steps: [[String]] = [
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
        "root.key",
        "-out", "root.pem", "-days", "3650", "-subj", "/CN=Test Root",
      ],
      ["req"] + key + [
        "-nodes", "-keyout", "seal.key", "-out", "seal.csr", "-subj", "/O=Northwind GmbH/CN=Northwind Seal",
      ],
      [
        "x509", "-req", "-in", "seal.csr", "-CA", "root.pem", "-CAkey", "root.key", "-CAcreateserial", "-out",
        "seal.pem", "-days", "365", "-extfile", "ext.cnf",
      ],
      [
        "pkcs12", "-export", "-inkey", "seal.key", "-in", "seal.pem", "-certfile", "root.pem", "-out",
        "seal.p12",
        "-passout", "pass:secret",
      ],
    ]
    try "keyUsage=critical,\(usage)\n".write(toFile: folder + "/ext.cnf", atomically: true, encoding: .utf8)
    for step in steps {
      let run = try CommandRunner.run("openssl", step, directory: folder)
      #expect(run.status == 0, "\(step): \(run.stderr)")
    }
  }

  /// `openssl cms -verify` of `signature.der` over `content.bin` in `folder`, against its `root.pem`.
  static func verify(in folder: String) throws -> CommandRunner.Result {
    try CommandRunner.run(
      "openssl",
      [
        "cms", "-verify", "-binary", "-inform", "DER", "-in", "signature.der", "-content", "content.bin",
        "-CAfile", "root.pem", "-purpose", "any", "-out", "/dev/null",
      ], directory: folder)
  }

  @Test func aSignatureVerifiesWithTheRootAndCarriesTheSigningCertificate() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Self.makeSeal(in: folder)
    let seal = try Seal.open(path: folder + "/seal.p12", password: "secret", at: Date())
    #expect(seal.subject.contains("CN=Northwind Seal"))
    let content = Array("%PDF-1.7 the signed ranges of a document".utf8)
    let der = try seal.signature { take in
      // Two chunks, as a PDF's two byte ranges are given.
      content[..<10].withUnsafeBytes { _ = take($0) }
      content[10...].withUnsafeBytes { _ = take($0) }
    }
    try Data(der).write(to: URL(fileURLWithPath: folder + "/signature.der"))
    try Data(content).write(to: URL(fileURLWithPath: folder + "/content.bin"))
    let verify = try Self.verify(in: folder)
    #expect(verify.status == 0, "\(verify.stderr)")
    let printed = try CommandRunner.run(
      "openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", "signature.der"], directory: folder)
    #expect(printed.stdout.contains("id-smime-aa-signingCertificateV2"))
    #expect(printed.stdout.contains("sha256"))
    // PAdES baseline: the content type and digest signed, no signing-time (the time is /M's).
    #expect(printed.stdout.contains("contentType") && printed.stdout.contains("messageDigest"))
    #expect(!printed.stdout.contains("signingTime"))
    #expect(!printed.stdout.contains("SMIMECapabilities"))
    // One changed byte: the same signature no longer verifies.
    var changed = content
    changed[3] ^= 1
    try Data(changed).write(to: URL(fileURLWithPath: folder + "/content.bin"))
    let broken = try Self.verify(in: folder)
    #expect(broken.status != 0)
  }

  @Test func badSealsAreClearErrorsNamingTheFile() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Self.makeSeal(in: folder)
    let file = folder + "/seal.p12"
    func problem(_ open: () throws(SealError) -> Seal) -> String {
      do {
        _ = try open()
        return "opened"
      } catch {
        return error.description
      }
    }
    #expect(
      problem { () throws(SealError) in try Seal.open(path: folder + "/none.p12", password: "", at: Date()) }
        == folder + "/none.p12: cannot be read")
    #expect(
      problem { () throws(SealError) in try Seal.open(path: file, password: "wrong", at: Date()) }
        == file + ": the password is wrong")
    let later = Date(timeIntervalSinceNow: 3 * 365 * 86_400)
    #expect(
      problem { () throws(SealError) in try Seal.open(path: file, password: "secret", at: later) }
        == file + ": the certificate has expired")
    let earlier = Date(timeIntervalSinceNow: -86_400 * 2)
    #expect(
      problem { () throws(SealError) in try Seal.open(path: file, password: "secret", at: earlier) }
        == file + ": the certificate is not valid yet")
    try "not a p12".write(toFile: folder + "/text.p12", atomically: true, encoding: .utf8)
    #expect(
      problem { () throws(SealError) in try Seal.open(path: folder + "/text.p12", password: "", at: Date()) }
        .hasPrefix(folder + "/text.p12: not a PKCS #12 file"))
    let other = try CommandRunner.temporaryFolder()
    try Self.makeSeal(in: other, usage: "keyEncipherment")
    #expect(
      problem { () throws(SealError) in
        try Seal.open(path: other + "/seal.p12", password: "secret", at: Date())
      }
      .contains("key usage allows no signature"))
  }
}
