import Foundation

/// A colour with red, green, blue and alpha components from 0 to 1, in sRGB.
public struct RGBAColor: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// This colour with its alpha multiplied by `opacity`.
  public func multiplyingAlpha(_ opacity: Double) -> RGBAColor {
    RGBAColor(red: red, green: green, blue: blue, alpha: alpha * opacity)
  }
}

/// A colour that fills the space it is offered, or styles text and shapes; semantic colours follow the colour scheme.
public struct Color: View, SingleNodeView, ShapeStyle, Hashable, Sendable {
  enum Storage: Hashable, Sendable {
    case rgba(RGBAColor)
    case primary, secondary, background, accent
  }

  let storage: Storage

  init(storage: Storage) {
    self.storage = storage
  }

  /// A colour from sRGB components between 0 and 1.
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    storage = .rgba(RGBAColor(red: red, green: green, blue: blue, alpha: opacity))
  }

  /// A grey from 0 (black) to 1 (white).
  public init(white: Double, opacity: Double = 1) {
    self.init(red: white, green: white, blue: white, opacity: opacity)
  }

  /// A colour from `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional), or `nil` if `hex` is not one.
  public init?(hex: String) {
    var digits = Substring(hex.trimmingCharacters(in: .whitespaces))
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    if digits.count == 3 { digits = Substring(digits.map { "\($0)\($0)" }.joined()) }
    guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return nil }
    let hasAlpha = digits.count == 8
    let rgb = hasAlpha ? value >> 8 : value
    self.init(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255, opacity: hasAlpha ? Double(value & 0xFF) / 255 : 1)
  }

  /// This colour with its opacity multiplied by `opacity`.
  public func opacity(_ opacity: Double) -> Color {
    Color(storage: .rgba(resolve(in: .light).multiplyingAlpha(opacity)))
  }

  /// The components of this colour in `scheme`.
  public func resolve(in scheme: ColorScheme) -> RGBAColor {
    let dark = scheme == .dark
    switch storage {
    case .rgba(let color): return color
    case .primary: return dark ? RGBAColor(red: 1, green: 1, blue: 1) : RGBAColor(red: 0, green: 0, blue: 0)
    case .secondary:
      return dark
        ? RGBAColor(red: 0.92, green: 0.92, blue: 0.96, alpha: 0.6)
        : RGBAColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.6)
    case .background:
      return dark ? RGBAColor(red: 0, green: 0, blue: 0) : RGBAColor(red: 1, green: 1, blue: 1)
    case .accent:
      return dark
        ? RGBAColor(red: 0.04, green: 0.52, blue: 1) : RGBAColor(red: 0, green: 0.48, blue: 1)
    }
  }

  public func resolve(in rect: CGRect, environment: EnvironmentValues) -> Paint {
    .color(resolve(in: environment.colorScheme))
  }

  public static let black = Color(white: 0)
  public static let white = Color(white: 1)
  public static let gray = Color(red: 0.56, green: 0.56, blue: 0.58)
  public static let red = Color(red: 1, green: 0.23, blue: 0.19)
  public static let orange = Color(red: 1, green: 0.58, blue: 0)
  public static let yellow = Color(red: 1, green: 0.8, blue: 0)
  public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
  public static let mint = Color(red: 0, green: 0.78, blue: 0.75)
  public static let teal = Color(red: 0.19, green: 0.69, blue: 0.78)
  public static let cyan = Color(red: 0.2, green: 0.68, blue: 0.9)
  public static let blue = Color(red: 0, green: 0.48, blue: 1)
  public static let indigo = Color(red: 0.35, green: 0.34, blue: 0.84)
  public static let purple = Color(red: 0.69, green: 0.32, blue: 0.87)
  public static let pink = Color(red: 1, green: 0.18, blue: 0.33)
  public static let brown = Color(red: 0.64, green: 0.52, blue: 0.37)
  public static let clear = Color(white: 0, opacity: 0)
  /// Black in light mode, white in dark mode.
  public static let primary = Color(storage: .primary)
  /// A softer grey for secondary text.
  public static let secondary = Color(storage: .secondary)
  /// White in light mode, black in dark mode.
  public static let background = Color(storage: .background)
  /// The accent colour.
  public static let accentColor = Color(storage: .accent)

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    ShapeNode(
      name: "Color", path: { Path($0) }, fill: AnyShapeStyle(self), stroke: nil, environment: environment)
  }
}
