import Foundation
import PageKit
import PageRendering

/// Why the bench could not run.
enum BenchError: Error, CustomStringConvertible {
  case usage
  case failed(String)

  var description: String {
    switch self {
    case .usage:
      return """
        usage: InvoiceGenBench bench [--floor PATH] | bench-large [--floor PATH] | bench-scale [ROWS [RENDER-ROWS]]
               | pages N OUT.pdf | docs N DIR | table ROWS OUT.pdf | parse ORDERS.csv | xml JUNIT.xml
               | generate-orders ROWS OUT.csv [LINES-PER-INVOICE [grouped|shuffled]] | generate-invoices COUNT OUT.csv
               | rasterize IMAGE OUT.png | sheet PNG-FOLDER OUT.png | samples [DIR]
        """
    case .failed(let message): return message
    }
  }
}

/// `make bench`: PageKit + PageRendering against the plain cairo/pango floor, in interleaved runs.
enum Bench {
  /// Renders `count` bench pages into one PDF.
  static func renderPages(_ count: Int, to path: String) throws {
    let writer = try PDFWriter(path: path, metadata: PDFMetadata(title: "bench", creator: "invoicegen bench"))
    let rows = rowsPerPage()
    for index in 0..<count {
      try writer.addPage(BenchPage(seed: index, rowCount: rows), size: BenchPage.size)
    }
    try writer.close()
  }

  /// Renders `count` bench pages, each into its own PDF in `folder` (what `floor docs` does); with
  /// `linked`, each page also carries a link in its footer.
  static func renderDocs(_ count: Int, to folder: String, linked: Bool = false) throws {
    let rows = rowsPerPage()
    for index in 0..<count {
      let writer = try PDFWriter(
        path: folder + "/doc-\(index).pdf", metadata: PDFMetadata(title: "bench", creator: "invoicegen bench")
      )
      let page = BenchPage(seed: index, rowCount: rows)
      if linked {
        try writer.addPage(
          page.overlay(alignment: .bottomTrailing) {
            Text("Pay online").link(URL(string: "https://example.com/pay/\(index)")!).padding(20)
          }, size: BenchPage.size)
      } else {
        try writer.addPage(page, size: BenchPage.size)
      }
      try writer.close()
    }
  }

  /// How many rows fit, as the floor decides: it stops once a row ends below the page less 60 points.
  static func rowsPerPage() -> Int {
    let context = RenderResources.forCurrentThread.makeLayoutContext()
    var y: CGFloat = 90
    var rows = 0
    while rows < 40 {
      let node = ViewResolver.node(
        of: Text(BenchPage.sentence(rows, 4 + (rows % 5) * 3)).font(.custom("DejaVu Sans", size: 12)),
        in: EnvironmentValues())
      y += node.sizeThatFits(ProposedViewSize(width: 300, height: nil), context: context).height + 2
      rows += 1
      if y > BenchPage.size.height - 60 { break }
    }
    return rows
  }

  /// One timed run of a command: wall seconds and peak resident memory in KiB.
  struct Sample {
    var seconds: Double
    var peakKiB: Int
  }

  /// Runs `command` (its standard output to `output`, else discarded) and returns its time and peak memory.
  static func measure(_ command: [String], output: String = "/dev/null") throws -> Sample {
    let start = Date()
    var pid: pid_t = 0
    let argv = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else {
      throw BenchError.failed("cannot start \(command[0])")
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    guard status == 0 else {
      throw BenchError.failed("\(command.joined(separator: " ")) exited with \(status)")
    }
    return Sample(seconds: Date().timeIntervalSince(start), peakKiB: usage.ru_maxrss)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  static func run(floor: String) throws {
    let pages = 500
    let rounds = 5
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("invoicegen-bench-\(getpid())")
      .path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    var ours: [Sample] = []
    var floors: [Sample] = []
    for _ in 0..<rounds {
      floors.append(try measure([floor, "pages", "\(pages)", dir + "/floor.pdf"]))
      ours.append(try measure([me, "pages", "\(pages)", dir + "/ours.pdf"]))
    }
    let oursRate = Double(pages) / median(ours.map(\.seconds))
    let floorRate = Double(pages) / median(floors.map(\.seconds))
    print("pages: \(pages) pages x \(rounds) interleaved runs, median")
    print(
      String(
        format: "  floor (C, cairo+pango)      %7.1f pages/s  peak %6.1f MB", floorRate,
        Double(floors.map(\.peakKiB).max()!) / 1024))
    print(
      String(
        format: "  PageKit + PageRendering     %7.1f pages/s  peak %6.1f MB", oursRate,
        Double(ours.map(\.peakKiB).max()!) / 1024))
    print(String(format: "  ratio to floor              %7.2f  (target >= 0.70)", oursRate / floorRate))
    print("")
    let invoicegen = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("invoicegen")
      .path
    try BatchBench.run(invoicegen: invoicegen, floor: floor, dir: dir)
    print("")
    try ReportBench.run(invoicegen: invoicegen, dir: dir, rows: 10_000)
    print("")
    try OrdersBench.run(me: me, dir: dir)
  }
}
