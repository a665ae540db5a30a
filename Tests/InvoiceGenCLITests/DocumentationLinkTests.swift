import Foundation
import Testing

/// Every link in README.md and docs/ reaches a file that exists and, with a `#fragment`, a heading
/// of that file; the README stays short enough to read in five minutes (issue 59, part 5).
@Suite struct DocumentationLinkTests {
  /// README.md and every Markdown page under docs/ (the consumer package's own pages included).
  static var pages: [URL] {
    let root = CommandRunner.packageRoot
    let docs = root.appendingPathComponent("docs")
    let found =
      FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" && !$0.path.contains("/.build/") } ?? []
    return [root.appendingPathComponent("README.md")] + found
  }

  /// The links of `text` outside code fences: `[label](target)` and `![alt](target)`.
  static func links(in text: String) -> [String] {
    var inFence = false
    var targets: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence else { continue }
      let code = /`[^`]*`/
      let plain = line.replacing(code, with: "")
      for match in plain.matches(of: /\]\(([^)\s]+)\)/) { targets.append(String(match.1)) }
    }
    return targets
  }

  /// The anchors GitHub makes of `text`'s headings: lower case, punctuation out, spaces to hyphens.
  static func anchors(in text: String) -> Set<String> {
    var inFence = false
    var anchors = Set<String>()
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, let heading = line.firstMatch(of: /^#{1,6} (.*)$/)?.1 else { continue }
      let kept = heading.lowercased().unicodeScalars.filter {
        CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
      }
      anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
    }
    return anchors
  }

  @Test func everyLinkReachesItsFileAndHeading() throws {
    var checked = 0
    for page in Self.pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      for target in Self.links(in: text) where !target.contains("://") && !target.hasPrefix("mailto:") {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let file = path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path)
        #expect(
          FileManager.default.fileExists(atPath: file.standardizedFileURL.path),
          "\(page.lastPathComponent): \(target) is no file")
        if parts.count == 2, file.pathExtension == "md",
          let linked = try? String(contentsOf: file, encoding: .utf8)
        {
          #expect(
            Self.anchors(in: linked).contains(String(parts[1])),
            "\(page.lastPathComponent): \(target) is no heading of \(file.lastPathComponent)")
        }
        checked += 1
      }
    }
    #expect(checked > 30, "only \(checked) links found: is the scan right?")
  }

  @Test func theReadmeIsShort() throws {
    let readme = try String(
      contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 250, "README.md has \(lines) lines: the reference belongs in docs/")
  }
}
