import Foundation
import PageKit

/// How documents look for a company: accent colour, logo, font family and paper, usually from the config.
public struct Brand: Sendable {
  /// The colour of titles, table headers and rules.
  public var accentColor: Color
  /// A PNG, JPEG or SVG logo file, drawn at the top of the first page.
  public var logo: String?
  /// The font family of all text; fontconfig falls back per script for characters it lacks.
  public var fontFamily: String
  /// Folders of font files registered before rendering, so output does not depend on the machine.
  public var fontFolders: [String]
  /// The paper of every document, or `nil` (`"auto"`) for the paper of each document's country.
  public var paper: PageSize?

  public init(
    accentColor: Color = Color(hex: "#0F4C81")!, logo: String? = nil, fontFamily: String = "Noto Sans",
    fontFolders: [String] = [], paper: PageSize? = nil
  ) {
    self.accentColor = accentColor
    self.logo = logo
    self.fontFamily = fontFamily
    self.fontFolders = fontFolders
    self.paper = paper
  }

  /// The countries whose offices use US Letter, as CLDR's `paperSize` data lists them; A4 everywhere else.
  public static let letterCountries: Set<String> = [
    "US", "CA", "MX", "PH", "CL", "CO", "VE", "PR", "BZ", "CR", "GT", "NI", "PA", "SV",
  ]

  /// The paper of a document in `locale` for a customer in `country`: the config's paper, else Letter
  /// where the locale's region (or, for a locale without one, the customer's country) uses it, else A4.
  public func paper(locale: Locale, country: String? = nil) -> PageSize {
    if let paper { return paper }
    let region = locale.language.region?.identifier ?? country
    return region.map { Brand.letterCountries.contains($0.uppercased()) } == true ? .letter : .a4
  }

  /// The body font at `size` points.
  public func font(_ size: CGFloat, weight: Font.Weight = .regular) -> Font {
    Font(family: fontFamily, size: size, weight: weight)
  }
}
