import Foundation

/// A file written under a hidden temporary name in its final folder and renamed into place, so no reader sees half of it.
///
/// The temporary name starts with `.` and ends in `.tmp`, never in the final extension; `commit`
/// renames it, `discard` (or dropping the value without committing) removes it.
public final class AtomicFile {
  /// The final path.
  public let path: String
  /// Where the content is written until `commit`.
  public let temporaryPath: String
  private var finished = false

  /// Prepares a temporary file beside `path`; the folder must exist.
  public init(path: String) {
    self.path = path
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    temporaryPath =
      folder + "/." + url.lastPathComponent + "." + UUID().uuidString.prefix(8) + AtomicFile.suffix
  }

  /// The suffix of every temporary file, so leftovers of a killed run can be found and removed.
  public static let suffix = ".invoicegen.tmp"

  /// The process that made a temporary file, read from its name (`.NAME.<pid>-<random>.invoicegen.tmp`).
  public static func ownerProcess(ofTemporaryName name: String) -> pid_t? {
    guard name.hasSuffix(suffix) else { return nil }
    let body = name.dropLast(suffix.count)
    guard let dot = body.lastIndex(of: ".") else { return nil }
    let tag = body[body.index(after: dot)...]
    guard let dash = tag.firstIndex(of: "-") else { return nil }
    return pid_t(tag[..<dash])
  }

  /// Moves the temporary file into place, fsyncing file and folder first when `durable`.
  public func commit(durable: Bool = false) throws {
    if durable {
      try AtomicFile.fsync(path: temporaryPath)
    }
    guard rename(temporaryPath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      discard()
      throw RenderError.output(path: path, reason: reason)
    }
    finished = true
    if durable {
      try AtomicFile.fsync(path: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
  }

  /// Removes the temporary file.
  public func discard() {
    if !finished { unlink(temporaryPath) }
    finished = true
  }

  deinit { discard() }

  /// Writes `data` to `path` atomically.
  public static func write(_ data: Data, to path: String, durable: Bool = false) throws {
    let file = AtomicFile(path: path)
    do {
      try data.write(to: URL(fileURLWithPath: file.temporaryPath))
    } catch {
      file.discard()
      throw RenderError.output(path: path, reason: error.localizedDescription)
    }
    try file.commit(durable: durable)
  }

  private static func fsync(path: String) throws {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw RenderError.output(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    guard Foundation.fsync(descriptor) == 0 else {
      throw RenderError.output(path: path, reason: String(cString: strerror(errno)))
    }
  }
}
