import Foundation

/// Checks BCP 47 language tags strictly, before any tag reaches ICU.
///
/// The toolchain's ICU crashes (SIGSEGV in its number formatter) on some malformed tags, such as
/// `en-US` repeated 36 times, so every tag from CSV, JSON, the config and `--locale` passes here
/// first. Accepted: a 2–3 letter language ICU knows, then an optional 4-letter script, an
/// optional region (2 letters or 3 digits), variants (5–8 characters, or 4 starting with a digit),
/// extensions (`u-nu-latn`) and private use (`x-…`), in that order, no subtag twice, `-` or `_`
/// between subtags, and at most 35 characters in all.
public enum LocaleTag {
  /// The longest tag accepted.
  public static let maxLength = 35

  /// Whether `tag` is a well-formed tag with a known language.
  public static func isValid(_ tag: String) -> Bool {
    problem(tag) == nil
  }

  /// Why `tag` is not accepted, or nil when it is.
  public static func problem(_ tag: String) -> String? {
    guard !tag.isEmpty else { return "is empty" }
    guard tag.count <= maxLength else {
      return "is \(tag.count) characters long; a locale has at most \(maxLength)"
    }
    guard
      tag.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
      })
    else { return "may hold only letters, digits, - and _" }
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }.map { $0.lowercased() }
    guard !parts.contains(where: \.isEmpty) else { return "has an empty part" }
    let language = parts[0]
    guard (2...3).contains(language.count), language.allSatisfy(\.isLetter) else {
      return "does not start with a 2 or 3 letter language code"
    }
    guard Locale.LanguageCode(language).isISOLanguage || ["iw", "in", "ji"].contains(language) else {
      return "names no known language (\(language))"
    }
    var index = 1
    func next(_ matches: (String) -> Bool) -> Bool {
      guard index < parts.count, matches(parts[index]) else { return false }
      index += 1
      return true
    }
    _ = next { $0.count == 4 && $0.allSatisfy(\.isLetter) }  // script
    _ = next { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
    var variants: Set<String> = []
    while index < parts.count, isVariant(parts[index]) {
      guard variants.insert(parts[index]).inserted else { return "repeats the variant \(parts[index])" }
      index += 1
    }
    var singletons: Set<String> = []
    while index < parts.count {
      let singleton = parts[index]
      guard singleton.count == 1 else {
        return "has \(Diagnostic.quote(singleton)) where no subtag of that kind may stand"
      }
      guard singletons.insert(singleton).inserted else { return "repeats the extension \(singleton)" }
      index += 1
      let range = singleton == "x" ? 1...8 : 2...8
      let start = index
      while index < parts.count, parts[index].count > 1 || singleton == "x",
        range.contains(parts[index].count)
      {
        index += 1
      }
      guard index > start else { return "has the extension \(singleton) with nothing after it" }
      if singleton == "x" { break }
    }
    guard index == parts.count else {
      return "has \(Diagnostic.quote(parts[index])) where no subtag of that kind may stand"
    }
    return nil
  }

  private static func isVariant(_ part: String) -> Bool {
    (5...8).contains(part.count) || (part.count == 4 && part.first!.isNumber)
  }
}
