import DataModel
import Foundation

/// The orders-parser part of `make bench`: a generated 1,000,000-row orders CSV parsed, validated and grouped.
enum OrdersBench {
  static let header =
    "invoice_number,invoice_date,due_date,currency,customer_id,customer_name,customer_address,description,quantity,unit_price,tax_rate,discount\n"

  /// How the rows of one invoice lie in a generated file.
  enum RowOrder: String {
    /// Each invoice's rows one after the other, as most exports write them.
    case grouped
    /// Scattered over the whole file by a fixed permutation (no two rows of an invoice adjacent).
    case shuffled
  }

  /// Writes `rows` order lines, `linesPerInvoice` per invoice, about 120 bytes each.
  static func generate(rows: Int, to path: String, linesPerInvoice: Int = 10, order: RowOrder = .grouped)
    throws
  {
    var out = Data(header.utf8)
    out.reserveCapacity(1 << 24 + 4096)
    var first = true
    // A multiplier coprime with `rows` makes row i → i × step mod rows a permutation; the row at i
    // is then the next line of the invoice that owns row i × step, so each invoice keeps its lines'
    // order and its documents are the grouped file's.
    var step = 1
    if order == .shuffled {
      step = 1_000_003
      while gcd(step, rows) != 1 { step += 2 }
    }
    var nextLine = [Int32](
      repeating: 0, count: order == .shuffled ? (rows + linesPerInvoice - 1) / linesPerInvoice : 0)
    for index in 0..<rows {
      var row = index
      if order == .shuffled {
        let invoice = Int((Int64(index) * Int64(step)) % Int64(rows)) / linesPerInvoice
        row = invoice * linesPerInvoice + Int(nextLine[invoice])
        nextLine[invoice] += 1
      }
      out.append(contentsOf: line(row, invoice: row / linesPerInvoice).utf8)
      if out.count > 1 << 24 {
        try append(out, to: path, first: first)
        first = false
        out.removeAll(keepingCapacity: true)
      }
    }
    try append(out, to: path, first: first)
  }

  /// The line of `row`, an item of `invoice`.
  static func line(_ row: Int, invoice: Int) -> String {
    let customers = [
      "Müller GmbH", "ACME Inc", "Café Zürich AG", "Globex Ltd", "Initech SARL", "Umbrella BV",
    ]
    let items = [
      "Consulting hours", "Hosting (monthly)", "Support plan", "Licence renewal", "Travel expenses",
      "Workshop day",
    ]
    let customer = customers[invoice % customers.count]
    let day = invoice % 28 + 1
    return
      "INV-\(String(format: "%07d", invoice)),2026-03-\(day < 10 ? "0" : "")\(day),2026-04-\(day < 10 ? "0" : "")\(day),EUR,C\(invoice % 997),"
      + "\(customer),\"Main Street \(invoice % 90 + 1)\n10115 Berlin\",\(items[row % items.count]),\(row % 7 + 1),\(row % 500 + 10).\(row % 100 < 10 ? "0" : "")\(row % 100),19,\(row % 5 == 0 ? "5" : "")\n"
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

  private static func append(_ data: Data, to path: String, first: Bool) throws {
    if first {
      try data.write(to: URL(fileURLWithPath: path))
    } else {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.seekToEnd()
      try handle.write(contentsOf: data)
      try handle.close()
    }
  }

  /// Parses the file and prints the counts (run as a child process so its peak memory is its own).
  static func parse(_ path: String) {
    var options = ImportOptions()
    options.defaultTaxRate = ExactDecimal(19)
    let result = OrdersCSVImporter(options: options).importFile(path)
    let items = result.invoices.reduce(0) { $0 + $1.items.count }
    print(
      "\(result.invoices.count) invoices, \(items) items, \(result.errors.count) errors, item \(MemoryLayout<LineItem>.stride) B, invoice \(MemoryLayout<Invoice>.stride) B"
    )
    // The measurement ends here: freeing a million items one by one is not part of reading them.
    fflush(nil)
    exit(0)
  }

  static func run(me: String, dir: String) throws {
    let rows = 1_000_000
    let path = dir + "/orders-1m.csv"
    try generate(rows: rows, to: path)
    sync()  // write the 113 MB out now, so the kernel's writeback does not run during the timed parses
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    var ours: [Bench.Sample] = []
    var python: [Bench.Sample] = []
    let script =
      "import csv,sys\nn=0\nfor _ in csv.reader(open(sys.argv[1], newline='', encoding='utf-8')): n+=1\n"
    let pythonPath = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    // `invoicegen --check` reads, validates and names every invoice, writing nothing.
    let invoicegen = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("invoicegen")
      .path
    let canCheck = FileManager.default.isExecutableFile(atPath: invoicegen)
    var checks: [Bench.Sample] = []
    for _ in 0..<3 {
      ours.append(try Bench.measure([me, "parse", path]))
      if canCheck {
        checks.append(
          try Bench.measure([invoicegen, "--check", "--quiet", "--input", path, "--out", dir + "/unused"]))
      }
      if let pythonPath { python.append(try Bench.measure([pythonPath, "-c", script, path])) }
    }
    report(rows: rows, size: size, ours: ours, checks: checks, python: python)
  }

  /// Prints the rates of the parse, `--check` and Python's csv module, and their ratios.
  private static func report(
    rows: Int, size: Int, ours: [Bench.Sample], checks: [Bench.Sample], python: [Bench.Sample]
  ) {
    let oursRate = Double(rows) / Bench.median(ours.map(\.seconds))
    print("orders CSV: \(rows) rows, \(size / 1_000_000) MB, 3 interleaved runs, median")
    print(
      "  runs (s): DataModel " + ours.map { String(format: "%.2f", $0.seconds) }.joined(separator: " ")
        + ", --check " + checks.map { String(format: "%.2f", $0.seconds) }.joined(separator: " ")
        + ", Python " + python.map { String(format: "%.2f", $0.seconds) }.joined(separator: " "))
    print(
      String(
        format: "  DataModel parse+validate+group %9.0f rows/s  peak %6.1f MB", oursRate,
        Double(ours.map(\.peakKiB).max()!) / 1024))
    let checkRate = checks.isEmpty ? nil : Double(rows) / Bench.median(checks.map(\.seconds))
    if let checkRate {
      print(
        String(
          format:
            "  invoicegen --check             %9.0f rows/s  peak %6.1f MB  %.2f x the parse (target >= 1,000,000 rows/s)",
          checkRate, Double(checks.map(\.peakKiB).max()!) / 1024, checkRate / oursRate))
    }
    if !python.isEmpty {
      let pythonRate = Double(rows) / Bench.median(python.map(\.seconds))
      print(
        String(
          format: "  Python csv.reader (split only) %9.0f rows/s  peak %6.1f MB", pythonRate,
          Double(python.map(\.peakKiB).max()!) / 1024))
      print(
        String(
          format: "  ratio to Python csv            %9.2f  (target: >= 1,000,000 rows/s)",
          oursRate / pythonRate))
      if let checkRate {
        print(
          String(
            format:
              "  --check ratio to Python csv    %9.2f  (target: > 1, every core; >= 1.2 M rows/s where Python reads >= 1 M)",
            checkRate / pythonRate))
      }
    }
  }
}
