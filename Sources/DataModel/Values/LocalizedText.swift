/// A text of the config in one or several languages (`"…"` or `{"en": "…", "de": "…", "de-CH": "…"}`), chosen per document.
///
/// A document in `de-CH` takes the `de-CH` text, else `de`, else the text of the run's default
/// locale (the same way), else `en`, else the first one written.
public struct LocalizedText: Sendable, Hashable {
  /// The texts by BCP 47 tag, in the order written; a plain string is one text tagged "".
  public let variants: [(tag: String, text: String)]

  /// One text for every language.
  public init(_ text: String) {
    variants = [("", text)]
  }

  /// Texts by language tag, in the order written.
  public init(variants: [(tag: String, text: String)]) {
    self.variants = variants
  }

  /// The text for a document in `locale`, falling back to `defaultLocale`, then English, then the first.
  public func text(for locale: String, defaultLocale: String = Issuer.fallbackLocale) -> String {
    if variants.count == 1 { return variants[0].text }
    for tag in Self.chain(locale) + Self.chain(defaultLocale) + ["en"] {
      if let found = variants.first(where: { Self.normalize($0.tag) == tag }) { return found.text }
    }
    return variants[0].text
  }

  /// `de-CH` → `de-ch`, `de`; `zh-Hans-CN` → `zh-hans-cn`, `zh-hans`, `zh` (lower-cased, `_` read as `-`).
  static func chain(_ tag: String) -> [String] {
    var parts = normalize(tag).split(separator: "-").map(String.init)
    var tags: [String] = []
    while !parts.isEmpty {
      tags.append(parts.joined(separator: "-"))
      parts.removeLast()
    }
    return tags
  }

  static func normalize(_ tag: String) -> String {
    tag.lowercased().replacingOccurrences(of: "_", with: "-")
  }

  public static func == (left: LocalizedText, right: LocalizedText) -> Bool {
    left.variants.elementsEqual(right.variants) { $0.tag == $1.tag && $0.text == $1.text }
  }

  public func hash(into hasher: inout Hasher) {
    for variant in variants {
      hasher.combine(variant.tag)
      hasher.combine(variant.text)
    }
  }
}
