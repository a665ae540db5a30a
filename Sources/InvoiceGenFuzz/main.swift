import Foundation

/// A finding that is not a crash: an output that breaks what the target checks.
struct FuzzFinding: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

// Random-input fuzz targets for what libFuzzer cannot reach in one module (make fuzz builds the
// importer targets with libFuzzer): `render` (random Unicode through layout and every renderer)
// and `config` (mutated config files through the config reader).
// usage: InvoiceGenFuzz render|config [--seconds S] [--seed N] [--sample-data DIR] [--verbose]
let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let seconds = option("--seconds").flatMap(Double.init) ?? 5
let firstSeed = option("--seed").flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
let verbose = arguments.contains("--verbose")
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoicegen-fuzz-\(getpid())").path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

let run: (inout RandomText, Int) throws -> Void
switch arguments.first {
case "render":
  let target = RenderTarget(folder: folder)
  run = target.run
case "config":
  let target = try ConfigTarget(
    sampleData: option("--sample-data") ?? "SampleData", scratch: folder + "/config.json")
  run = target.run
default:
  FileHandle.standardError.write(Data("usage: InvoiceGenFuzz render|config [--seconds S] [--seed N]\n".utf8))
  exit(2)
}

let start = Date()
var iterations = 0
while Date().timeIntervalSince(start) < seconds {
  let seed = firstSeed &+ UInt64(iterations)
  if verbose { print("seed \(seed)") }
  var text = RandomText(seed: seed)
  do {
    try run(&text, iterations)
  } catch let finding as FuzzFinding {
    print("finding with --seed \(seed): \(finding)")
    exit(1)
  } catch {
    // A renderer's own error (a document that cannot be laid out) is an answer, not a finding.
    if verbose { print("seed \(seed): \(error)") }
  }
  iterations += 1
}
print(
  String(
    format: "%@: %d executions in %.0f s from seed %llu, no finding", arguments[0], iterations,
    Date().timeIntervalSince(start), firstSeed))
