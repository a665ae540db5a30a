import Foundation

/// Shapes paragraphs of styled text into lines; PageRendering implements it with Pango, tests with a fixed-width font.
///
/// Contract: `shape` wraps at `width` (or not at all when `nil`), honours the paragraph's line
/// limit, alignment and spacing, and returns a result whose `size` is the logical size of the
/// lines. The result is what gets drawn: renderers never shape the same paragraph again.
public protocol TextShaper: AnyObject {
  /// The paragraph shaped into lines no wider than `width`, or unwrapped when `width` is `nil`.
  func shape(_ paragraph: Paragraph, width: CGFloat?) -> any ShapedText
}

/// Text shaped into lines, ready to be measured and drawn.
public protocol ShapedText: AnyObject {
  /// The logical size of all lines together.
  var size: CGSize { get }
  /// The lines, top to bottom, with positions relative to the top of the text.
  var lines: [TextLine] { get }
  /// How many characters no available font could show (drawn as boxes).
  var unknownGlyphCount: Int { get }
  /// The ISO 15924 scripts of those characters ("Thai", "Deva").
  var unknownGlyphScripts: [String] { get }
}

extension ShapedText {
  public var unknownGlyphCount: Int { 0 }
  public var unknownGlyphScripts: [String] { [] }
}

/// One shaped line: where it starts, how tall it is, and where its baseline is.
public struct TextLine: Hashable, Sendable {
  /// The top of the line, from the top of the text.
  public var top: CGFloat
  /// The height of the line, line spacing included.
  public var height: CGFloat
  /// The baseline, from the top of the text.
  public var baseline: CGFloat

  public init(top: CGFloat, height: CGFloat, baseline: CGFloat) {
    self.top = top
    self.height = height
    self.baseline = baseline
  }
}

/// A paragraph to shape: styled runs and the settings that apply to all of them.
public struct Paragraph: Hashable, Sendable {
  public var runs: [StyledRun]
  public var alignment: TextAlignment
  public var lineLimit: Int?
  public var truncationMode: Text.TruncationMode
  public var lineSpacing: CGFloat
  public var layoutDirection: LayoutDirection
  /// The BCP 47 language of the text, from the environment's locale ("de-DE", "zh-Hans").
  public var language: String

  public init(
    runs: [StyledRun], alignment: TextAlignment = .leading, lineLimit: Int? = nil,
    truncationMode: Text.TruncationMode = .tail, lineSpacing: CGFloat = 0,
    layoutDirection: LayoutDirection = .leftToRight, language: String = "en"
  ) {
    self.runs = runs
    self.alignment = alignment
    self.lineLimit = lineLimit
    self.truncationMode = truncationMode
    self.lineSpacing = lineSpacing
    self.layoutDirection = layoutDirection
    self.language = language
  }

  /// The text of all runs.
  public var string: String { runs.map(\.text).joined() }
}

/// A run of text with one style.
public struct StyledRun: Hashable, Sendable {
  public var text: String
  public var font: Font
  /// The run's own colour, or `nil` for the colour of the drawing.
  public var color: RGBAColor?
  public var underline: Bool
  public var strikethrough: Bool

  public init(
    text: String, font: Font, color: RGBAColor? = nil, underline: Bool = false, strikethrough: Bool = false
  ) {
    self.text = text
    self.font = font
    self.color = color
    self.underline = underline
    self.strikethrough = strikethrough
  }
}
