import Foundation
import Testing

/// PAdES seals on every document a run writes (issue 61), checked by pdfsig (poppler) and pyHanko
/// against the test's own root certificate, and still PDF/A, PDF/UA and Factur-X after signing.
@Suite(.serialized) struct SignedDocumentsTests {
  static let python = AccessibleSamplesTests.validators.appendingPathComponent("python").path
  static let padesCheck = CommandRunner.packageRoot.appendingPathComponent("Tests/Validators/pades_check.py")
    .path

  /// A folder with the test's root (`root.pem`), an ECDSA P-256 seal (`seal.p12`, password "secret") and its password file.
  static func sealFolder() throws -> String {
    let folder = try CommandRunner.temporaryFolder()
    try SealTests.makeSeal(in: folder)
    try "secret\n".write(toFile: folder + "/password", atomically: true, encoding: .utf8)
    return folder
  }

  /// The arguments that seal with the seal in `folder`.
  static func signing(_ folder: String) -> [String] {
    ["--sign", folder + "/seal.p12", "--sign-password-file", folder + "/password"]
  }

  /// What pdfsig says of `pdf`: whether the signature is valid and covers the whole document.
  static func pdfsig(_ pdf: String) throws -> (valid: Bool, whole: Bool, output: String) {
    let run = try CommandRunner.run("pdfsig", [pdf])
    return (
      run.stdout.contains("Signature Validation: Signature is Valid."),
      run.stdout.contains("Total document signed"), run.stdout + run.stderr
    )
  }

  /// pyHanko's findings for each of `pdfs`, with `root` the only trust anchor (see pades_check.py);
  /// `password` opens encrypted ones.
  static func pyHanko(_ pdfs: [String], root: String, password: String? = nil) throws -> [[String: Any]] {
    let run = try CommandRunner.run(
      python, [padesCheck] + (password.map { ["--password", $0] } ?? []) + [root] + pdfs)
    let list = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
    return try #require(list, "pades_check: \(run.stdout) \(run.stderr)")
  }

  /// Whether pyHanko found one intact, valid, trusted PAdES B-B seal over the whole file.
  static func isSealed(_ found: [String: Any]) -> Bool {
    found["count"] as? Int == 1 && found["intact"] as? Bool == true && found["valid"] as? Bool == true
      && found["trusted"] as? Bool == true && found["coverage"] as? String == "ENTIRE_FILE"
      && found["subfilter"] as? String == "/ETSI.CAdES.detached" && found["digest"] as? String == "sha256"
      && found["signed_attributes"] as? [String] == [
        "content_type", "message_digest", "signing_certificate_v2",
      ]
  }

  @Test func everySampleIsSealedAndStaysAccessibleArchivalAndValid() throws {
    let seal = try Self.sealFolder()
    let out = try CommandRunner.temporaryFolder()
    let runs =
      AccessibleSamplesTests.sampleRuns(into: out) + [
        ["report", "--input", "report.json", "--pdfa", "--out", out + "/archival-report.pdf"]
      ]
    for arguments in runs {
      let run = try CommandRunner.invoicegen(
        arguments + Self.signing(seal) + (arguments[0] == "report" ? [] : ["--progress", "never"]))
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    let files = AccessibleSamplesTests.pdfs(in: out)
    #expect(files.count > 40, "\(files.count) PDFs")
    for file in files {
      let verdict = try Self.pdfsig(file)
      #expect(verdict.valid && verdict.whole, "\(file): \(verdict.output)")
      #expect(try CommandRunner.run("qpdf", ["--check", file]).status == 0, "\(file)")
    }
    for found in try Self.pyHanko(files, root: seal + "/root.pem") {
      #expect(Self.isSealed(found), "\(found)")
    }
    // Tagged as before, the signature widget in a Form element: pdfua and our Matterhorn checks.
    let report = try CommandRunner.run(
      AccessibleSamplesTests.validators.appendingPathComponent("pdfua").path, ["check", "--quiet"] + files)
    #expect(report.status == 0, "pdfua: \(report.stdout)")
    for file in files {
      let check = try CommandRunner.run(Self.python, [AccessibleSamplesTests.checker.path, file])
      #expect(check.stdout.contains("\"problems\": []"), "\(file): \(check.stdout)")
      #expect(check.stdout.contains("\"annotations\": "), "\(file): \(check.stdout)")
    }
    // Archival documents stay PDF/A: Preflight finds nothing beyond what only PDF/A-1 forbids.
    for file in files where file.contains("/facturx/") || file.hasSuffix("archival-report.pdf") {
      let codes = Set(try FacturXTests.preflight(file))
      #expect(codes.subtracting(FacturXTests.pdfA1OnlyCodes).isEmpty, "\(file): \(codes.sorted())")
    }
  }
}

/// Seals from the config and the environment, broken seals, and what a seal changes in the bytes.
@Suite(.serialized) struct SealedRunTests {
  /// One invoice of orders.csv sealed with `arguments` into `out`; returns the PDF's path.
  static func sealOne(_ arguments: [String], out: String, environment: [String: String] = [:]) throws
    -> String
  {
    let run = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--only", "INV-2026001", "--out", out, "--progress", "never"] + arguments,
      environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    return out + "/INV-2026001.pdf"
  }

