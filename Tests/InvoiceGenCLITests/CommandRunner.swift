import Foundation

/// Runs the built `invoicegen` binary and external tools for the end-to-end tests.
enum CommandRunner {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
  static let sampleData = packageRoot.appendingPathComponent("SampleData").path
  /// The binary under test: `INVOICEGEN_BINARY` when set (to run these tests against another build), else this package's.
  static var binary: String {
    if let chosen = ProcessInfo.processInfo.environment["INVOICEGEN_BINARY"] { return chosen }
    for configuration in ["debug", "release"] {
      let path = packageRoot.appendingPathComponent(".build/\(configuration)/invoicegen").path
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return packageRoot.appendingPathComponent(".build/debug/invoicegen").path
  }

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `executable` with `arguments` in `directory`, with `input` on standard input.
  @discardableResult
  static func run(
    _ executable: String, _ arguments: [String], directory: String? = nil,
    environment: [String: String] = [:],
    input: Data? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var env = ProcessInfo.processInfo.environment
    env["CI"] = "true"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = Pipe()
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(input) }
    try stdin.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs invoicegen.
  @discardableResult
  static func invoicegen(
    _ arguments: [String], directory: String? = nil, environment: [String: String] = [:], input: Data? = nil
  )
    throws -> Result
  {
    try run(binary, arguments, directory: directory ?? sampleData, environment: environment, input: input)
  }

  static func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "invoicegen-cli-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func files(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// pdftotext output with the spaces and bidi marks it adds or changes normalized.
  static func text(_ pdf: String) throws -> String {
    normalize(try run("pdftotext", ["-layout", pdf, "-"]).stdout)
  }

  static func normalize(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0xA0, 0x202F, 0x2009: out.unicodeScalars.append(" ")
      case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
