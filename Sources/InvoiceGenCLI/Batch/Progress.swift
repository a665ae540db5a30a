import Foundation

/// When the progress bar shows: on a terminal outside CI (`auto`), `always` or `never`.
public enum ProgressMode: String, Sendable {
  case auto, always, never
}

/// Shows progress on a terminal (a bar on stderr) or nothing in cron and CI, where only failures and the summary print.
struct Progress {
  let enabled: Bool
  let total: Int
  let start = Date()

  init(mode: ProgressMode, total: Int) {
    self.total = total
    switch mode {
    case .always: enabled = true
    case .never: enabled = false
    case .auto: enabled = isatty(2) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
    }
  }

  /// Redraws the bar: `[#####-----] 120/1000  45.1/s  ETA 19 s`.
  func show(done: Int) {
    guard enabled, total > 0 else { return }
    let elapsed = max(Date().timeIntervalSince(start), 0.001)
    let rate = Double(done) / elapsed
    let width = 30
    let filled = min(width, Int(Double(width) * Double(done) / Double(total)))
    let eta = rate > 0 ? Int(Double(total - done) / rate) : 0
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let line = String(format: "\r[%@] %d/%d  %.1f/s  ETA %d s ", bar, done, total, rate, eta)
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// Clears the bar's line.
  func finish() {
    guard enabled, total > 0 else { return }
    FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: 70) + "\r").utf8))
  }
}
