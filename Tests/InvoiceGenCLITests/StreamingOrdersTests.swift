import Foundation
import Testing

/// Orders CSV of any size in bounded memory: each invoice is read, checked and rendered on its own,
/// whatever the order of the rows, from a file or standard input.
@Suite(.serialized) struct StreamingOrdersTests {
  static let header =
    "invoice_number,invoice_date,due_date,currency,customer_name,customer_address,description,quantity,unit_price,tax_rate\n"
  static let environment = ["SOURCE_DATE_EPOCH": "1767225600"]

  /// The rows of `invoices` invoices, each a list of its rows (1 to 4 items).
  static func rows(invoices: Int) -> [[String]] {
    (0..<invoices).map { invoice in
      (0...(invoice % 4)).map { line in
        "R-\(invoice),2026-03-0\(invoice % 9 + 1),2026-04-0\(invoice % 9 + 1),EUR,Customer \(invoice),"
          + "\"Street \(invoice)\n10115 Berlin\",Item \(line) of \(invoice),\(line + 1),\(invoice % 50 + 1).25,19\n"
      }
    }
  }

  /// Writes `rows` as a CSV named `name` in `folder`.
  static func write(_ rows: [String], _ name: String, in folder: String) throws -> String {
    let path = folder + "/" + name
    try (header + rows.joined()).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The rows of every invoice one after the other; scattered by a fixed permutation (each invoice's
  /// rows still in their order); and two by two alternating.
  static func orders(invoices: Int, in folder: String) throws -> (
    grouped: String, shuffled: String, interleaved: String
  ) {
    let rows = rows(invoices: invoices)
    let flat = rows.flatMap { $0 }
    let owner = rows.enumerated().flatMap { invoice, lines in lines.map { _ in invoice } }
    precondition(flat.count % 7919 != 0)
    // Position p holds a row of the invoice that owns row p × 7919 mod n: that invoice's next row.
    var next = [Int](repeating: 0, count: rows.count)
    let shuffled = (0..<flat.count).map { position -> String in
      let invoice = owner[position * 7919 % flat.count]
      defer { next[invoice] += 1 }
      return rows[invoice][next[invoice]]
    }
    var interleaved: [String] = []
    for pair in stride(from: 0, to: rows.count, by: 2) {
      let first = rows[pair]
      let second = pair + 1 < rows.count ? rows[pair + 1] : []
      for line in 0..<max(first.count, second.count) {
        if line < first.count { interleaved.append(first[line]) }
        if line < second.count { interleaved.append(second[line]) }
      }
    }
    return (
      try write(flat, "grouped.csv", in: folder), try write(shuffled, "shuffled.csv", in: folder),
      try write(interleaved, "interleaved.csv", in: folder)
    )
  }

  /// The files in `folder` with their bytes.
  static func contents(_ folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
    }
    return files
  }

  @Test func groupedShuffledAndInterleavedRowsMakeTheSameDocuments() throws {
    let folder = try CommandRunner.temporaryFolder()
    let inputs = try Self.orders(invoices: 40, in: folder)
    var outputs: [[String: Data]] = []
    for (name, input) in [
      ("grouped", inputs.grouped), ("shuffled", inputs.shuffled), ("interleaved", inputs.interleaved),
    ] {
      let result = try CommandRunner.invoicegen(
        ["--input", input, "--out", folder + "/" + name, "--jobs", "2"], environment: Self.environment)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("40 invoices written, 0 failed"), "\(result.stdout)")
      outputs.append(try Self.contents(folder + "/" + name))
    }
    #expect(outputs[0].count == 40)
    #expect(outputs[1] == outputs[0], "shuffled rows make other documents")
    #expect(outputs[2] == outputs[0], "interleaved rows make other documents")
    // Each document has every item of its invoice, however far apart the rows were.
    let text = try CommandRunner.run("pdftotext", [folder + "/shuffled/R-7.pdf", "-"]).stdout
    for line in 0...3 { #expect(text.contains("Item \(line) of 7"), "\(text)") }
  }

  @Test func checkingOnEveryCoreReportsWhatOneCoreReports() throws {
    // Blocks of invoices are read on several threads: the problems must still come in input order.
    let folder = try CommandRunner.temporaryFolder()
    var rows = Self.rows(invoices: 900)
    for invoice in stride(from: 7, to: rows.count, by: 37) {
      rows[invoice][0] = rows[invoice][0].replacingOccurrences(of: ".25,19\n", with: "x,19\n")
    }
    for invoice in stride(from: 11, to: rows.count, by: 53) where rows[invoice].count > 1 {
      rows[invoice][1] = rows[invoice][1].replacingOccurrences(
        of: "Customer \(invoice),", with: "Someone else,")
    }
    let input = try Self.write(rows.reversed().flatMap { $0 }, "broken.csv", in: folder)
    var reports: [String] = []
    for jobs in ["1", "2", "3"] {
      let result = try CommandRunner.invoicegen(
        ["--input", input, "--out", folder + "/out", "--check", "--jobs", jobs], environment: Self.environment
      )
      #expect(result.status == 2, "\(result.stderr)")
      reports.append(result.stderr + result.stdout)
    }
    #expect(reports[0].contains("R-7"), "\(reports[0])")
    #expect(reports[0].contains("R-11"), "\(reports[0])")
    #expect(reports[1] == reports[0], "--jobs 2 reports otherwise than --jobs 1")
    #expect(reports[2] == reports[0], "--jobs 3 reports otherwise than --jobs 1")
  }

  @Test func standardInputIsSpooledAndNothingIsLeftBehind() throws {
    let folder = try CommandRunner.temporaryFolder()
    let inputs = try Self.orders(invoices: 12, in: folder)
    for input in [inputs.grouped, inputs.shuffled] {
      let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
      let fromFile = try CommandRunner.invoicegen(
        ["--input", input, "--out", folder + "/file-" + name], environment: Self.environment)
      let fromStdin = try CommandRunner.invoicegen(
        ["--input", "-", "--out", folder + "/stdin-" + name], environment: Self.environment,
        input: try Data(contentsOf: URL(fileURLWithPath: input)))
      #expect(fromFile.status == 0 && fromStdin.status == 0, "\(fromStdin.stderr)")
      let written = try Self.contents(folder + "/stdin-" + name)
      #expect(written == (try Self.contents(folder + "/file-" + name)))
      // The spool was unlinked as soon as it was open: only the documents are in the folder.
      #expect(written.keys.allSatisfy { $0.hasSuffix(".pdf") }, "\(written.keys.sorted())")
    }
  }

  @Test func anInvoiceReappearingAfterAHundredThousandRowsIsOneInvoice() throws {
    let folder = try CommandRunner.temporaryFolder()
    var rows = ["FAR-1,2026-03-01,2026-03-31,EUR,Far Away,\"Street 1\",First item,1,10.00,19\n"]
    for row in 0..<100_000 {
      rows.append(
        "N-\(row / 4),2026-03-01,2026-03-31,EUR,Near \(row / 4),\"Street 2\",Item \(row),1,1.00,19\n")
    }
    rows.append("FAR-1,2026-03-01,2026-03-31,EUR,Far Away,\"Street 1\",Last item,2,20.00,19\n")
    let input = try Self.write(rows, "far.csv", in: folder)
    let check = try CommandRunner.invoicegen(["--input", input, "--out", folder + "/x", "--check"])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stdout.contains("25001 invoices valid") || check.stdout.contains("25,001 invoices valid"),
      "\(check.stdout)")
    let one = try CommandRunner.invoicegen(["--input", input, "--out", folder + "/far", "--only", "FAR-1"])
    #expect(one.status == 0, "\(one.stderr)")
    let text = try CommandRunner.run("pdftotext", [folder + "/far/FAR-1.pdf", "-"]).stdout
    #expect(text.contains("First item") && text.contains("Last item"), "\(text)")
    // 10.00 + 2 × 20.00 = 50.00 net, 9.50 VAT, 59.50 in all.
    #expect(text.contains("59.50"), "\(text)")
  }

