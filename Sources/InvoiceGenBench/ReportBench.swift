import Foundation

/// `invoicegen report` on a generated CSV, tagged (the default) against `--untagged`: time, peak memory and file size.
enum ReportBench {
  /// A CSV report of `rows` rows: six columns (`wide` false) or 79 (a wide export printed in groups of columns).
  static func generate(rows: Int, wide: Bool, to path: String) throws {
    var text =
      wide
      ? "Key," + (1...78).map { "Col\($0)" }.joined(separator: ",") + "\n"
      : "Name,Qty,Price,Total,Code,Note\n"
    var state: UInt64 = 7
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    for row in 0..<rows {
      if wide {
        text +=
          "K\(row),"
          + (1...78).map { $0 % 3 == 0 ? "text \(next() % 1000)" : "\(next() % 100_000)" }.joined(
            separator: ",")
      } else {
        text += "Item \(row),\(row % 7),\(Double(row) * 1.5),\(row * 3).00,C\(row),note \(next() % 1_000_000)"
      }
      text += "\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Runs the report `rounds` times each way, interleaved, and prints medians and ratios.
  static func run(invoicegen: String, dir: String, rows: Int, wide: Bool = false, rounds: Int = 3) throws {
    let input = dir + "/report-\(rows)\(wide ? "-wide" : "").csv"
    try generate(rows: rows, wide: wide, to: input)
    var tagged: [Bench.Sample] = []
    var untagged: [Bench.Sample] = []
    for round in 0..<rounds {
      tagged.append(
        try Bench.measure([invoicegen, "report", "--input", input, "--out", dir + "/tagged-\(round).pdf"]))
      untagged.append(
        try Bench.measure([
          invoicegen, "report", "--input", input, "--out", dir + "/untagged-\(round).pdf", "--untagged",
        ]))
    }
    let size = { (path: String) in
      Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1024
    }
    let taggedSize = size(dir + "/tagged-0.pdf")
    let untaggedSize = size(dir + "/untagged-0.pdf")
    let taggedSeconds = Bench.median(tagged.map(\.seconds))
    let untaggedSeconds = Bench.median(untagged.map(\.seconds))
    let taggedPeak = Double(tagged.map(\.peakKiB).max()!) / 1024
    let untaggedPeak = Double(untagged.map(\.peakKiB).max()!) / 1024
    let shape = wide ? "79-column" : "6-column"
    print(
      "report: \(shape) CSV, \(rows) rows (\(TableBench.pageCount(dir + "/tagged-0.pdf")) pages), \(rounds) interleaved runs, median"
    )
    print(
      String(
        format: "  tagged (default)   %6.2f s  peak %6.1f MB  %8.0f KB", taggedSeconds, taggedPeak, taggedSize
      ))
    print(
      String(
        format: "  --untagged         %6.2f s  peak %6.1f MB  %8.0f KB", untaggedSeconds, untaggedPeak,
        untaggedSize))
    print(
      String(
        format:
          "  tagged / untagged  %6.2f x time  %5.2f x memory (target <= 1.2)  %4.2f x size (target <= 1.6)",
        taggedSeconds / untaggedSeconds, taggedPeak / untaggedPeak, taggedSize / max(untaggedSize, 1)))
    for round in 0..<rounds {
      try? FileManager.default.removeItem(atPath: dir + "/tagged-\(round).pdf")
      try? FileManager.default.removeItem(atPath: dir + "/untagged-\(round).pdf")
    }
  }
}
