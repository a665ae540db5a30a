import Foundation
import Testing

/// Hostile input end to end: tags that crashed ICU, endless streams, oversized fields and names, devices.
@Suite(.serialized) struct HostileInputCommandTests {
  static let crashingTag = Array(repeating: "en-US", count: 36).joined(separator: "-")

  static func run(shell command: String) throws -> CommandRunner.Result {
    try CommandRunner.run("bash", ["-c", command], directory: CommandRunner.sampleData)
  }

  @Test func aLocaleThatCrashedICUIsThatInvoicesErrorEverywhere() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/orders.csv"
    try """
    invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency,locale
    X-1,2026-01-05,C,W,1,10,19,EUR,\(HostileInputCommandTests.crashingTag)
    X-2,2026-01-05,C,W,1,10,19,EUR,de-DE

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let batch = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(batch.status == 2, "\(batch.stderr)")
    #expect(batch.stderr.contains("orders.csv:2: column \"locale\""))
    #expect(CommandRunner.files(folder + "/out") == ["X-2.pdf"])
    let option = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out2", "--locale", HostileInputCommandTests.crashingTag,
    ])
    #expect(option.status == 1, "\(option.stderr)")
    #expect(option.stderr.contains("is not a locale"))
    let config = folder + "/config.json"
    try "{\"defaults\": {\"locale\": \"\(HostileInputCommandTests.crashingTag)\"}}".write(
      toFile: config, atomically: true, encoding: .utf8)
    let configured = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out3", "--config", config,
    ])
    #expect(configured.status == 1, "\(configured.stderr)")
    #expect(configured.stderr.contains("$.defaults.locale"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/out2"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/out3"))
  }

  @Test func endlessBinaryInputStopsAtOnce() throws {
    let folder = try CommandRunner.temporaryFolder()
    let binary = CommandRunner.binary
    for arguments in [
      "--input - --input-format json --out \(folder)/a", "--input - --out \(folder)/b",
      "report --input - --out \(folder)/r.pdf",
    ] {
      let result = try HostileInputCommandTests.run(shell: "timeout 20 '\(binary)' \(arguments) < /dev/zero")
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("NUL byte"), "\(arguments): \(result.stderr)")
    }
    let device = try CommandRunner.invoicegen([
      "--input", "/dev/zero", "--input-format", "json", "--out", folder,
    ])
    #expect(device.status == 1)
    #expect(device.stderr.contains("/dev/zero: cannot read: is a character device"), "\(device.stderr)")
    #expect(CommandRunner.files(folder).isEmpty)
  }

  @Test func aPipeGivenAsJSONIsRead() throws {
    let folder = try CommandRunner.temporaryFolder()
    let result = try HostileInputCommandTests.run(
      shell:
        "'\(CommandRunner.binary)' --input <(cat invoices.json) --input-format json --out \(folder) --progress never"
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(CommandRunner.files(folder) == ["JS-2026-001.pdf", "JS-2026-002.pdf"])
  }

  @Test func aTenMegabyteFieldFailsOnlyItsInvoice() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/orders.csv"
    let huge = String(repeating: "word ", count: 2_097_152)
    try """
    invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency
    A-1,2026-01-05,C,"\(huge)",1,10,19,EUR
    B-1,2026-01-05,C,fine,1,10,19,EUR

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let result = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("orders.csv:2: column \"description\": is 10485760 bytes long"))
    #expect(CommandRunner.files(folder + "/out") == ["B-1.pdf"])
  }

  @Test func aLongDescriptionWrapsOverPagesAndLosesNoWord() throws {
    let folder = try CommandRunner.temporaryFolder()
    var words: [String] = []
    var length = 0
    while length < 60_000 {
      words.append("w\(words.count)")
      length += words.last!.utf8.count + 1
    }
    let input = folder + "/long.json"
    try """
    [{"invoiceNumber": "L-1", "invoiceDate": "2026-01-05", "currency": "EUR", "customer": {"name": "C"},
      "items": [{"description": "\(words.joined(separator: " "))", "quantity": 1, "unitPrice": 2, "taxRate": 19},
                {"description": "after", "quantity": 1, "unitPrice": 3, "taxRate": 19}]}]
    """.write(toFile: input, atomically: true, encoding: .utf8)
    let result = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try CommandRunner.run("pdftotext", [folder + "/out/L-1.pdf", "-"]).stdout
    let drawn = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\u{0C}" }).filter {
      $0.hasPrefix("w") && $0.dropFirst().allSatisfy(\.isNumber)
    }.map(String.init)
    #expect(drawn == words, "\(drawn.count) of \(words.count) words drawn in order")
    let info = try CommandRunner.run("pdfinfo", [folder + "/out/L-1.pdf"]).stdout
    #expect(info.contains("Pages:") && !info.contains("Pages:           1\n"))
  }

  @Test func fileNamesTooLongForTheFileSystemAreNamedWithTheWayOut() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/orders.csv"
    try """
    invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency
    \(String(repeating: "A", count: 5000)),2026-01-05,C,W,1,10,19,EUR
    \(String(repeating: "é", count: 200)),2026-01-05,C,W,1,10,19,EUR
    OK-1,2026-01-05,C,W,1,10,19,EUR

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let result = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("would be 5004 bytes long; file systems allow at most 255"))
    #expect(result.stderr.contains("would be 404 bytes long; file systems allow at most 255"))
    #expect(result.stderr.contains("set output.fileName"))
    #expect(CommandRunner.files(folder + "/out") == ["OK-1.pdf"])
  }
}
