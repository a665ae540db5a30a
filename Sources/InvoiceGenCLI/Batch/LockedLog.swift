import Foundation

/// A file of records a run only ever appends to, held under an exclusive lock while it is open: the
/// VERI*FACTU chain and the FatturaPA progressive numbers.
///
/// One rule for every such file inside `--out`: it is a regular file of its own, never followed
/// through a symbolic link (which could point outside the folder); opening waits for another run (a
/// shard writing to the same folder) to finish with it; `append` writes whole lines or nothing, and
/// syncs them, and the file's folder, to disk before it returns; a last line cut short by a run that
/// died or a full disk is cut back when read, with a note (that run wrote no document for it).
final class LockedLog {
  let path: String
  private let descriptor: Int32
  /// The note on a torn last line that `lines()` cut back, for the caller to show.
  private(set) var repairNote: String?

  /// Opens (creating it when there is none) and locks the file at `path`, called `what` in messages.
  init(path: String, what: String) throws(CLIError) {
    self.path = path
    descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else {
      if errno == ELOOP {
        throw .output(
          "\(path): is a symbolic link; the \(what) are kept only in a file of their own in the output folder"
        )
      }
      throw .output("\(path): cannot open the \(what): \(Self.reason())")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw .output("\(path): not a regular file; the \(what) are kept only in a file of their own")
    }
    guard flock(descriptor, LOCK_EX) == 0 else {
      close(descriptor)
      throw .output("\(path): cannot lock the \(what): \(Self.reason())")
    }
  }

  deinit { close(descriptor) }

  /// The file's lines; a last line without its line end (a write cut short) is cut back first, and
  /// `repairNote` says so.
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
    if bytes.last != 0x0A {
      // Appends are whole lines: a torn tail is a run's that died before writing any document for it.
      let keep = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
      guard ftruncate(descriptor, off_t(keep)) == 0, fsync(descriptor) == 0 else {
        throw .output("\(path): cannot cut back its incomplete last line: \(Self.reason())")
      }
      repairNote =
        "\(path): its last line was incomplete (\(bytes.count - keep) bytes of a run that was stopped or ran out of disk before writing any document for it) and was cut back"
      bytes.removeSubrange(keep...)
    }
    return bytes.split(separator: 0x0A).map(Array.init)
  }

  /// Appends `text` (whole lines) and syncs the file and its folder; a write that fails part way is
  /// cut back, so the file never ends in half a line.
  func append(_ text: String) throws(CLIError) {
    let bytes = Array(text.utf8)
    let start = lseek(descriptor, 0, SEEK_END)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else {
        let reason = Self.reason()
        if start >= 0 { _ = ftruncate(descriptor, start) }
        throw .output("\(path): cannot append: \(reason); nothing of it was kept")
      }
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
