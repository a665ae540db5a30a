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
    if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(epoch)
    {
      return Date(timeIntervalSince1970: seconds)
    }
    return Date()
  }

  /// `date` as ISO 8601 in UTC, `2026-03-01T12:00:00Z`, made by hand (a formatter costs more than a page).
  static func iso8601(_ date: Date) -> String {
    var seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = Int((Double(seconds) / 86_400).rounded(.down))
    seconds -= days * 86_400
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(year)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds % 3600 / 60)):\(two(seconds % 60))Z"
  }

  /// Writes the fields into a cairo PDF surface.
  func apply(to surface: OpaquePointer) {
    func set(_ key: cairo_pdf_metadata_t, _ value: String?) {
      if let value, !value.isEmpty { cairo_pdf_surface_set_metadata(surface, key, value) }
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
