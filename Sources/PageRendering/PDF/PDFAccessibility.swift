import Foundation

/// What a tagged PDF needs beyond the structure the renderer records: the document's language.
///
/// A `PDFWriter` with accessibility set writes its structure tree, marked content, artifacts,
/// `/Lang`, `/MarkInfo`, `/ViewerPreferences /DisplayDocTitle`, XMP with `pdfuaid`, figure `/Alt`,
/// header `/Scope`, link `/Contents` and page `/Tabs` in one streaming pass (`PDFFinishingPass`).
public struct PDFAccessibility: Sendable, Hashable {
  /// The document's natural language as a BCP 47 tag ("de-DE"), written as the catalog's `/Lang`.
  public var language: String

  public init(language: String) {
    self.language = language
  }
}
