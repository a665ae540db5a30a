import Foundation

/// The orders-at-scale part of `make bench-large`: a 10,000,000-row orders CSV checked grouped, shuffled
/// and in one shard of ten, and a 1,000,000-row one rendered grouped and shuffled.
enum ScaleBench {
  /// Rows per invoice in the generated files.
  static let linesPerInvoice = 20

  static func run(invoicegen: String, dir: String, checkRows: Int = 10_000_000, renderRows: Int = 1_000_000)
    throws
  {
    let config = URL(fileURLWithPath: invoicegen).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("SampleData/invoicegen.json").path
    print(
      "orders at scale: \(checkRows.formatted()) rows (\((checkRows / linesPerInvoice).formatted()) invoices of \(linesPerInvoice) lines), one run each"
    )
    var checks: [String: (Bench.Sample, Int)] = [:]
    for order in [OrdersBench.RowOrder.grouped, .shuffled] {
      let input = dir + "/orders-\(order.rawValue).csv"
      try OrdersBench.generate(rows: checkRows, to: input, linesPerInvoice: linesPerInvoice, order: order)
      sync()
      var runs: [(String, [String])] = [("--check, \(order.rawValue)", [])]
      if order == .shuffled { runs.append(("--shard 1/10 --check, shuffled", ["--shard", "1/10"])) }
      for (label, flags) in runs {
        let output = dir + "/check.txt"
        let sample = try Bench.measure(
          [invoicegen, "--input", input, "--out", dir + "/unused", "--config", config, "--check"] + flags,
          output: output)
        let valid = validCount(output)
        checks[label] = (sample, valid)
        print(
          "  " + label.padding(toLength: 32, withPad: " ", startingAt: 0)
            + String(
              format: " %7.1f s  %10.0f rows/s  %9d invoices valid  peak %7.1f MB", sample.seconds,
              Double(checkRows) / sample.seconds, valid, Double(sample.peakKiB) / 1024))
      }
      try? FileManager.default.removeItem(atPath: input)
    }
    if let grouped = checks["--check, grouped"], let shuffled = checks["--check, shuffled"],
      let shard = checks["--shard 1/10 --check, shuffled"]
    {
      print(
        String(
          format:
            "  targets: grouped peak %.0f MB (< 100), %.0f rows/s (>= 1,000,000); shuffled peak %.0f MB (< 250), ",
          Double(grouped.0.peakKiB) / 1024, Double(checkRows) / grouped.0.seconds,
          Double(shuffled.0.peakKiB) / 1024)
          + "same count as grouped: \(grouped.1 == shuffled.1 ? "yes" : "NO")")
      print(
        String(
          format: "           shard 1/10 peak %.0f MB (< 100), %.2f x the unsharded time (<= 0.40)",
          Double(shard.0.peakKiB) / 1024, shard.0.seconds / shuffled.0.seconds))
    }
    try render(invoicegen: invoicegen, config: config, dir: dir, rows: renderRows)
  }

  /// Renders `rows` rows grouped and shuffled and compares the documents.
  static func render(invoicegen: String, config: String, dir: String, rows: Int) throws {
    print(
      "render: \(rows.formatted()) rows (\((rows / linesPerInvoice).formatted()) invoices), --jobs 2, one run each"
    )
    var digests: [[String: Int]] = []
    for order in [OrdersBench.RowOrder.grouped, .shuffled] {
      let input = dir + "/render-\(order.rawValue).csv"
      try OrdersBench.generate(rows: rows, to: input, linesPerInvoice: linesPerInvoice, order: order)
      let out = dir + "/render-\(order.rawValue)"
      sync()
      setenv("SOURCE_DATE_EPOCH", "1767225600", 1)
      let sample = try Bench.measure([
        invoicegen, "--input", input, "--out", out, "--config", config, "--jobs", "2", "--quiet",
        "--progress",
        "never",
      ])
      unsetenv("SOURCE_DATE_EPOCH")
      let invoices = rows / linesPerInvoice
      print(
        "  " + order.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
          + String(
            format: " %7.1f s  %8.0f rows/s  %6.1f invoices/s  peak %6.1f MB (target < 150 MB)",
            sample.seconds,
            Double(rows) / sample.seconds, Double(invoices) / sample.seconds, Double(sample.peakKiB) / 1024))
      digests.append(try digest(out))
      try? FileManager.default.removeItem(atPath: out)
      try? FileManager.default.removeItem(atPath: input)
    }
    print(
      "  documents: \(digests[0].count) grouped, \(digests[1].count) shuffled, byte-identical: \(digests[0] == digests[1] ? "yes" : "NO")"
    )
  }

  /// A cheap fingerprint of every file in `folder`: its FNV-1a hash by name (computed in slices).
  static func digest(_ folder: String) throws -> [String: Int] {
    var result: [String: Int] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in data {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
      result[name] = Int(truncatingIfNeeded: hash)
    }
    return result
  }

  /// The count in "N invoices valid, …" of a `--check` run's output.
  static func validCount(_ path: String) -> Int {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let first = text.split(separator: " ").first
    else { return -1 }
    return Int(first.filter(\.isNumber)) ?? -1
  }
}
