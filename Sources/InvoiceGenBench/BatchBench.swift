import DataModel
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

  /// The seconds of each measured run, by what was run.
  struct Timings {
    var floor: [Double] = []
    var samePage: [Double] = []
    var one: [Double] = []
    var two: [Double] = []
    var plain: [Double] = []
    var untagged: [Double] = []
    var facturX: [Double] = []
    var epc: [Double] = []
    var received: [Double] = []
    /// The e-invoicing sample seller's invoices with the legal checks turned off (`legal.check: false`).
    var unchecked: [Double] = []
    var cold: [Double] = []
    /// Seconds to read every received XML once, in this process (no rendering).
    var reading: [Double] = []
    /// The plain runs sealed (PAdES B-B) with an ECDSA P-256 and an RSA-3072 seal.
    var sealedECDSA: [Double] = []
    var sealedRSA: [Double] = []
  }

  /// The programs and inputs every round runs.
  struct Setup {
    let invoicegen: String
    let floor: String
    let dir: String
    let input: String
    let count: Int
    /// The sample config, and the e-invoicing sample seller's for the Factur-X runs.
    let config: String
    let einvoiceConfig: String
    /// The e-invoicing seller's config with an EPC QR code on every invoice.
    let epcConfig: String
    /// The e-invoicing seller's config without the legal checks.
    let uncheckedConfig: String
    /// The same invoices as CII files (written by invoicegen), read back as received e-invoices.
    let receivedFolder: String
    /// invoicegen's arguments to seal with an ECDSA P-256 and an RSA-3072 seal.
    let ecdsaSeal: [String]
    let rsaSeal: [String]
  }

  static func run(invoicegen: String, floor: String, dir: String) throws {
    let count = 1000
    let input = dir + "/batch.csv"
    try generate(count: count, to: input)
    sync()
    let config = URL(fileURLWithPath: invoicegen).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("SampleData/invoicegen.json").path
    let einvoiceConfig = URL(fileURLWithPath: config).deletingLastPathComponent()
      .appendingPathComponent("einvoice.json").path
    // The same seller with a payment code: the one difference between the "plain" and "epc" runs.
    let epcConfig = dir + "/epc.json"
    let seller = try String(contentsOfFile: einvoiceConfig, encoding: .utf8)
    guard let brace = seller.firstIndex(of: "{") else { throw BenchError.usage }
    try seller.replacingCharacters(in: brace...brace, with: "{\"payment\": {\"qr\": \"epc\"},").write(
      toFile: epcConfig, atomically: true, encoding: .utf8)
    let uncheckedConfig = dir + "/unchecked.json"
    try seller.replacingCharacters(in: brace...brace, with: "{\"legal\": {\"check\": false},").write(
      toFile: uncheckedConfig, atomically: true, encoding: .utf8)
    // The same invoices as received e-invoices: written once as CII by invoicegen, not timed.
    let receivedFolder = dir + "/received-xml"
    _ = try Bench.measure([
      invoicegen, "--input", input, "--out", receivedFolder, "--config", einvoiceConfig, "--format", "cii",
      "--quiet", "--progress", "never",
    ])
    let setup = Setup(
      invoicegen: invoicegen, floor: floor, dir: dir, input: input, count: count, config: config,
      einvoiceConfig: einvoiceConfig, epcConfig: epcConfig, uncheckedConfig: uncheckedConfig,
      receivedFolder: receivedFolder,
      ecdsaSeal: try BenchSeal.make(
        key: ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"], in: dir + "/ecdsa"),
      rsaSeal: try BenchSeal.make(key: ["-newkey", "rsa:3072"], in: dir + "/rsa"))
    var timings = Timings()
    for round in 0..<3 {
      try measureRound(round, setup, into: &timings)
      timings.reading.append(try readReceived(setup.receivedFolder))
    }
    timings.cold = try coldStarts(setup)
    // Remove the 12,000 PDFs now: their cached pages would otherwise slow the next benchmark's page faults.
    for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name != "batch.csv" {
      try? FileManager.default.removeItem(atPath: dir + "/" + name)
    }
    printResults(timings, count: count)
  }

  /// One round, interleaved: the floor, PageKit drawing the floor's page, invoicegen with one and two
  /// jobs, and tagged, untagged and Factur-X PDFs of the same invoices.
  static func measureRound(_ round: Int, _ setup: Setup, into timings: inout Timings) throws {
    let (dir, count) = (setup.dir, setup.count)
    let floorDir = dir + "/floor-\(round)"
    try FileManager.default.createDirectory(atPath: floorDir, withIntermediateDirectories: true)
    timings.floor.append(try Bench.measure([setup.floor, "docs", "\(count)", floorDir]).seconds)
    let sameDir = dir + "/same-\(round)"
    try FileManager.default.createDirectory(atPath: sameDir, withIntermediateDirectories: true)
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    timings.samePage.append(try Bench.measure([me, "docs", "\(count)", sameDir]).seconds)
    for jobs in [1, 2] {
      let sample = try Bench.measure([
        setup.invoicegen, "--input", setup.input, "--out", dir + "/out-\(jobs)-\(round)", "--config",
        setup.config, "--jobs", "\(jobs)", "--quiet", "--progress", "never",
      ])
      if jobs == 1 { timings.one.append(sample.seconds) } else { timings.two.append(sample.seconds) }
    }
    for (kind, flags) in [
      ("plain", [String]()), ("untagged", ["--untagged"]), ("facturx", ["--einvoice", "facturx"]),
      ("epc", []), ("received", []), ("unchecked", []), ("sealed-ecdsa", setup.ecdsaSeal),
      ("sealed-rsa", setup.rsaSeal),
    ] {
      // The received run reads the CII files instead of the CSV (invoicegen expands the pattern).
      let input = kind == "received" ? setup.receivedFolder + "/*.xml" : setup.input
      let sample = try Bench.measure(
        [
          setup.invoicegen, "--input", input, "--out", dir + "/\(kind)-\(round)", "--config",
          kind == "epc"
            ? setup.epcConfig : kind == "unchecked" ? setup.uncheckedConfig : setup.einvoiceConfig,
          "--jobs", "1", "--quiet", "--progress",
          "never",
        ] + flags)
      switch kind {
      case "plain": timings.plain.append(sample.seconds)
      case "untagged": timings.untagged.append(sample.seconds)
      case "epc": timings.epc.append(sample.seconds)
      case "received": timings.received.append(sample.seconds)
      case "unchecked": timings.unchecked.append(sample.seconds)
      case "sealed-ecdsa": timings.sealedECDSA.append(sample.seconds)
      case "sealed-rsa": timings.sealedRSA.append(sample.seconds)
      default: timings.facturX.append(sample.seconds)
      }
    }
  }

  /// Seconds to read every XML file in `folder` as a received e-invoice, in this process.
  static func readReceived(_ folder: String) throws -> Double {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xml") }
    let start = Date()
    for file in files { _ = try ReceivedInvoiceReader.read(path: folder + "/" + file, file: file) }
    return Date().timeIntervalSince(start)
  }

  /// Five runs of a single invoice from a cold start.
  static func coldStarts(_ setup: Setup) throws -> [Double] {
    let single = setup.dir + "/single.csv"
    try generate(count: 1, to: single)
    var cold: [Double] = []
    for round in 0..<5 {
      cold.append(
        try Bench.measure([
          setup.invoicegen, "--input", single, "--out", setup.dir + "/cold-\(round)", "--config",
          setup.config,
          "--quiet",
        ]).seconds)
    }
    return cold
  }

  /// Prints the medians as rates with their ratios to the floor and their targets.
  static func printResults(_ timings: Timings, count: Int) {
    let floorRate = Double(count) / Bench.median(timings.floor)
    let oneRate = Double(count) / Bench.median(timings.one)
    let twoRate = Double(count) / Bench.median(timings.two)
    print("batch: \(count) one-page invoices, 3 interleaved runs, median")
    let sameRate = Double(count) / Bench.median(timings.samePage)
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
        Bench.median(timings.cold) * 1000))
    printCost("tagged PDF", timings.plain, against: "--untagged", timings.untagged, count: count, target: 25)
    printCost(
      "Factur-X, tagged", timings.facturX, against: "--untagged", timings.untagged, count: count, target: 40)
    printCost("EPC QR code", timings.epc, against: "no code", timings.plain, count: count, target: 10)
    printCost(
      "legal checks", timings.plain, against: "legal.check false", timings.unchecked, count: count, target: 2)
    printCost("received CII", timings.received, against: "from CSV", timings.plain, count: count, target: 10)
    printCost(
      "sealed, P-256", timings.sealedECDSA, against: "unsealed", timings.plain, count: count, target: 10)
    printCost(
      "sealed, RSA-3072", timings.sealedRSA, against: "unsealed", timings.plain, count: count, target: 10)
    let reading = Bench.median(timings.reading)
    print(
      String(
        format: "  reading received CII       %7.2f ms/invoice  %.1f %% of rendering it (target <= 10 %%)",
        reading * 1000 / Double(count), reading / Bench.median(timings.received) * 100))
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
