import Foundation

/// A file of records a run only ever appends to, held under an exclusive lock while it is open: the
/// VERI*FACTU chain and the FatturaPA progressive numbers.
///
/// Opening waits for another run (a shard writing to the same folder) to finish with it; `append`
/// writes the new lines and syncs them, and the file's folder, to disk before it returns.
final class LockedLog {
  let path: String
  private let descriptor: Int32

  /// Opens (creating it when there is none) and locks the file at `path`, called `what` in messages.
  init(path: String, what: String) throws(CLIError) {
    self.path = path
    descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .output("\(path): cannot open the \(what): \(Self.reason())") }
    guard flock(descriptor, LOCK_EX) == 0 else {
      close(descriptor)
      throw .output("\(path): cannot lock the \(what): \(Self.reason())")
    }
  }

  deinit { close(descriptor) }

  /// The file's lines; an error when its last line is incomplete (a write cut short).
  func lines() throws(CLIError) -> [[UInt8]] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    lseek(descriptor, 0, SEEK_SET)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0 { throw .output("\(path): cannot read: \(Self.reason())") }
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    guard !bytes.isEmpty else { return [] }
    guard bytes.last == 0x0A else {
      throw .output(
        "\(path): the last line is incomplete (no line end); repair the file by hand before invoicegen continues it"
      )
    }
    return bytes.split(separator: 0x0A).map(Array.init)
  }

  /// Appends `text` and syncs the file and its folder.
  func append(_ text: String) throws(CLIError) {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { throw .output("\(path): cannot append: \(Self.reason())") }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw .output("\(path): cannot sync: \(Self.reason())") }
    let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func reason() -> String { String(cString: strerror(errno)) }
}
