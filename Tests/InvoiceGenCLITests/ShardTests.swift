import DataModel
import Foundation
import Testing

/// Shards read only their share of an orders CSV, and together make exactly the unsharded run.
@Suite(.serialized) struct ShardTests {
  static let header =
    "invoice_number,invoice_date,due_date,currency,customer_name,description,quantity,unit_price,tax_rate\n"

  /// An orders CSV of `invoices` invoices of 1 to 5 rows each, in an order that separates the rows of an invoice.
  static func shuffledOrders(invoices: Int, in folder: String) throws -> String {
    var rows: [String] = []
    for invoice in 0..<invoices {
      for line in 0...(invoice % 5) {
        rows.append(
          "S-\(invoice),2026-03-01,2026-03-31,EUR,Customer \(invoice),Item \(line),\(line + 1),\(invoice % 90 + 10).50,19\n"
        )
      }
    }
    // A fixed permutation: row i goes to i × 7919 mod n (7919 is prime, so coprime with n unless it divides it).
    let count = rows.count
    precondition(count % 7919 != 0)
    var shuffled = [String](repeating: "", count: count)
    for (index, row) in rows.enumerated() { shuffled[index * 7919 % count] = row }
    let path = folder + "/shuffled.csv"
    try (header + shuffled.joined()).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func shardsAreDisjointAndCompleteOnShuffledRows() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = try Self.shuffledOrders(invoices: 60, in: folder)
    let environment = ["SOURCE_DATE_EPOCH": "1767225600"]
    let whole = try CommandRunner.invoicegen(
      ["--input", input, "--out", folder + "/all", "--jobs", "1"], environment: environment)
    #expect(whole.status == 0, "\(whole.stderr)")
    let all = try FileManager.default.contentsOfDirectory(atPath: folder + "/all").sorted()
    #expect(all.count == 60)
    var seen: [String] = []
    for shard in 1...3 {
      let out = folder + "/shard-\(shard)"
      let result = try CommandRunner.invoicegen(
        ["--input", input, "--out", out, "--shard", "\(shard)/3", "--jobs", "1"], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      let names = try FileManager.default.contentsOfDirectory(atPath: out)
      #expect(!names.isEmpty)
      for name in names {
        // Each shard's file is the unsharded run's, byte for byte.
        let mine = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
        let theirs = try Data(contentsOf: URL(fileURLWithPath: folder + "/all/" + name))
        #expect(mine == theirs, "\(name) differs")
        #expect(InvoiceShard(index: shard, count: 3).contains(String(name.dropLast(4))))
      }
      seen += names
    }
    #expect(seen.sorted() == all)
  }

  @Test func aShardReadsItsRowsAsTheWholeFileTeaches() throws {
    let folder = try CommandRunner.temporaryFolder()
    // (Run in a folder without a config: the samples' config names the decimal separator.)
    // Two invoices in different shards of 2: only B's rows show that the file writes day-first dates
    // and decimals with a comma; A's "1.234" is then ambiguous, as in the unsharded run.
    let numbers = (0..<40).map { "D-\($0)" }
    let a = try #require(numbers.first { InvoiceShard(index: 1, count: 2).contains($0) })
    let b = try #require(numbers.first { InvoiceShard(index: 2, count: 2).contains($0) })
    let csv =
      "invoice_number,invoice_date,currency,customer_name,description,quantity,unit_price,tax_rate\n"
      + "\(a),03/04/2026,EUR,Ay,Thing,1,\"1.234\",19\n\(b),25/03/2026,EUR,Bee,Thing,1,\"9,50\",19\n"
      + "\(a),03/04/2026,EUR,Ay,Other,1,3,19\n"
    let input = folder + "/learned.csv"
    try csv.write(toFile: input, atomically: true, encoding: .utf8)
    let whole = try CommandRunner.invoicegen(["--input", input, "--check"], directory: folder)
    let first = try CommandRunner.invoicegen(
      ["--input", input, "--check", "--shard", "1/2"], directory: folder)
    #expect(whole.status == 2 && first.status == 2, "\(whole.stderr)\(first.stderr)")
    #expect(whole.stderr.contains("\"1.234\" is ambiguous"), "\(whole.stderr)")
    #expect(first.stderr.contains("\"1.234\" is ambiguous"), "\(first.stderr)")
    // The other shard's invoice is read, and its problems shown, by its own shard only.
    let second = try CommandRunner.invoicegen(
      ["--input", input, "--check", "--shard", "2/2"], directory: folder)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!second.stderr.contains("ambiguous"))
  }
}
