import Foundation

/// The batch part of `make bench`: 1,000 one-page invoices through `invoicegen`, against `floor docs`.
enum BatchBench {
  static let items = [
    ("Consulting (senior)", "h", "145.00"), ("Hosting, monthly", "mo", "89.90"),
    ("Support plan Gold", "mo", "249.00"),
    ("Workshop day", "day", "980.00"), ("Travel expenses", "pcs", "312.40"),
    ("Licence renewal", "pcs", "1200.00"),
  ]

  /// Writes an orders CSV of `count` one-page invoices with six items each.
  static func generate(count: Int, to path: String) throws {
    var text =
      "invoice_number,invoice_date,due_date,currency,customer_name,customer_address,customer_country,description,quantity,unit,unit_price,tax_rate,locale\n"
    for index in 0..<count {
      for line in 0..<6 {
        let (description, unit, price) = items[(index + line) % items.count]
        let first = line == 0
        text +=
          "B-\(100_000 + index),\(first ? "2026-03-01" : ""),\(first ? "2026-03-31" : ""),\(first ? "EUR" : ""),"
        text +=
          "\(first ? "Customer \(index)" : ""),\(first ? "\"Street \(index % 90)\n10115 Berlin\"" : ""),\(first ? "DE" : ""),"
        text += "\"\(description)\",\((index + line) % 7 + 1),\(unit),\(price),19,\(first ? "de-DE" : "")\n"
      }
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  static func run(invoicegen: String, floor: String, dir: String) throws {
    let count = 1000
    let input = dir + "/batch.csv"
    try generate(count: count, to: input)
    sync()
    let config = URL(fileURLWithPath: invoicegen).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("SampleData/invoicegen.json").path
    var floorRuns: [Double] = []
    var one: [Double] = []
    var two: [Double] = []
    var samePage: [Double] = []
    // Factur-X against plain PDFs, same input and config (the e-invoicing sample seller).
    let einvoiceConfig = URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent(
      "einvoice.json"
    ).path
    var plain: [Double] = []
    var untagged: [Double] = []
    var facturX: [Double] = []
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    for round in 0..<3 {
      let floorDir = dir + "/floor-\(round)"
      try FileManager.default.createDirectory(atPath: floorDir, withIntermediateDirectories: true)
      floorRuns.append(try Bench.measure([floor, "docs", "\(count)", floorDir]).seconds)
      let sameDir = dir + "/same-\(round)"
      try FileManager.default.createDirectory(atPath: sameDir, withIntermediateDirectories: true)
      samePage.append(try Bench.measure([me, "docs", "\(count)", sameDir]).seconds)
      for (jobs, runs) in [(1, 0), (2, 1)] {
        let out = dir + "/out-\(jobs)-\(round)"
        let sample = try Bench.measure([
          invoicegen, "--input", input, "--out", out, "--config", config, "--jobs", "\(jobs)", "--quiet",
          "--progress", "never",
        ])
        if runs == 0 { one.append(sample.seconds) } else { two.append(sample.seconds) }
      }
      for (kind, flags) in [
        ("plain", [String]()), ("untagged", ["--untagged"]), ("facturx", ["--einvoice", "facturx"]),
      ] {
        let sample = try Bench.measure(
          [
            invoicegen, "--input", input, "--out", dir + "/\(kind)-\(round)", "--config", einvoiceConfig,
            "--jobs",
            "1", "--quiet", "--progress", "never",
          ] + flags)
        switch kind {
        case "plain": plain.append(sample.seconds)
        case "untagged": untagged.append(sample.seconds)
        default: facturX.append(sample.seconds)
        }
      }
    }
    // A single invoice from a cold start.
    let single = dir + "/single.csv"
    try generate(count: 1, to: single)
    var cold: [Double] = []
    for round in 0..<5 {
      cold.append(
        try Bench.measure([
          invoicegen, "--input", single, "--out", dir + "/cold-\(round)", "--config", config, "--quiet",
        ]).seconds)
    }
    let floorRate = Double(count) / Bench.median(floorRuns)
    let oneRate = Double(count) / Bench.median(one)
    let twoRate = Double(count) / Bench.median(two)
    // Remove the 12,000 PDFs now: their cached pages would otherwise slow the next benchmark's page faults.
    for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name != "batch.csv" {
      try? FileManager.default.removeItem(atPath: dir + "/" + name)
    }
    print("batch: \(count) one-page invoices, 3 interleaved runs, median")
    let sameRate = Double(count) / Bench.median(samePage)
    print(String(format: "  floor docs (C)             %7.1f PDFs/s", floorRate))
    print(
      String(
        format: "  PageKit, the floor's page  %7.1f PDFs/s  ratio to floor %.2f", sameRate,
        sameRate / floorRate))
    print(
      String(
        format: "  invoicegen --jobs 1        %7.1f invoices/s  ratio to floor %.2f (target >= 0.70)",
        oneRate, oneRate / floorRate))
    print(
      String(
        format: "  invoicegen --jobs 2        %7.1f invoices/s  %.2f x --jobs 1 (target >= 1.5)", twoRate,
        twoRate / oneRate))
    print(
      String(
        format: "  one invoice, cold start    %7.0f ms (median of 5; target < 150 ms)",
        Bench.median(cold) * 1000))
    printCost("tagged PDF", plain, against: "--untagged", untagged, count: count, target: 25)
    printCost("Factur-X, tagged", facturX, against: "--untagged", untagged, count: count, target: 40)
  }

  /// Prints the rate of `runs` and its extra time over the `base` runs of the same invoices, with the target.
  static func printCost(
    _ label: String, _ runs: [Double], against baseName: String, _ base: [Double], count: Int, target: Int
  ) {
    let name = (label + " --jobs 1").padding(toLength: 25, withPad: " ", startingAt: 0)
    let rate = String(format: "%7.1f", Double(count) / Bench.median(runs))
    let baseRate = String(format: "%.1f", Double(count) / Bench.median(base))
    let extra = String(format: "%.1f", (Bench.median(runs) / Bench.median(base) - 1) * 100)
    print(
      "  \(name)  \(rate) invoices/s  \(baseName) \(baseRate)/s, +\(extra) % time (target <= \(target) %)")
  }
}
