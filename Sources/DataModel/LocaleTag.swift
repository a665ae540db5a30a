/// Checks BCP 47 language tags loosely: letters, digits, `-` and `_`, starting with a 2–3 letter language.
enum LocaleTag {
  static func isValid(_ tag: String) -> Bool {
    let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}
