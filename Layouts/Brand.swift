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
  public var paper: PageSize

  public init(
    accentColor: Color = Color(hex: "#0F4C81")!, logo: String? = nil, fontFamily: String = "Noto Sans",
    fontFolders: [String] = [], paper: PageSize = .a4
  ) {
    self.accentColor = accentColor
    self.logo = logo
    self.fontFamily = fontFamily
    self.fontFolders = fontFolders
    self.paper = paper
  }

  /// The body font at `size` points.
  func font(_ size: CGFloat, weight: Font.Weight = .regular) -> Font {
    Font(family: fontFamily, size: size, weight: weight)
  }
}
