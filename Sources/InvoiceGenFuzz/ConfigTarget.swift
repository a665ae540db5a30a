import Foundation
import InvoiceGenCLI

/// Feeds mutated config files to the config reader: byte flips, cut files, random text spliced into values.
///
/// Seeds are the configs in SampleData; each mutation is written to a scratch file and loaded. A
/// crash or a trap is a finding; a diagnostic is the expected answer to a broken file.
struct ConfigTarget {
  let seeds: [[UInt8]]
  let scratch: String

  init(sampleData: String, scratch: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: sampleData).filter {
      $0.hasSuffix(".json")
    }
    seeds = names.sorted().compactMap {
      FileManager.default.contents(atPath: sampleData + "/" + $0).map(Array.init)
    }
    self.scratch = scratch
    guard !seeds.isEmpty else { throw FuzzFinding("no seed configs in \(sampleData)") }
  }

  func run(_ text: inout RandomText, iteration: Int) throws {
    var bytes = seeds[iteration % seeds.count]
    for _ in 0..<Int.random(in: 1...4, using: &text.generator) {
      guard !bytes.isEmpty else { break }
      let at = Int.random(in: 0..<bytes.count, using: &text.generator)
      switch Int.random(in: 0..<5, using: &text.generator) {
      case 0: bytes[at] = UInt8.random(in: 0...255, using: &text.generator)
      case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &text.generator)))
      case 2: bytes.insert(contentsOf: Array(text.string().utf8), at: at)
      case 3: bytes = Array(bytes[..<at])
      default:
        // Random text inside the next string value, where a reader takes it as a setting.
        if let quote = bytes[at...].firstIndex(of: UInt8(ascii: "\"")) {
          bytes.insert(contentsOf: Array(text.string().utf8), at: quote + 1)
        }
      }
    }
    guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else {
      throw FuzzFinding("cannot write \(scratch)")
    }
    _ = Config.load(path: scratch)
  }
}
