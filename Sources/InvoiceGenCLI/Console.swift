import DataModel
import Foundation

/// Where the command's messages go: diagnostics, errors and warnings on standard error, one format for all.
enum Console {
  /// `error: message`.
  static func error(_ message: String) {
    write("error: " + message)
  }

  /// `warning: message`.
  static func warning(_ message: String) {
    write("warning: " + message)
  }

  /// A located diagnostic, as it describes itself (`error: orders.csv:17: …` with its hint).
  static func show(_ diagnostic: Diagnostic) {
    write(diagnostic.description)
  }

  /// A line as it is.
  static func write(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
