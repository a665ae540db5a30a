import CCairo
import Foundation

/// The document information of a PDF: title, author, subject, keywords, creator and dates.
public struct PDFMetadata: Hashable, Sendable {
  public var title: String?
  public var author: String?
  public var subject: String?
  public var keywords: [String]
  public var creator: String?
  /// The creation (and modification) date; `nil` is now, or `SOURCE_DATE_EPOCH` when that is set.
  public var creationDate: Date?

  public init(
    title: String? = nil, author: String? = nil, subject: String? = nil, keywords: [String] = [],
    creator: String? = nil, creationDate: Date? = nil
  ) {
    self.title = title
    self.author = author
    self.subject = subject
    self.keywords = keywords
    self.creator = creator
    self.creationDate = creationDate
  }

  /// The date to write: the explicit one, else `SOURCE_DATE_EPOCH`, else now.
  var effectiveDate: Date {
    if let creationDate { return creationDate }
    // getenv, not ProcessInfo's environment, which copies the whole environment on every call.
    if let epoch = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }), let seconds = TimeInterval(epoch)
    {
      return Date(timeIntervalSince1970: seconds)
    }
    return Date()
  }

  /// `date` as ISO 8601 in UTC, `2026-03-01T12:00:00Z` (the format style, not a formatter object,
  /// which cost more than drawing a page).
  static func iso8601(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
  }

  /// Writes the fields into a cairo PDF surface.
  func apply(to surface: OpaquePointer) {
    func set(_ key: cairo_pdf_metadata_t, _ value: String?) {
      if let value, !value.isEmpty {
        cairo_pdf_surface_set_metadata(surface, key, RenderableText.clean(value))
      }
    }
    set(CAIRO_PDF_METADATA_TITLE, title)
    set(CAIRO_PDF_METADATA_AUTHOR, author)
    set(CAIRO_PDF_METADATA_SUBJECT, subject)
    set(CAIRO_PDF_METADATA_KEYWORDS, keywords.isEmpty ? nil : keywords.joined(separator: ", "))
    set(CAIRO_PDF_METADATA_CREATOR, creator)
    let date = PDFMetadata.iso8601(effectiveDate)
    set(CAIRO_PDF_METADATA_CREATE_DATE, date)
    set(CAIRO_PDF_METADATA_MOD_DATE, date)
  }
}
