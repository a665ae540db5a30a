import Foundation

/// An `--input` that may be a glob pattern: `*`, `?` and `[…]` within a name, `**` for any depth of folders.
enum InputPattern {
  /// Whether `text` has glob characters.
  static func isPattern(_ text: String) -> Bool {
    text.contains { "*?[".contains($0) }
  }

  /// The files `pattern` matches, sorted; the pattern itself when it has no glob characters.
  static func expand(_ pattern: String) -> [String] {
    guard isPattern(pattern) else { return [pattern] }
    let parts = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // The folder before the first part with glob characters is walked; the rest is matched.
    let firstGlob = parts.firstIndex(where: isPattern) ?? parts.count
    let base = parts[..<firstGlob].joined(separator: "/")
    let rest = Array(parts[firstGlob...])
    var found: [String] = []
    walk(base.isEmpty ? "." : base, rest, prefix: base.isEmpty ? "" : base + "/", into: &found)
    return found.sorted()
  }

  private static func walk(_ folder: String, _ rest: [String], prefix: String, into found: inout [String]) {
    guard let first = rest.first else { return }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    if first == "**" {
      // Zero folders, then each folder in turn.
      walk(folder, Array(rest.dropFirst()), prefix: prefix, into: &found)
      for name in names where !name.hasPrefix(".") && isFolder(folder + "/" + name) {
        walk(folder + "/" + name, rest, prefix: prefix + name + "/", into: &found)
      }
      return
    }
    for name in names where fnmatch(first, name, FNM_PERIOD) == 0 {
      let path = folder + "/" + name
      if rest.count == 1 {
        if !isFolder(path) { found.append(prefix + name) }
      } else if isFolder(path) {
        walk(path, Array(rest.dropFirst()), prefix: prefix + name + "/", into: &found)
      }
    }
  }

  private static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
