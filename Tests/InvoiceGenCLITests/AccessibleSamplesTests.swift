import Foundation
import Testing

/// Every sample document `make run` writes is a tagged PDF that `pdfua` and our Matterhorn checks pass (issue 13).
@Suite(.serialized) struct AccessibleSamplesTests {
  static let validators = CommandRunner.packageRoot.appendingPathComponent(".build/validators/bin")
  static let checker = CommandRunner.packageRoot.appendingPathComponent(
    "Tests/Validators/tagged_pdf_check.py")

  /// The PDFs in `folder` and below.
  static func pdfs(in folder: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var found: [String] = []
    while let name = enumerator?.nextObject() as? String {
      if name.hasSuffix(".pdf") { found.append(folder + "/" + name) }
    }
    return found.sorted()
  }

  /// The runs of every sample `make run` writes, each into its own folder under `out`.
  static func sampleRuns(into out: String) -> [[String]] {
    [
      ["--input", "orders.csv", "--out", out + "/invoices"],
      ["--input", "invoices.json", "--out", out + "/invoices-json"],
      ["--input", "shopify-orders.csv", "--config", "shopify.json", "--out", out + "/shopify"],
      ["--input", "woocommerce-orders.csv", "--config", "woocommerce.json", "--out", out + "/woocommerce"],
      // A layout of the config's own: added columns, custom fields, a footer of three columns.
      ["--input", "custom-orders.csv", "--config", "custom.json", "--out", out + "/custom-layout"],
      // The qualified invoices of a Japanese seller and the tax invoices of an Australian one.
      ["--input", "japan-orders.csv", "--config", "japan.json", "--out", out + "/japan"],
      ["--input", "australia-orders.csv", "--config", "australia.json", "--out", out + "/australia"],
      // A Spanish seller's VERI*FACTU invoices, with the AEAT's QR code.
      ["--input", "spain-orders.csv", "--config", "spain.json", "--out", out + "/spain"],
      // The French mentions of 2026 and the Saudi ZATCA QR code (Arabic, right to left).
      ["--input", "france-orders.csv", "--config", "france.json", "--out", out + "/france"],
      ["--input", "saudi-orders.csv", "--config", "saudi.json", "--out", out + "/saudi"],
      // The Swiss seller's CHF invoices carry a QR-bill page.
      [
        "--input", "orders.csv", "--config", "swiss.json", "--only", "INV-2026008", "--only", "INV-2026016",
        "--out", out + "/swiss-qr-bill",
      ],
      [
        "--input", "einvoice-orders.csv", "--config", "einvoice.json", "--out", out + "/facturx",
        "--einvoice", "facturx",
      ],
      // Received e-invoices (the public XRechnung cases with attachments, allowances, several VAT categories).
      ["--input", ReceivedInvoiceTests.examples + "/standard/0[23].*.xml", "--out", out + "/received"],
      ["report", "--input", "report.json", "--out", out + "/report.pdf"],
      ["report", "--input", "report.csv", "--out", out + "/report-csv.pdf"],
      [
        "report", "--input", "ci/*-junit.xml", "--input", "ci/*coverage*.xml", "--out",
        out + "/ci-report.pdf",
      ],
    ]
  }

  @Test func everySampleDocumentPassesTheAccessibilityChecks() throws {
    let out = try CommandRunner.temporaryFolder()
    for arguments in AccessibleSamplesTests.sampleRuns(into: out) {
      let run = try CommandRunner.invoicegen(
        arguments + (arguments[0] == "report" ? [] : ["--progress", "never"]))
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      // Each sample is lawful where its seller issues it: no legal particular is missing.
      #expect(!run.stderr.contains("the invoice lacks"), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("the invoice must be"), "\(arguments): \(run.stderr)")
    }
    let files = AccessibleSamplesTests.pdfs(in: out)
    #expect(files.count > 40, "\(files.count) PDFs")
    // Right-to-left is among them: INV-2026006 is the ar-SA invoice of orders.csv, and its /Lang says so.
    let arabic = try CommandRunner.run(
      AccessibleSamplesTests.validators.appendingPathComponent("python").path,
      [AccessibleSamplesTests.checker.path, out + "/invoices/INV-2026006.pdf", "ar-SA"])
    #expect(arabic.stdout.contains("\"problems\": []"), "\(arabic.stdout)")
    let report = try CommandRunner.run(
      AccessibleSamplesTests.validators.appendingPathComponent("pdfua").path, ["check", "--quiet"] + files)
    #expect(report.status == 0, "pdfua: \(report.stdout)")
    for file in files {
      let check = try CommandRunner.run(
        AccessibleSamplesTests.validators.appendingPathComponent("python").path,
        [AccessibleSamplesTests.checker.path, file])
      #expect(check.status == 0 && check.stdout.contains("\"problems\": []"), "\(file): \(check.stdout)")
    }
  }

  @Test func untaggedOnRequestFromTheFlagOrTheConfig() throws {
    let folder = try CommandRunner.temporaryFolder()
    let config = folder + "/untagged.json"
    try #"{"tagged": false}"#.write(toFile: config, atomically: true, encoding: .utf8)
    let flag = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--out", folder + "/flag", "--only", "INV-2026001", "--untagged"])
    let configured = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--out", folder + "/config", "--only", "INV-2026001", "--config", config])
    let tagged = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--out", folder + "/tagged", "--only", "INV-2026001"])
    for run in [flag, configured, tagged] { #expect(run.status == 0, "\(run.stderr)") }
    func hasStructure(_ path: String) throws -> Bool {
      try CommandRunner.run("pdfinfo", ["-struct", path]).stdout.contains("Document")
    }
    #expect(try !hasStructure(folder + "/flag/INV-2026001.pdf"))
    #expect(try !hasStructure(folder + "/config/INV-2026001.pdf"))
    #expect(try hasStructure(folder + "/tagged/INV-2026001.pdf"))
    let bad = folder + "/bad.json"
    try #"{"tagged": "no"}"#.write(toFile: bad, atomically: true, encoding: .utf8)
    let refused = try CommandRunner.invoicegen([
      "--input", "orders.csv", "--out", folder + "/bad", "--config", bad,
    ])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("$.tagged: expected true or false"), "\(refused.stderr)")
  }
}
