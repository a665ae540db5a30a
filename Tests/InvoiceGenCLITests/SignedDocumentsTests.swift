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

  /// pyHanko's findings for each of `pdfs`, with `root` the only trust anchor (see pades_check.py).
  static func pyHanko(_ pdfs: [String], root: String) throws -> [[String: Any]] {
    let run = try CommandRunner.run(python, [padesCheck, root] + pdfs)
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
