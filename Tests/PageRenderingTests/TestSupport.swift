import CCairo
import Foundation
import PageKit
import PageRendering

/// Shared set-up for rendering tests: fonts from the DejaVu folder only, so output does not depend on the machine.
enum TestSupport {
  static let fontFolder = "/usr/share/fonts/truetype/dejavu"
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
  static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")
  static let failureFolder = packageRoot.appendingPathComponent(".build/golden-failures")

  /// Resources for the calling thread with only the DejaVu fonts.
  static func resources() throws -> RenderResources {
    RenderResources(fonts: try FontConfiguration(fontDirectories: [fontFolder], includeSystemFonts: false))
  }

  /// The environment of rendering tests: DejaVu Sans 11.
  static var environment: EnvironmentValues {
    var environment = EnvironmentValues()
    environment.font = .custom("DejaVu Sans", size: 11)
    return environment
  }

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "invoicegen-tests-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Runs a tool and returns its exit status and standard output.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// A JPEG of `width` × `height` pixels, left half red and right half blue, with an EXIF orientation when given.
  static func jpeg(width: Int, height: Int, orientation: Int? = nil) -> Data {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let index = (y * width + x) * 3
        if x < width / 2 { pixels[index] = 230 } else { pixels[index + 2] = 230 }
      }
    }
    let handle = tjInitCompress()
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    tjCompress2(
      handle, pixels, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &buffer, &size,
      Int32(TJSAMP_444.rawValue), 95, 0)
    var data = Data(bytes: buffer!, count: Int(size))
    tjFree(buffer)
    if let orientation {
      // APP1 "Exif", big-endian TIFF header, one IFD entry: tag 0x0112 (orientation), SHORT, count 1.
      var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1]
      tiff += [0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
      let payload = Array("Exif\0\0".utf8) + tiff
      let length = payload.count + 2
      let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
      data.insert(contentsOf: segment, at: 2)
    }
    return data
  }

  static let svg = Data(
    """
    <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
      <rect x="0" y="0" width="20" height="20" fill="#00a000"/>
      <circle cx="30" cy="10" r="8" fill="#ff8000"/>
    </svg>
    """.utf8)
}
