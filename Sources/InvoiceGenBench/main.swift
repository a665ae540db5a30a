import Foundation
import PageKit
import PageRendering

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "docs":
    // docs N DIR [--link]: with --link each page also carries a link (untagged PDFs then need the xref repair).
    guard arguments.count >= 3, let count = Int(arguments[1]) else { throw BenchError.usage }
    try Bench.renderDocs(count, to: arguments[2], linked: arguments.contains("--link"))
  case "pages":
    guard arguments.count == 3, let count = Int(arguments[1]) else { throw BenchError.usage }
    try Bench.renderPages(count, to: arguments[2])
  case "bench":
    let floor = arguments.firstIndex(of: "--floor").map { arguments[$0 + 1] } ?? ".build/floor"
    try Bench.run(floor: floor)
  case "table":
    guard arguments.count == 3, let rows = Int(arguments[1]) else { throw BenchError.usage }
    _ = try TableBench.render(rows: rows, to: arguments[2])
  case "bench-large":
    let floor = arguments.firstIndex(of: "--floor").map { arguments[$0 + 1] } ?? ".build/floor"
    try TableBench.run(floor: floor)
  case "bench-scale":
    // bench-scale [CHECK-ROWS [RENDER-ROWS]]: the orders-at-scale part of bench-large alone.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("invoicegen-scale-\(getpid())")
      .path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    try ScaleBench.run(
      invoicegen: me.deletingLastPathComponent().appendingPathComponent("invoicegen").path, dir: dir,
      checkRows: arguments.count > 1 ? Int(arguments[1]) ?? 10_000_000 : 10_000_000,
      renderRows: arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000)
  case "bench-orders":
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("invoicegen-orders-\(getpid())")
      .path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try OrdersBench.run(me: URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path, dir: dir)
  case "xml":
    guard arguments.count == 2 else { throw BenchError.usage }
    XMLBench.run(arguments[1])
  case "parse":
    guard arguments.count == 2 else { throw BenchError.usage }
    OrdersBench.parse(arguments[1])
  case "generate-invoices":
    guard arguments.count == 3, let count = Int(arguments[1]) else { throw BenchError.usage }
    try BatchBench.generate(count: count, to: arguments[2])
  case "generate-orders":
    // generate-orders ROWS FILE [LINES-PER-INVOICE [grouped|shuffled]]
    guard (3...5).contains(arguments.count), let rows = Int(arguments[1]), rows > 0,
      let lines = arguments.count > 3 ? Int(arguments[3]) : 10, lines > 0,
      let order = arguments.count > 4 ? OrdersBench.RowOrder(rawValue: arguments[4]) : .grouped
    else { throw BenchError.usage }
    try OrdersBench.generate(rows: rows, to: arguments[2], linesPerInvoice: lines, order: order)
  case "rasterize":
    guard arguments.count == 3 else { throw BenchError.usage }
    let renderer = ImageRenderer(content: Image(file: arguments[1]))
    renderer.scale = 1
    try renderer.writePNG(to: arguments[2])
  case "sheet":
    guard arguments.count == 3 else { throw BenchError.usage }
    try Samples.contactSheet(of: arguments[1], to: arguments[2])
  case "samples":
    try Samples.write(to: arguments.count > 1 ? arguments[1] : "out")
  default:
    throw BenchError.usage
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
