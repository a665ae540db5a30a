import Foundation

/// A font: family, size in points, weight, slant and digit style, with SwiftUI's text styles sized for print.
public struct Font: Hashable, Sendable {
  /// A fontconfig family name ("DejaVu Sans") or a generic one ("sans-serif", "serif", "monospace").
  public var family: String
  /// The size in points.
  public var size: CGFloat
  public var weight: Weight
  public var isItalic: Bool
  /// Digits of equal width, so columns of numbers line up.
  public var hasMonospacedDigits: Bool

  public init(
    family: String = Font.defaultFamily, size: CGFloat, weight: Weight = .regular, italic: Bool = false,
    monospacedDigits: Bool = false
  ) {
    self.family = family
    self.size = size
    self.weight = weight
    self.isItalic = italic
    self.hasMonospacedDigits = monospacedDigits
  }

  /// The family of the text styles and of `system(size:)`.
  public static let defaultFamily = "sans-serif"

  /// A font's thickness, with the CSS/OpenType numeric weights.
  public enum Weight: Int, Hashable, Sendable, Comparable {
    case ultraLight = 100
    case thin = 200
    case light = 300
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700
    case heavy = 800
    case black = 900

    public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The kind of family a system font uses.
  public enum Design: Hashable, Sendable {
    case `default`, serif, monospaced, rounded

    var family: String {
      switch self {
      case .default, .rounded: return "sans-serif"
      case .serif: return "serif"
      case .monospaced: return "monospace"
      }
    }
  }

  /// The default family at `size` points.
  public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
    Font(family: design.family, size: size, weight: weight)
  }

  /// A named family at `size` points.
  public static func custom(_ family: String, size: CGFloat) -> Font {
    Font(family: family, size: size)
  }

  public static let largeTitle = Font(size: 26)
  public static let title = Font(size: 20)
  public static let title2 = Font(size: 16)
  public static let title3 = Font(size: 14)
  public static let headline = Font(size: 11, weight: .semibold)
  public static let body = Font(size: 11)
  public static let callout = Font(size: 10)
  public static let subheadline = Font(size: 10)
  public static let footnote = Font(size: 9)
  public static let caption = Font(size: 8)
  public static let caption2 = Font(size: 7)

  /// This font in bold.
  public func bold() -> Font { weight(.bold) }

  /// This font slanted.
  public func italic() -> Font {
    var copy = self
    copy.isItalic = true
    return copy
  }

  /// This font with another weight.
  public func weight(_ weight: Weight) -> Font {
    var copy = self
    copy.weight = weight
    return copy
  }

  /// This font with digits of equal width.
  public func monospacedDigit() -> Font {
    var copy = self
    copy.hasMonospacedDigits = true
    return copy
  }

  /// This font at another size.
  public func size(_ size: CGFloat) -> Font {
    var copy = self
    copy.size = size
    return copy
  }
}
