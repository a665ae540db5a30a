import DataModel
import Foundation

/// What a config's `layout.report` changes in the built-in report layout.
public struct ReportCustomization: Sendable {
  /// The title instead of the report's own, per language.
  public var title: LocalizedText?
  /// The subtitle instead of the report's own, per language.
  public var subtitle: LocalizedText?
  /// The footer text with `{placeholders}`, instead of "Page N of M" alone.
  public var footer: LocalizedText?
  /// Where the brand's logo sits above the title (`none`, the default: no logo).
  public var logoPosition: LogoPosition = .none
  /// Labels per language over the shipped ones (the config's `layout.labels`).
  public var labels = CustomLabels()

  /// The placeholders a report footer may use.
  public static let placeholders = ["report.title", "report.author", "report.date", "page", "pages"]

  public init() {}

  /// `report` with the title and subtitle in its language; a section named like the report (a
  /// CSV's one table) keeps being the report's own, renamed with it.
  public func applied(to report: Report, defaultLocale: String) -> Report {
    let tag = report.locale ?? defaultLocale
    var report = report
    if let title {
      let renamed = title.text(for: tag, defaultLocale: defaultLocale)
      for index in report.sections.indices where report.sections[index].heading == report.title {
        report.sections[index].heading = renamed
      }
      report.title = renamed
    }
    if let subtitle { report.subtitle = subtitle.text(for: tag, defaultLocale: defaultLocale) }
    return report
  }

  /// `text` with the report placeholders filled.
  public func fill(_ text: String, report: Report, page: Int, pages: Int, digits: DocumentFormatter) -> String
  {
    var result = text
    let values: [String: String] = [
      "report.title": report.title, "report.author": report.author ?? "", "report.date": report.date ?? "",
      "page": digits.integer(page), "pages": digits.integer(pages),
    ]
    for (name, value) in values { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
    return result
  }
}