  @Test func aConflictBetweenFarApartRowsNamesBothLines() throws {
    let folder = try CommandRunner.temporaryFolder()
    var rows = ["C-1,2026-03-01,2026-03-31,EUR,First Name,\"Street 1\",One,1,10.00,19\n"]
    for row in 0..<500 {
      rows.append("M-\(row),2026-03-01,2026-03-31,EUR,Middle,\"Street 2\",Item,1,1.00,19\n")
    }
    rows.append("C-1,2026-03-01,2026-03-31,EUR,Other Name,\"Street 1\",Two,1,10.00,19\n")
    let input = try Self.write(rows, "conflict.csv", in: folder)
    let result = try CommandRunner.invoicegen(["--input", input, "--out", folder + "/x", "--check"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("conflict.csv:503:"), "\(result.stderr)")
    #expect(result.stderr.contains("differs from \"First Name\" on line 2"), "\(result.stderr)")
    #expect(result.stdout.contains("500 invoices valid, 1 invalid"), "\(result.stdout)")
  }

  @Test func strictWritesNothingWhenTheLastRowIsInvalid() throws {
    let folder = try CommandRunner.temporaryFolder()
    var rows = Self.rows(invoices: 30).flatMap { $0 }
    rows.append("LAST,2026-03-01,2026-03-31,EUR,Last,\"Street\",Broken,not-a-number,1.00,19\n")
    let input = try Self.write(rows, "strict.csv", in: folder)
    let result = try CommandRunner.invoicegen(["--input", input, "--out", folder + "/out", "--strict"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("nothing written"), "\(result.stderr)")
    let written = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []
    #expect(written.isEmpty, "\(written)")
  }

  @Test func aKilledRunLeavesOnlyWholeDocumentsAndNoSpool() throws {
    let folder = try CommandRunner.temporaryFolder()
    let inputs = try Self.orders(invoices: 400, in: folder)
    let out = folder + "/out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    // Standard input, so the run spools it into the output folder; killed while it renders.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandRunner.binary)
    process.arguments = ["--input", "-", "--out", out, "--jobs", "2", "--quiet"]
    let pipe = Pipe()
    process.standardInput = pipe
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    pipe.fileHandleForWriting.write(try Data(contentsOf: URL(fileURLWithPath: inputs.shuffled)))
    try pipe.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline,
      ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter({ $0.hasSuffix(".pdf") })
        .count < 20
    {
      usleep(20_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let left = try FileManager.default.contentsOfDirectory(atPath: out)
    #expect(!left.contains { $0.contains("spool") }, "\(left)")
    let documents = left.filter { $0.hasSuffix(".pdf") }
    #expect(documents.count >= 20 && documents.count < 400, "\(documents.count) documents")
    for name in documents {
      #expect(
        try CommandRunner.run("qpdf", ["--check", out + "/" + name]).status == 0, "\(name) is not whole")
    }
    // The next run finishes the job and clears what the killed one left half-written.
    let again = try CommandRunner.invoicegen(["--input", inputs.shuffled, "--out", out, "--quiet"])
    #expect(again.status == 0, "\(again.stderr)")
    let after = try FileManager.default.contentsOfDirectory(atPath: out)
    #expect(
      after.count == 400 && after.allSatisfy { $0.hasSuffix(".pdf") },
      "\(after.count): \(after.filter { !$0.hasSuffix(".pdf") })")
  }

  @Test func peakMemoryFollowsTheLargestInvoiceNotTheFile() throws {
    let folder = try CommandRunner.temporaryFolder()
    var peaks: [String: Int] = [:]
    for invoices in [10_000, 40_000] {
      let inputs = try Self.orders(invoices: invoices, in: folder)
      for (kind, input) in [("grouped", inputs.grouped), ("shuffled", inputs.shuffled)] {
        let (result, kilobytes) = try HostileTextTests.measured([
          "--input", input, "--out", folder + "/x", "--check",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        peaks["\(kind) \(invoices)"] = kilobytes
      }
    }
    let grouped = (try #require(peaks["grouped 10000"]), try #require(peaks["grouped 40000"]))
    let shuffled = (try #require(peaks["shuffled 10000"]), try #require(peaks["shuffled 40000"]))
    // 30,000 more invoices (75,000 more rows): what grows is the index (16 bytes a row range, an
    // entry and a 4-byte slot an invoice) and the file names taken, about 100 bytes an invoice
    // (2.6 and 3.0 MB measured), not the invoices themselves (the whole-file reader needed about
    // 100 MB more here; the index with dictionaries and 24-byte ranges needed up to 12 MB).
    #expect(grouped.1 - grouped.0 < 6_000, "grouped: \(grouped) KB")
    #expect(shuffled.1 - shuffled.0 < 7_000, "shuffled: \(shuffled) KB")
  }
}
