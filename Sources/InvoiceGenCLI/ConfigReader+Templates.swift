import DataModel
import Layouts

/// Config texts with `{placeholders}`: titles, field labels, footers, notes and payment terms.
extension ConfigReader {
  /// A text per language at `path` whose every variant is a template `FooterTemplate` can fill: an
  /// unknown placeholder, an unclosed brace or (outside the footer) a page number is an error with
  /// the variant's JSON path; the custom fields it prints are read from the input.
  mutating func templateText(
    _ value: JSONValue?, _ path: String, allowsPage: Bool = false, into config: inout Config
  ) -> LocalizedText? {
    guard let value, let text = localizedText(value, path) else { return nil }
    let isObject: Bool
    if case .object = value.kind { isObject = true } else { isObject = false }
    for variant in text.variants {
      let variantPath = isObject ? "\(path).\(variant.tag)" : path
      if let problem = FooterTemplate.problem(inText: variant.text, allowsPage: allowsPage) {
        let hint =
          "use "
          + FooterTemplate.placeholders.filter { allowsPage || !FooterTemplate.pagePlaceholders.contains($0) }
          .map { "{\($0)}" }.joined(separator: ", ") + " or {field.NAME}"
        error(value, variantPath, problem, hint: hint)
        continue
      }
      for name in FooterTemplate.names(in: variant.text) where name.hasPrefix("field.") {
        requireField(String(name.dropFirst(6)), value, variantPath, item: false, &config)
      }
    }
    return text
  }
}