  @Test func oneChangedByteMakesBothValidatorsSayInvalid() throws {
    let seal = try SignedDocumentsTests.sealFolder()
    let pdf = try Self.sealOne(SignedDocumentsTests.signing(seal), out: try CommandRunner.temporaryFolder())
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: pdf)))
    // A hex digit of the file's /ID, after the signature: signed, and the file stays well-formed.
    let marker = Array("/ID [<".utf8)
    let found = try #require(
      stride(from: bytes.count - marker.count, through: 0, by: -1).first {
        Array(bytes[$0..<$0 + marker.count]) == marker
      })
    let at = found + marker.count
    bytes[at] = bytes[at] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
    let changed = pdf + ".changed.pdf"
    try Data(bytes).write(to: URL(fileURLWithPath: changed))
    #expect(try CommandRunner.run("qpdf", ["--check", changed]).status == 0)
    let verdict = try SignedDocumentsTests.pdfsig(changed)
    #expect(!verdict.valid, "\(verdict.output)")
    let checked = try SignedDocumentsTests.pyHanko([pdf, changed], root: seal + "/root.pem")
    try #require(checked.count == 2)
    #expect(SignedDocumentsTests.isSealed(checked[0]), "\(checked[0])")
    #expect(checked[1]["intact"] as? Bool == false, "\(checked[1])")
  }

  @Test func theConfigSealsANightlyRunWithThePasswordFromTheEnvironment() throws {
    let seal = try SignedDocumentsTests.sealFolder()
    let sample = CommandRunner.sampleData + "/invoicegen.json"
    var config = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sample))) as? [String: Any]
    )
    var brand = config["brand"] as? [String: Any] ?? [:]
    brand["logo"] = CommandRunner.sampleData + "/logo.svg"
    config["brand"] = brand
    // Relative to the config's folder, as every path of the config.
    config["sign"] = ["file": "seal.p12"]
    try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: seal + "/sealing.json"))
    let pdf = try Self.sealOne(
      ["--config", seal + "/sealing.json"], out: try CommandRunner.temporaryFolder(),
      environment: ["INVOICEGEN_SIGN_PASSWORD": "secret"])
    #expect(
      SignedDocumentsTests.isSealed(try SignedDocumentsTests.pyHanko([pdf], root: seal + "/root.pem")[0]))
    // The password file of the config works as well; the environment is then not needed.
    config["sign"] = ["file": "seal.p12", "passwordFile": "password"]
    try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: seal + "/sealing.json"))
    let second = try Self.sealOne(
      ["--config", seal + "/sealing.json"], out: try CommandRunner.temporaryFolder())
    #expect(try SignedDocumentsTests.pdfsig(second).valid)
    // A config run as images leaves its seal be (--sign asked for with images is refused).
    let images = try CommandRunner.temporaryFolder()
    let png = try CommandRunner.invoicegen(
      [
        "--input", "orders.csv", "--only", "INV-2026001", "--format", "png", "--config",
        seal + "/sealing.json",
        "--out", images,
      ])
    #expect(png.status == 0 && CommandRunner.files(images).contains("INV-2026001-1.png"), "\(png.stderr)")
  }

  @Test func badSealsStopTheRunBeforeAnythingIsWritten() throws {
    let seal = try SignedDocumentsTests.sealFolder()
    let p12 = seal + "/seal.p12"
    let cases: [(arguments: [String], environment: [String: String], message: String)] = [
      (["--sign", p12], ["INVOICEGEN_SIGN_PASSWORD": "wrong"], "\(p12): the password is wrong"),
      (
        ["--sign", p12], [:],
        "\(p12): the password is wrong (give it with --sign-password-file FILE or INVOICEGEN_SIGN_PASSWORD)"
      ),
      (["--sign", seal + "/none.p12"], [:], "\(seal)/none.p12: cannot be read"),
      (["--sign", "/dev/zero"], [:], "/dev/zero: is not a regular file (a folder, FIFO or device)"),
      (
        ["--sign", p12, "--sign-password-file", seal + "/none"], [:],
        "\(seal)/none: the seal's password file cannot be read"
      ),
      (["--sign-password-file", seal + "/password"], [:], "--sign-password-file needs --sign FILE.p12"),
      (
        SignedDocumentsTests.signing(seal) + ["--format", "png"], [:],
        "--sign seals PDFs; it cannot be combined with --format png"
      ),
    ]
    for (arguments, environment, message) in cases {
      let out = try CommandRunner.temporaryFolder() + "/out"
      let run = try CommandRunner.invoicegen(
        ["--input", "orders.csv", "--out", out] + arguments, environment: environment)
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
      #expect(CommandRunner.files(out).isEmpty, "\(arguments): \(CommandRunner.files(out))")
    }
    // A report with a seal whose key cannot sign: nothing written either.
    let other = try CommandRunner.temporaryFolder()
    try SealTests.makeSeal(in: other, usage: "keyEncipherment")
    let report = try CommandRunner.invoicegen(
      ["report", "--input", "report.json", "--out", other + "/report.pdf", "--sign", other + "/seal.p12"],
      environment: ["INVOICEGEN_SIGN_PASSWORD": "secret"])
    #expect(report.status == 1 && report.stderr.contains("key usage allows no signature"), "\(report.stderr)")
    #expect(!FileManager.default.fileExists(atPath: other + "/report.pdf"))
  }

  @Test func sealedBytesAreReproducibleButForARandomisedSignature() throws {
    let environment = ["SOURCE_DATE_EPOCH": "1772366400"]
    let rsa = try CommandRunner.temporaryFolder()
    try SealTests.makeSeal(in: rsa, key: SealTests.rsa)
    try "secret\n".write(toFile: rsa + "/password", atomically: true, encoding: .utf8)
    let ecdsa = try SignedDocumentsTests.sealFolder()
    func twice(_ seal: String) throws -> ([UInt8], [UInt8]) {
      let first = try Self.sealOne(
        SignedDocumentsTests.signing(seal), out: try CommandRunner.temporaryFolder(), environment: environment
      )
      let second = try Self.sealOne(
        SignedDocumentsTests.signing(seal), out: try CommandRunner.temporaryFolder(), environment: environment
      )
      return (
        Array(try Data(contentsOf: URL(fileURLWithPath: first))),
        Array(try Data(contentsOf: URL(fileURLWithPath: second)))
      )
    }
    // RSA PKCS #1 v1.5 is deterministic: the same file twice, the signing time SOURCE_DATE_EPOCH's.
    let (rsaFirst, rsaSecond) = try twice(rsa)
    #expect(rsaFirst == rsaSecond)
    #expect(String(decoding: rsaFirst, as: UTF8.self).contains("/M (D:20260301120000+00'00')"))
    // ECDSA draws a random number per signature: only /Contents differs.
    let (first, second) = try twice(ecdsa)
    #expect(first != second && first.count == second.count)
    let range = try PDFSigningTestsRange.byteRange(first)
    #expect(first[..<range[1]] == second[..<range[1]] && first[range[2]...] == second[range[2]...])
  }

  @Test func aSealedFacturXKeepsItsXMLByteForByte() throws {
    let seal = try SignedDocumentsTests.sealFolder()
    var xml: [Data] = []
    for extra in [[], SignedDocumentsTests.signing(seal)] {
      let out = try CommandRunner.temporaryFolder()
      let run = try CommandRunner.invoicegen(
        [
          "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--einvoice", "facturx", "--out",
          out,
        ]
          + extra, environment: ["SOURCE_DATE_EPOCH": "1772366400"])
      #expect(run.status == 0, "\(run.stderr)")
      let pdf = out + "/" + (CommandRunner.files(out).first { $0.hasSuffix(".pdf") } ?? "")
      let detach = try CommandRunner.run("pdfdetach", ["-save", "1", "-o", out + "/factur-x.xml", pdf])
      #expect(detach.status == 0, "\(detach.stderr)")
      xml.append(try Data(contentsOf: URL(fileURLWithPath: out + "/factur-x.xml")))
    }
    #expect(xml.count == 2 && xml[0] == xml[1] && !xml[0].isEmpty)
  }
}

