import Foundation
import Testing

/// Password protection of plain documents (issue 61): AES-256 by libqpdf, read back with qpdf,
/// pdftotext and, for sealed ones, pdfsig and pyHanko; refused for PDF/A.
@Suite(.serialized) struct PasswordProtectionTests {
  /// A folder with the password files `user` ("open sesame") and `owner` ("owner secret").
  static func passwords() throws -> String {
    let folder = try CommandRunner.temporaryFolder()
    try "open sesame\n".write(toFile: folder + "/user", atomically: true, encoding: .utf8)
    try "owner secret\r\n".write(toFile: folder + "/owner", atomically: true, encoding: .utf8)
    return folder
  }

  @Test func aProtectedReportOpensOnlyWithItsPassword() throws {
    let folder = try Self.passwords()
    let pdf = folder + "/payroll.pdf"
    let run = try CommandRunner.invoicegen(
      ["report", "--input", "report.json", "--out", pdf, "--password-file", folder + "/user"])
    #expect(run.status == 0, "\(run.stderr)")
    let encryption = try CommandRunner.run("qpdf", ["--show-encryption", "--password=open sesame", pdf])
      .stdout
    #expect(encryption.contains("R = 6") && encryption.contains("modify other: allowed"), "\(encryption)")
    let locked = try CommandRunner.run("pdftotext", [pdf, "-"])
    #expect(locked.status != 0 && locked.stderr.contains("Incorrect password"), "\(locked.stderr)")
    let opened = try CommandRunner.run("pdftotext", ["-upw", "open sesame", pdf, "-"])
    #expect(opened.status == 0 && opened.stdout.contains("Nightly CI"), "\(opened.stdout.prefix(300))")
    #expect(try CommandRunner.run("qpdf", ["--check", "--password=open sesame", pdf]).status == 0)
    // Still tagged: the structure is encrypted with the rest, and readable with the password.
    let info = try CommandRunner.run("pdfinfo", ["-upw", "open sesame", pdf]).stdout
    #expect(
      info.contains("Tagged:          yes") && info.contains("Encrypted:       yes (print:yes"), "\(info)")
  }

  @Test func anOwnerPasswordRestrictsAndASealCoversTheEncryptedFile() throws {
    let folder = try Self.passwords()
    let seal = try SignedDocumentsTests.sealFolder()
    let out = folder + "/out"
    let run = try CommandRunner.invoicegen(
      [
        "--input", "orders.csv", "--only", "INV-2026001", "--out", out, "--password-file", folder + "/user",
        "--owner-password-file", folder + "/owner",
      ] + SignedDocumentsTests.signing(seal))
    #expect(run.status == 0, "\(run.stderr)")
    let pdf = out + "/INV-2026001.pdf"
    let encryption = try CommandRunner.run("qpdf", ["--show-encryption", "--password=open sesame", pdf])
      .stdout
    for line in [
      "print high resolution: allowed", "modify other: not allowed", "extract for accessibility: allowed",
      "modify annotations: not allowed",
    ] {
      #expect(encryption.contains(line), "\(line): \(encryption)")
    }
    // The owner password (its file's CRLF left out) lifts the restrictions.
    let owner = try CommandRunner.run("qpdf", ["--show-encryption", "--password=owner secret", pdf]).stdout
    #expect(owner.contains("Supplied password is owner password"), "\(owner)")
    let verdict = try CommandRunner.run("pdfsig", ["-upw", "open sesame", pdf]).stdout
    #expect(
      verdict.contains("Signature is Valid.") && verdict.contains("Total document signed"), "\(verdict)")
    let found = try SignedDocumentsTests.pyHanko([pdf], root: seal + "/root.pem", password: "open sesame")
    #expect(SignedDocumentsTests.isSealed(found[0]), "\(found)")
  }

  @Test func archivalDocumentsAndBadPasswordFilesAreRefusedBeforeAnythingIsWritten() throws {
    let folder = try Self.passwords()
    try "\n".write(toFile: folder + "/empty", atomically: true, encoding: .utf8)
    let cases: [(arguments: [String], message: String)] = [
      (
        [
          "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--einvoice", "facturx",
          "--out", folder + "/fx", "--password-file", folder + "/user",
        ],
        "a password cannot protect a PDF/A document (Factur-X, --pdfa): PDF/A forbids encryption"
      ),
      (
        [
          "report", "--input", "report.json", "--pdfa", "--out", folder + "/fx/r.pdf", "--password-file",
          folder + "/user",
        ],
        "PDF/A forbids encryption"
      ),
      (
        ["--input", "orders.csv", "--out", folder + "/fx", "--password-file", folder + "/none"],
        "\(folder)/none: the password file cannot be read"
      ),
      (
        ["--input", "orders.csv", "--out", folder + "/fx", "--password-file", folder + "/empty"],
        "the password file's first line is empty"
      ),
      (
        ["--input", "orders.csv", "--out", folder + "/fx", "--password-file", folder],
        "the password file is not a regular file"
      ),
      (
        ["--input", "orders.csv", "--out", folder + "/fx", "--owner-password-file", folder + "/owner"],
        "--owner-password-file needs --password-file"
      ),
      (
        [
          "--input", "orders.csv", "--out", folder + "/fx", "--password-file", folder + "/user", "--format",
          "svg",
        ],
        "--password-file protects PDFs; it cannot be combined with --format svg"
      ),
    ]
    for (arguments, message) in cases {
      let run = try CommandRunner.invoicegen(arguments)
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
      #expect(CommandRunner.files(folder + "/fx").isEmpty, "\(arguments)")
    }
  }

  @Test func theConfigProtectsEveryPDFOfARun() throws {
    let folder = try Self.passwords()
    let config = folder + "/protected.json"
    try #"{"password": {"file": "user", "ownerFile": "owner"}}"#.write(
      toFile: config, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(
      ["report", "--input", "report.csv", "--config", config, "--out", folder + "/report.pdf"])
    #expect(run.status == 0, "\(run.stderr)")
    let encryption = try CommandRunner.run(
      "qpdf", ["--show-encryption", "--password=open sesame", folder + "/report.pdf"]
    ).stdout
    #expect(encryption.contains("R = 6") && encryption.contains("modify other: not allowed"), "\(encryption)")
  }
}
