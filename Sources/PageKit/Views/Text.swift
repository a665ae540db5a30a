import Foundation

/// A paragraph of text made of styled runs; `+` joins texts, each keeping its style.
///
/// Text is never parsed as markup: `<b>` in data prints as `<b>`. It wraps at the width it is
/// offered and is shaped once per width: the shaped result measured is the one drawn.
public struct Text: View, SingleNodeView, Sendable {
  /// A piece of the text with the style set on it.
  struct Run: Hashable, Sendable {
    var string: String
    var font: Font?
    var weight: Font.Weight?
    var italic: Bool?
    var monospacedDigit = false
    var color: Color?
    var underline = false
    var strikethrough = false
  }

  var runs: [Run]

  /// Text shown as it is.
  public init(_ content: some StringProtocol) {
    runs = [Run(string: String(content))]
  }

  /// Text shown as it is.
  public init(verbatim content: String) {
    runs = [Run(string: content)]
  }

  /// Where text that does not fit in its lines is cut and an ellipsis shown.
  public enum TruncationMode: Hashable, Sendable {
    case head, middle, tail
  }

  /// The texts one after the other, each with its own style.
  public static func + (lhs: Text, rhs: Text) -> Text {
    var joined = lhs
    joined.runs += rhs.runs
    return joined
  }

  private func withRuns(_ change: (inout Run) -> Void) -> Text {
    var copy = self
    for index in copy.runs.indices { change(&copy.runs[index]) }
    return copy
  }

  /// This text in `font`.
  public func font(_ font: Font?) -> Text { withRuns { $0.font = font } }
  /// This text in bold.
  public func bold(_ isActive: Bool = true) -> Text { withRuns { $0.weight = isActive ? .bold : nil } }
  /// This text slanted.
  public func italic(_ isActive: Bool = true) -> Text { withRuns { $0.italic = isActive } }
  /// This text with another weight.
  public func fontWeight(_ weight: Font.Weight?) -> Text { withRuns { $0.weight = weight } }
  /// This text with digits of equal width.
  public func monospacedDigit() -> Text { withRuns { $0.monospacedDigit = true } }
  /// This text in `color`.
  public func foregroundColor(_ color: Color?) -> Text { withRuns { $0.color = color } }
  /// This text in `color`.
  public func foregroundStyle(_ color: Color) -> Text { withRuns { $0.color = color } }
  /// This text underlined.
  public func underline(_ isActive: Bool = true) -> Text { withRuns { $0.underline = isActive } }
  /// This text struck through.
  public func strikethrough(_ isActive: Bool = true) -> Text { withRuns { $0.strikethrough = isActive } }

  /// The characters of the text, without style.
  public var string: String { runs.map(\.string).joined() }

  /// The paragraph to shape for this text in `environment`.
  public func paragraph(in environment: EnvironmentValues) -> Paragraph {
    let scheme = environment.colorScheme
    let styled = runs.map { run -> StyledRun in
      var font = run.font ?? environment.font
      if let weight = run.weight { font.weight = weight }
      if let italic = run.italic { font.isItalic = italic }
      if run.monospacedDigit { font.hasMonospacedDigits = true }
      return StyledRun(
        text: run.string, font: font, color: run.color?.resolve(in: scheme), underline: run.underline,
        strikethrough: run.strikethrough)
    }
    return Paragraph(
      runs: styled, alignment: environment.multilineTextAlignment, lineLimit: environment.lineLimit,
      truncationMode: environment.truncationMode, lineSpacing: environment.lineSpacing,
      layoutDirection: environment.layoutDirection, language: environment.languageTag)
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    let color: RGBAColor
    if case .color(let resolved) = (environment.foregroundStyle ?? AnyShapeStyle(Color.primary))
      .resolve(in: .zero, environment: environment)
    {
      color = resolved
    } else {
      color = Color.primary.resolve(in: environment.colorScheme)
    }
    return TextNode(paragraph: paragraph(in: environment), color: color)
  }
}

extension Locale {
  /// The BCP 47 tag of this locale's language and script ("de", "zh-Hans", "sr-Latn").
  public var languageTag: String {
    let code = language.languageCode?.identifier ?? "en"
    if let script = language.script?.identifier { return code + "-" + script }
    return code
  }
}

/// The node of a `Text`: it shapes the paragraph for each width it is offered, once, and keeps the results.
package final class TextNode: LayoutNode {
  /// The paragraph this node shapes.
  public let paragraph: Paragraph
  let color: RGBAColor
  private var ideal: (any ShapedText)?
  private var shapes: [(width: CGFloat, shaped: any ShapedText)] = []

  init(paragraph: Paragraph, color: RGBAColor) {
    self.paragraph = paragraph
    self.color = color
  }

  /// The name of the node's frames in dumps: `Text "first 24 characters"`.
  var frameName: String { "Text \"\(paragraph.string.prefix(24))\"" }

  /// The text shaped for a proposed width: unwrapped for `nil` or infinity, else wrapped at the width.
  public func shaped(width: CGFloat?, context: LayoutContext) -> any ShapedText {
    guard let width, width.isFinite else { return idealShape(context) }
    if let ideal, width >= ideal.size.width { return ideal }
    // Wrapping at any width from the shaped width up to the width it was shaped for gives the same lines.
    if let cached = shapes.first(where: {
      $0.shaped.size.width <= width + LayoutTolerance.points && width <= $0.width
    }) {
      return cached.shaped
    }
    let shaped = context.textShaper.shape(paragraph, width: max(width, 0))
    // One unbroken line of leading-aligned text is exactly the unwrapped shape: keep it as the ideal too.
    if ideal == nil, paragraph.alignment == .leading, paragraph.lineLimit == nil, shaped.lines.count == 1,
      !paragraph.string.contains(where: \.isNewline)
    {
      ideal = shaped
      return shaped
    }
    if shapes.count >= 4 { shapes.removeFirst() }
    shapes.append((width, shaped))
    return shaped
  }

  private func idealShape(_ context: LayoutContext) -> any ShapedText {
    if let ideal { return ideal }
    let shaped = context.textShaper.shape(paragraph, width: nil)
    ideal = shaped
    return shaped
  }

  public func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    if proposal.width == 0 { return CGSize(width: 0, height: idealShape(context).lines.first?.height ?? 0) }
    let shaped = shaped(width: proposal.width, context: context)
    return CGSize(width: min(shaped.size.width, proposal.width ?? .infinity), height: shaped.size.height)
  }

  public func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let shaped = shaped(width: rect.width, context: context)
    context.warnOfMissingGlyphs(in: shaped, text: paragraph.string)
    return Frame(
      name: frameName, rect: rect,
      content: .text(TextDrawing(shaped: shaped, lines: 0..<shaped.lines.count, color: color)))
  }
}