/// The /ByteRange of a sealed file's bytes.
enum PDFSigningTestsRange {
  static func byteRange(_ bytes: [UInt8]) throws -> [Int] {
    let text = String(decoding: bytes, as: UTF8.self)
    let start = try #require(text.range(of: "/ByteRange ["))
    let end = try #require(text[start.upperBound...].firstIndex(of: "]"))
    return text[start.upperBound..<end].split(separator: " ").compactMap { Int($0) }
  }
}

/// A time-stamp authority on 127.0.0.1 for the test (Tests/Validators/tsa_server.py, pyHanko's
/// dummy stamper), its RSA certificate issued by the root of a seal folder; stopped with `stop()`.
final class TestTimeStampAuthority {
  let process = Process()
  let url: String

  /// With `tls`, it answers https with a certificate for `localhost` from the same root.
  init(folder: String, tls: Bool = false) throws {
    try "extendedKeyUsage=critical,timeStamping\n".write(
      toFile: folder + "/tsa.cnf", atomically: true, encoding: .utf8)
    try "subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n".write(
      toFile: folder + "/server.cnf", atomically: true, encoding: .utf8)
    for step in [
      [
        "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "tsa.key", "-out", "tsa.csr", "-subj",
        "/CN=Test TSA",
      ],
      [
        "x509", "-req", "-in", "tsa.csr", "-CA", "root.pem", "-CAkey", "root.key", "-CAcreateserial", "-out",
        "tsa.pem", "-days", "30", "-extfile", "tsa.cnf",
      ],
      [
        "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj",
        "/CN=localhost",
      ],
      [
        "x509", "-req", "-in", "server.csr", "-CA", "root.pem", "-CAkey", "root.key", "-CAcreateserial",
        "-out",
        "server.pem", "-days", "30", "-extfile", "server.cnf",
      ],
    ] {
      let run = try CommandRunner.run("openssl", step, directory: folder)
      #expect(run.status == 0, "\(step): \(run.stderr)")
    }
    process.executableURL = URL(fileURLWithPath: SignedDocumentsTests.python)
    process.arguments =
      [CommandRunner.packageRoot.appendingPathComponent("Tests/Validators/tsa_server.py").path]
      + (tls ? ["--tls", folder + "/server.pem", folder + "/server.key"] : [])
      + [folder + "/tsa.pem", folder + "/tsa.key", folder + "/root.pem"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The first line is the port it listens on.
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let port = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    url = tls ? "https://localhost:\(port)/tsa" : "http://127.0.0.1:\(port)/tsa"
  }

  func stop() {
    // SIGKILL: the test process's blocked signals are the child's too, and SIGTERM would wait there.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

/// PAdES B-T: each seal's signature value time-stamped by an RFC 3161 authority.
@Suite(.serialized) struct TimeStampedSealTests {
  @Test func aTimeStampFromTheAuthorityMakesEverySealBT() throws {
    let seal = try SignedDocumentsTests.sealFolder()
    let authority = try TestTimeStampAuthority(folder: seal)
    defer { authority.stop() }
    let out = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen(
      [
        "--input", "orders.csv", "--out", out, "--jobs", "2", "--progress", "never", "--sign-tsa",
        authority.url,
      ]
        + SignedDocumentsTests.signing(seal))
    #expect(run.status == 0, "\(run.stderr)")
    let pdfs = CommandRunner.files(out).filter { $0.hasSuffix(".pdf") }.map { out + "/" + $0 }
    #expect(pdfs.count > 10)
    let before = Date(timeIntervalSinceNow: -600)
    for found in try SignedDocumentsTests.pyHanko(pdfs, root: seal + "/root.pem") {
      #expect(SignedDocumentsTests.isSealed(found), "\(found)")
      let stamp = try #require(found["timestamp"] as? [String: Any], "\(found)")
      #expect(stamp["intact"] as? Bool == true && stamp["valid"] as? Bool == true, "\(stamp)")
      #expect(stamp["trusted"] as? Bool == true, "\(stamp)")
      let time = try #require(
        ISO8601DateFormatter().date(from: (stamp["time"] as? String ?? "").prefix(19) + "Z"))
      #expect(time > before && time < Date(timeIntervalSinceNow: 600), "\(stamp)")
    }
    for pdf in pdfs.prefix(3) { #expect(try SignedDocumentsTests.pdfsig(pdf).valid) }
    // A report is stamped too, from the config's sign.tsa.
    let config = seal + "/tsa.json"
    try #"{"sign": {"file": "seal.p12", "passwordFile": "password", "tsa": "\#(authority.url)"}}"#.write(
      toFile: config, atomically: true, encoding: .utf8)
    let report = try CommandRunner.invoicegen(
      ["report", "--input", "report.json", "--config", config, "--out", out + "/report.pdf"])
    #expect(report.status == 0, "\(report.stderr)")
    let found = try SignedDocumentsTests.pyHanko([out + "/report.pdf"], root: seal + "/root.pem")
    #expect((found.first?["timestamp"] as? [String: Any])?["valid"] as? Bool == true, "\(found)")
  }

  @Test func anAuthorityOverHTTPSIsReachedOnlyWithACertificateTheMachineTrusts() throws {
    let seal = try SignedDocumentsTests.sealFolder()
    let authority = try TestTimeStampAuthority(folder: seal, tls: true)
    defer { authority.stop() }
    let arguments = ["--input", "orders.csv", "--only", "INV-2026001", "--sign-tsa", authority.url]
    // Trusted through OpenSSL's SSL_CERT_FILE, as a company's own CA would be installed.
    let out = try CommandRunner.temporaryFolder()
    let trusted = try CommandRunner.invoicegen(
      arguments + ["--out", out] + SignedDocumentsTests.signing(seal),
      environment: ["SSL_CERT_FILE": seal + "/root.pem"])
    #expect(trusted.status == 0, "\(trusted.stderr)")
    let found = try SignedDocumentsTests.pyHanko([out + "/INV-2026001.pdf"], root: seal + "/root.pem")
    #expect((found.first?["timestamp"] as? [String: Any])?["trusted"] as? Bool == true, "\(found)")
    // A server certificate nobody trusts: refused, nothing written.
    let refusedOut = try CommandRunner.temporaryFolder() + "/out"
    let refused = try CommandRunner.invoicegen(
      arguments + ["--out", refusedOut] + SignedDocumentsTests.signing(seal),
      environment: ["SSL_CERT_FILE": "/dev/null", "SSL_CERT_DIR": "/nonexistent"])
    #expect(refused.status == 1 && refused.stderr.contains("no time stamp came back"), "\(refused.stderr)")
    #expect(CommandRunner.files(refusedOut).isEmpty)
    // A trusted certificate for another name (localhost, asked as 127.0.0.1): refused too.
    let otherName = authority.url.replacingOccurrences(of: "localhost", with: "127.0.0.1")
    let mismatch = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--only", "INV-2026001", "--sign-tsa", otherName, "--out", refusedOut]
        + SignedDocumentsTests.signing(seal),
      environment: ["SSL_CERT_FILE": seal + "/root.pem"])
    #expect(mismatch.status == 1 && mismatch.stderr.contains("no time stamp came back"), "\(mismatch.stderr)")
  }

  @Test func anAuthorityThatDoesNotAnswerStopsTheRunBeforeAnythingIsWritten() throws {
    let seal = try SignedDocumentsTests.sealFolder()
    let authority = try TestTimeStampAuthority(folder: seal)
    authority.stop()
    let out = try CommandRunner.temporaryFolder() + "/out"
    let run = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--out", out, "--sign-tsa", authority.url]
        + SignedDocumentsTests.signing(seal))
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains("nothing written: \(authority.url): no time stamp came back"), "\(run.stderr)")
    #expect(CommandRunner.files(out).isEmpty)
    let bad = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--out", out, "--sign-tsa", "ftp://tsa.example"]
        + SignedDocumentsTests.signing(seal))
    #expect(bad.status == 1 && bad.stderr.contains("is not an http or https address"), "\(bad.stderr)")
  }
}
