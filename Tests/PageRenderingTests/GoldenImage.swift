import Foundation
import PageRendering

/// Compares renders with golden PNGs: at most 0.05 % of pixels may differ by more than 8 in a channel.
///
/// On a mismatch the actual and a diff image are written to .build/golden-failures/. Goldens are
/// never written unless `RECORD_GOLDENS` asks (`RecordMode`), as in swift-snapshot-testing.
enum GoldenImage {
  struct Mismatch: Error, CustomStringConvertible {
    let description: String
  }

  /// When goldens are written, from `RECORD_GOLDENS`: `missing`, `failed` or `all` (`1` means `all`); never by default.
  enum RecordMode: String {
    case never, missing, failed, all

    static var current: RecordMode {
      let value = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] ?? "never"
      return value == "1" ? .all : RecordMode(rawValue: value) ?? .never
    }
  }

  static let channelTolerance = 8
  static let pixelFraction = 0.0005

  static func check(_ png: Data, name: String) throws {
    let golden = TestSupport.goldenFolder.appendingPathComponent(name + ".png")
    let mode = RecordMode.current
    func record() throws {
      try FileManager.default.createDirectory(at: TestSupport.goldenFolder, withIntermediateDirectories: true)
      try png.write(to: golden)
    }
    if mode == .all || (mode == .missing && !FileManager.default.fileExists(atPath: golden.path)) {
      return try record()
    }
    do {
      try compare(png, name: name, golden: golden)
    } catch let mismatch as Mismatch where mode == .failed {
      try record()
      print("recorded \(name): \(mismatch.description)")
    }
  }

  private static func compare(_ png: Data, name: String, golden: URL) throws {
    let folder = TestSupport.failureFolder
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let actualURL = folder.appendingPathComponent(name + ".actual.png")
    try png.write(to: actualURL)
    guard let expected = PNGEncoder.decode(file: golden.path) else {
      throw Mismatch(description: "no golden \(golden.path); record with RECORD_GOLDENS=missing")
    }
    guard let actual = PNGEncoder.decode(file: actualURL.path) else {
      throw Mismatch(description: "unreadable render")
    }
    guard actual.width == expected.width, actual.height == expected.height else {
      throw Mismatch(
        description:
          "\(name): size \(actual.width)×\(actual.height), golden \(expected.width)×\(expected.height); actual in \(actualURL.path)"
      )
    }
    var differing = 0
    var diff = [UInt8](repeating: 255, count: actual.bytes.count)
    for pixel in 0..<(actual.width * actual.height) {
      let base = pixel * 4
      var worst = 0
      for channel in 0..<4 {
        worst = max(worst, abs(Int(actual.bytes[base + channel]) - Int(expected.bytes[base + channel])))
      }
      if worst > channelTolerance {
        differing += 1
        diff[base] = 255
        diff[base + 1] = 0
        diff[base + 2] = 0
      }
    }
    let allowed = Int(Double(actual.width * actual.height) * pixelFraction)
    if differing > allowed {
      let diffImage = PixelBuffer(width: actual.width, height: actual.height, bytes: diff)
      try diffImage.pngData().write(to: folder.appendingPathComponent(name + ".diff.png"))
      throw Mismatch(
        description: "\(name): \(differing) pixels differ (allowed \(allowed)); see \(folder.path)")
    }
    try? FileManager.default.removeItem(at: actualURL)
  }
}
