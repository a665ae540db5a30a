import Foundation

/// A key for a custom value in `EnvironmentValues`, with the value used when none is set.
public protocol EnvironmentKey {
  associatedtype Value: Sendable
  static var defaultValue: Value { get }
}

/// The values a view inherits from its ancestors: font, colours, locale, direction and text settings.
///
/// Set them with `.environment(\.key, value)` or the dedicated modifiers (`font`, `foregroundStyle`…);
/// read them in a view's body with `@Environment(\.key)`.
public struct EnvironmentValues: Sendable {
  /// The font of text that does not set its own.
  public var font: Font = .body
  /// The style of text and of shapes that are not filled with their own style; `nil` is `Color.primary`.
  public var foregroundStyle: AnyShapeStyle? = nil
  /// The locale for formatting and for the language text is shaped in.
  public var locale: Locale = Locale(identifier: "en") {
    didSet { languageTag = locale.languageTag }
  }
  /// The BCP 47 language of `locale`, worked out once when the locale is set (ICU makes it costly).
  public private(set) var languageTag = "en"
  /// The direction content reads in; right to left mirrors stacks and leading/trailing alignments.
  public var layoutDirection: LayoutDirection = .leftToRight
  /// Light or dark: semantic colours resolve through it.
  public var colorScheme: ColorScheme = .light
  /// The most lines a text may take, or `nil` for no limit.
  public var lineLimit: Int? = nil
  /// Where text that does not fit is cut.
  public var truncationMode: Text.TruncationMode = .tail
  /// How the lines of a multi-line text align.
  public var multilineTextAlignment: TextAlignment = .leading
  /// Extra space between lines of text, in points.
  public var lineSpacing: CGFloat = 0
  /// The axis of the nearest enclosing stack, which orients a `Divider`.
  var stackAxis: Axis? = nil
  /// Set by `accessibilityTable(headers:)` for the grid it modifies; grids read and clear it.
  var gridTableHeaders: AccessibilityTableHeaders? = nil
  private var custom: [ObjectIdentifier: any Sendable] = [:]

  public init() {}

  /// The custom value for `key`, or its default.
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { custom[ObjectIdentifier(key)] = newValue }
  }

  /// The environment of the view whose body is being evaluated.
  @TaskLocal static var current = EnvironmentValues()
}

/// Light or dark appearance.
public enum ColorScheme: Hashable, Sendable {
  case light
  case dark
}

/// How the lines of a multi-line text align.
public enum TextAlignment: Hashable, Sendable {
  case leading
  case center
  case trailing
  /// Lines stretched to both edges, except the last.
  case justified
}

/// Reads a value of the environment inside a view's body, as SwiftUI's `@Environment`.
@propertyWrapper
public struct Environment<Value> {
  let keyPath: KeyPath<EnvironmentValues, Value>

  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    self.keyPath = keyPath
  }

  /// The value in the environment of the view whose body is being evaluated.
  public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}
