import DataModel
import Foundation

/// A table of labels in one language, read from JSON: an object of `StringKey` names to texts.
///
/// The 22 shipped languages are such files (`Layouts/Strings/de.json`, compiled into the binary),
/// and the config's `layout.labels` reads the same format, inline or from a file, so a translator
/// needs no Swift. Unknown keys are errors with the closest known key.
public struct LabelFile: Sendable {
  /// The texts by key.
  public var labels: [StringKey: String]
  /// The problems found, each with its file, line and key path.
  public var diagnostics: [Diagnostic]

  /// The labels of the object `value` at `path` of the document `walker` reads; problems go to `walker`.
  public static func read(_ value: JSONValue, _ path: String, walker: inout JSONWalker) -> [StringKey: String]
  {
    guard case .object(let members) = value.kind else {
      walker.error(value, path, "expected an object of labels by key, found \(value.kindName)")
      return [:]
    }
    walker.unknownKeys(value, path, known: StringKey.allCases.map(\.rawValue), severity: .error, within: 3)
    var labels: [StringKey: String] = [:]
    for (name, member) in members {
      guard let key = StringKey(rawValue: name) else { continue }
      if case .string(let text) = member.kind {
        if text.count > InputLimits.configTextCharacters {
          walker.error(
            member, "\(path).\(name)",
            "has \(text.count) characters; a label may have at most \(InputLimits.configTextCharacters)")
        } else {
          labels[key] = text
        }
      } else {
        walker.error(member, "\(path).\(name)", "expected a text, found \(member.kindName)")
      }
    }
    return labels
  }

  /// The labels of a whole file's bytes, named `file` in messages.
  public init(bytes: [UInt8], file: String) {
    do {
      let document = try JSONParser.parse(bytes)
      var walker = JSONWalker(file: file, document: document)
      labels = LabelFile.read(document.root, "$", walker: &walker)
      diagnostics = walker.diagnostics
    } catch {
      labels = [:]
      diagnostics = [
        Diagnostic(.error, SourceLocation(file: file, line: error.line, column: error.column), error.message)
      ]
    }
  }

  /// The labels of the file at `path`, or its problems.
  public init(path: String) {
    switch InputFile.readText(
      path, name: path, limit: InputLimits.configFileBytes, kind: "JSON", regularOnly: true)
    {
    case .success(let bytes): self.init(bytes: bytes, file: path)
    case .failure(let diagnostic): self.init(labels: [:], diagnostics: [diagnostic])
    }
  }

  init(labels: [StringKey: String], diagnostics: [Diagnostic]) {
    self.labels = labels
    self.diagnostics = diagnostics
  }
}
