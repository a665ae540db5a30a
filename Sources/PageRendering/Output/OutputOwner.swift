import Foundation

/// The process that owns a temporary output file: its id and its start time, written into the file's name.
///
/// A process id alone is not enough to tell a live run's file from a dead run's: ids are reused.
/// The start time (clock ticks since boot, field 22 of `/proc/PID/stat`) makes the pair unique, so
/// `isGone` is true only when the run that wrote a file can no longer finish it.
public struct OutputOwner: Equatable, Sendable {
  /// The process id.
  public let pid: pid_t
  /// The process's start time in clock ticks since boot, or 0 where `/proc` cannot tell.
  public let start: UInt64

  /// This process.
  public static let current = OutputOwner(pid: getpid(), start: startTime(of: getpid()) ?? 0)

  /// `<pid>-<start>`, as written into temporary names.
  public var tag: String { "\(pid)-\(start)" }

  /// The owner written into a temporary file's name (`.NAME.<pid>-<start>-<random>.invoicegen.tmp`).
  public init?(temporaryName name: String) {
    guard name.hasSuffix(AtomicFile.suffix) else { return nil }
    let body = name.dropLast(AtomicFile.suffix.count)
    guard let dot = body.lastIndex(of: ".") else { return nil }
    let parts = body[body.index(after: dot)...].split(separator: "-")
    guard parts.count == 3, let pid = pid_t(parts[0]), pid > 0, let start = UInt64(parts[1]) else {
      return nil
    }
    self.init(pid: pid, start: start)
  }

  public init(pid: pid_t, start: UInt64) {
    self.pid = pid
    self.start = start
  }

  /// Whether the owning process has ended (or its id now belongs to another process).
  public var isGone: Bool {
    guard kill(pid, 0) == 0 || errno == EPERM else { return true }
    guard start != 0, let now = OutputOwner.startTime(of: pid) else { return false }
    return now != start
  }

  /// Field 22 of `/proc/PID/stat`: when the process started, in clock ticks since boot.
  static func startTime(of pid: pid_t) -> UInt64? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
      let text = String(data: data, encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // After "pid (comm)" come fields 3, 4, …; the start time is field 22.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 19 else { return nil }
    return UInt64(fields[19])
  }
}
