import Foundation
import PageKit
import PageRendering

/// `make bench-large`: the six-column table of `floor table` drawn through Table and DocumentRenderer.
enum TableBench {
  static let words = BenchPage.words

  static func sentence(_ seed: Int, _ count: Int) -> String {
    (0..<count).map { words[(seed * 7 + $0 * 13) % 20] }.joined(separator: " ")
  }

  /// The cells of row `row`, as floor.c's table_row makes them.
  static func cells(_ row: Int) -> [String] {
    [
      "2026-\(padded(row % 12 + 1, 2))-\(padded(row % 28 + 1, 2))", "R-\(padded(row, 7))",
      sentence(row, 2 + (row % 11 == 0 ? 6 : 0)), words[row % 20], "\(row % 97 + 1)",
      "\(row * 37 % 100000).\(padded(row % 100, 2))",
    ]
  }

  /// `value` with leading zeros to `width` digits, as printf's %0*d.
  static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  static func document(rows: Int) -> Document {
    var style = TableStyle()
    style.cellPadding = EdgeInsets(top: 2, leading: 0, bottom: 2, trailing: 4)
    style.headerBackground = Color(red: 0.9, green: 0.92, blue: 0.95)
    style.zebra = Color(white: 0, opacity: 0.04)
    let rowsSource = TableRows {
      var next = 0
      return {
        guard next < rows else { return nil }
        defer { next += 1 }
        return cells(next)
      }
    }
    return Document(title: "Table report", creator: "invoicegen bench") {
      Page(
        size: .custom(width: 595, height: 842),
        margins: EdgeInsets(top: 40, leading: 40, bottom: 40, trailing: 40)
      ) {
        Table(
          columns: [
            TableColumn("Date", width: .fixed(78)), TableColumn("ID", width: .fixed(78)),
            TableColumn("Customer", width: .fixed(138)), TableColumn("Region", width: .fixed(86)),
            TableColumn("Qty", width: .fixed(60), alignment: .trailing),
            TableColumn("Amount", width: .fixed(75), alignment: .trailing),
          ], rows: rowsSource
        ).tableStyle(style)
      }
      .footer { page in
        Text("Page \(page.pageNumber) of \(page.pageCount)").frame(maxWidth: .infinity)
      }
    }
  }

  /// Renders the table report with `rows` rows to `path`.
  static func render(rows: Int, to path: String) throws -> Int {
    var environment = EnvironmentValues()
    environment.font = .custom("DejaVu Sans", size: 12)
    let renderer = DocumentRenderer(document: document(rows: rows), environment: environment)
    // Untagged like the floor's, which draws no structure; the tagged cost is measured on the report below.
    renderer.tagged = false
    return try renderer.writePDF(to: path)
  }

  static func run(floor: String) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "invoicegen-bench-large-\(getpid())"
    ).path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    let rows = 400_000
    print("table report: \(rows) rows, one run each (this takes minutes)")
    let floorRun = try Bench.measure([floor, "table", "\(rows)", dir + "/floor.pdf"])
    let floorPages = pageCount(dir + "/floor.pdf")
    let ours = try Bench.measure([me, "table", "\(rows)", dir + "/ours.pdf"])
    let oursPages = pageCount(dir + "/ours.pdf")
    let small = try Bench.measure([me, "table", "\(rows / 10)", dir + "/small.pdf"])
    let floorRate = Double(floorPages) / floorRun.seconds
    let oursRate = Double(oursPages) / ours.seconds
    print(
      String(
        format: "  floor table (C)            %6d pages  %7.1f pages/s  peak %6.1f MB", floorPages, floorRate,
        Double(floorRun.peakKiB) / 1024))
    print(
      String(
        format: "  Table + DocumentRenderer   %6d pages  %7.1f pages/s  peak %6.1f MB", oursPages, oursRate,
        Double(ours.peakKiB) / 1024))
    print(String(format: "  ratio to floor             %7.2f  (target >= 0.70)", oursRate / floorRate))
    print(
      String(
        format:
          "  peak memory %.1f MB at %d rows vs %.1f MB at %d rows: ratio %.2f (target < 1.5, and < 200 MB)",
        Double(ours.peakKiB) / 1024, rows, Double(small.peakKiB) / 1024, rows / 10,
        Double(ours.peakKiB) / Double(max(small.peakKiB, 1))))
    print("")
    let invoicegen = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("invoicegen")
      .path
    try ReportBench.run(invoicegen: invoicegen, dir: dir, rows: 100_000, rounds: 1)
    print("")
    try ReportBench.run(invoicegen: invoicegen, dir: dir, rows: 2_000, wide: true, rounds: 1)
    print("")
    try ScaleBench.run(invoicegen: invoicegen, dir: dir)
  }

  /// The page count of a PDF, read with pdfinfo (0 when it is not installed).
  static func pageCount(_ path: String) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pdfinfo", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return 0 }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Pages:") }
    return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
  }
}
