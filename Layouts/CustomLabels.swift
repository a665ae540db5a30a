import Foundation

/// Labels a config gives per language, over the shipped ones or for a language not shipped.
///
/// Keyed by BCP 47 tag: a `de-CH` document takes `de-CH`'s labels, then `de`'s, each key on its own.
public struct CustomLabels: Sendable {
  /// The labels by language tag as the config writes them ("de", "de-CH", "cs").
  public var byLanguage: [String: [StringKey: String]]

  public init(_ byLanguage: [String: [StringKey: String]] = [:]) {
    self.byLanguage = byLanguage
  }

  /// The labels for a document in `tag`: the tag's own over its base language's.
  public func labels(for tag: String) -> [StringKey: String] {
    guard !byLanguage.isEmpty else { return [:] }
    let parts = tag.split(separator: "-").map(String.init)
    var result: [StringKey: String] = [:]
    // From the base language to the full tag, so the most specific wins.
    for count in stride(from: 1, through: parts.count, by: 1) {
      let prefix = parts.prefix(count).joined(separator: "-")
      if let labels = byLanguage.first(where: { $0.key.caseInsensitiveCompare(prefix) == .orderedSame })?
        .value
      {
        result.merge(labels) { $1 }
      }
    }
    return result
  }

  /// Whether a language has labels here (a language invoicegen does not ship, added by the config).
  public func has(language: String) -> Bool {
    byLanguage.keys.contains {
      $0.split(separator: "-").first.map(String.init)?.lowercased() == language.lowercased()
    }
  }
}
