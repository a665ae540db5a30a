import CCairo
import CFonts
import Foundation
import PageKit

/// Shapes text with Pango: fonts through fontconfig, wrapping, alignment, ellipsis and styled runs.
///
/// A shaper owns its Pango font map and context, so it must stay on the thread that made it; each
/// render worker makes its own (`RenderResources.forCurrentThread`). Text is never read as markup.
public final class PangoTextShaper: TextShaper {
  let fontMap: UnsafeMutablePointer<PangoFontMap>
  let context: OpaquePointer
  private var descriptions: [Font: OpaquePointer] = [:]
  private var languages: [String: OpaquePointer] = [:]
  /// The paragraphs shaped lately: the same label on the next invoice is not shaped again.
  private var shaped = ShapedTextCache()

  /// A shaper using `fonts`, or fontconfig's default configuration when `nil`.
  public init(fonts: FontConfiguration? = nil) {
    fontMap = ig_font_map_new()
    if let fonts {
      pango_fc_font_map_set_config(ig_pango_fc_font_map(fontMap), fonts.config)
    }
    context = pango_font_map_create_context(fontMap)
    // Layout in unhinted points, so a page measures the same in PDF, SVG and PNG at any scale.
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    pango_context_set_round_glyph_positions(context, 0)
  }

  deinit {
    for description in descriptions.values { pango_font_description_free(description) }
    ig_object_unref(UnsafeMutableRawPointer(context))
    ig_object_unref(fontMap)
  }

  /// The Pango description of `font`, made once.
  func description(for font: Font) -> OpaquePointer {
    if let cached = descriptions[font] { return cached }
    let description = pango_font_description_new()!
    pango_font_description_set_family(description, familyList(font.family))
    pango_font_description_set_absolute_size(description, Double(font.size) * Double(ig_pango_scale()))
    pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.rawValue)))
    pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    descriptions[font] = description
    return description
  }

  /// The families this shaper's fonts have, read once.
  private lazy var installedFamilies: Set<String> = {
    var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
    var count: Int32 = 0
    pango_font_map_list_families(fontMap, &families, &count)
    defer { g_free(families) }
    var names = Set<String>()
    for index in 0..<Int(count) {
      if let family = families?[index], let name = pango_font_family_get_name(family) {
        names.insert(String(cString: name))
      }
    }
    return names
  }()

  /// `family` followed by its own Arabic and Hebrew companions when installed ("Noto Sans,Noto Sans Arabic,…").
  ///
  /// Fontconfig's fallback for a script the family lacks prefers whatever font it ranks first
  /// (DejaVu Sans for Arabic and Hebrew), so right-to-left text would not match the page; naming
  /// the family's companions first keeps one design throughout.
  private func familyList(_ family: String) -> String {
    let companions = ["Arabic", "Hebrew"].map { "\(family) \($0)" }.filter(installedFamilies.contains)
    return ([family] + companions).joined(separator: ",")
  }

  private func language(_ tag: String) -> OpaquePointer? {
    if let cached = languages[tag] { return cached }
    let language = pango_language_from_string(tag)
    languages[tag] = language
    return language
  }

  public func shape(_ paragraph: Paragraph, width: CGFloat?) -> any ShapedText {
    let key = ShapedTextCache.Key(paragraph: paragraph, width: width)
    if let known = shaped.text(for: key) { return known }
    let text = layOut(paragraph, width: width)
    shaped.insert(text, for: key)
    return text
  }

  /// `paragraph` laid out by Pango, wrapped to `width` when one is given.
  private func layOut(_ paragraph: Paragraph, width: CGFloat?) -> PangoShapedText {
    var paragraph = paragraph
    for (index, run) in paragraph.runs.enumerated() {
      let clean = RenderableText.clean(run.text)
      if clean.utf8.count != run.text.utf8.count || clean != run.text { paragraph.runs[index].text = clean }
    }
    let layout = pango_layout_new(context)!
    let string = paragraph.string
    string.withCString { pango_layout_set_text(layout, $0, -1) }
    configure(layout, for: paragraph, wrapped: width != nil)
    if let width, width.isFinite { wrap(layout, to: width, text: string, paragraph) }
    // Every line on one side, whatever its own direction: Pango swaps left and right for a paragraph
    // whose direction differs from the layout's (an e-mail line in an Arabic address block).
    let side: PangoShapedText.Side? =
      switch paragraph.alignment {
      case .center: nil
      case .leading, .justified: leading(paragraph) ? .left : .right
      case .trailing: leading(paragraph) ? .right : .left
      }
    return PangoShapedText(layout: layout, side: side)
  }

  /// Sets everything on `layout` but its width: fonts, attributes, wrapping, alignment, line limit and spacing.
  private func configure(_ layout: OpaquePointer, for paragraph: Paragraph, wrapped: Bool) {
    let first = paragraph.runs.first?.font ?? .body
    pango_layout_set_font_description(layout, description(for: first))
    let attributes = attributes(for: paragraph)
    pango_layout_set_attributes(layout, attributes)
    pango_attr_list_unref(attributes)  // the layout holds its own reference
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    switch paragraph.alignment {
    case .leading:
      pango_layout_set_alignment(layout, leading(paragraph) ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
    case .trailing:
      pango_layout_set_alignment(layout, leading(paragraph) ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
    case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    case .justified:
      pango_layout_set_alignment(layout, leading(paragraph) ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
      pango_layout_set_justify(layout, 1)
    }
    if let limit = paragraph.lineLimit, limit > 0, wrapped {
      pango_layout_set_height(layout, -Int32(limit))
      switch paragraph.truncationMode {
      case .head: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
      case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
      case .tail: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
      }
    }
    if paragraph.lineSpacing != 0 {
      pango_layout_set_spacing(layout, Int32(paragraph.lineSpacing * CGFloat(ig_pango_scale())))
    }
  }

  /// Gives `layout` the width `width`, unless its lines already fit that width unwrapped.
  ///
  /// Pango 1.50 shapes every item of a layout that has a width twice, even when nothing wraps
  /// (once to measure it, once more to place it), and shaping is most of the cost of a table
  /// cell. A paragraph that is likely to fit (`fitsLikely`) is therefore measured unwrapped
  /// first. When its widest line fits, a width would change nothing: the same lines break at the
  /// same places, no line is ellipsized, and unwrapped lines are not justified. Alignment moves
  /// every line by one amount, which `PangoShapedText.offsetX` takes out. So that layout is
  /// kept. Otherwise the width is set, and Pango lays the paragraph out again with wrapping.
  private func wrap(_ layout: OpaquePointer, to width: CGFloat, text: String, _ paragraph: Paragraph) {
    let units = Int32((width * CGFloat(ig_pango_scale())).rounded(.down))
    if fitsLikely(text, paragraph, width: width) {
      var logical = PangoRectangle()
      pango_layout_get_extents(layout, nil, &logical)
      if logical.width <= units { return }
    }
    pango_layout_set_width(layout, units)
  }

  /// Whether `text` probably fits `width` on its lines: the guess that decides whether to try it unwrapped first.
  ///
  /// The estimate is 0.45 em for each UTF-8 byte, at the largest font size in the paragraph. That
  /// is below most Latin letters' width and above most CJK characters' width (three bytes, one em).
  /// A wrong guess costs time, never the result: `wrap` checks the measured width. Tabs and soft
  /// hyphens are never tried unwrapped, because Pango's breaking treats them specially when a
  /// width is set.
  private func fitsLikely(_ text: String, _ paragraph: Paragraph, width: CGFloat) -> Bool {
    let size = paragraph.runs.lazy.map(\.font.size).max() ?? 0
    guard CGFloat(text.utf8.count) * 0.45 * size <= width else { return false }
    return !text.utf8.contains(0x09) && !text.contains("\u{AD}")
  }

  /// Pango aligns LEFT/RIGHT relative to the paragraph's own direction; this says whether leading is left.
  private func leading(_ paragraph: Paragraph) -> Bool {
    paragraph.layoutDirection == .leftToRight
  }

  /// The attribute list for the paragraph's language and for every run that differs from the first run's font.
  private func attributes(for paragraph: Paragraph) -> OpaquePointer {
    let list = pango_attr_list_new()!
    insert(pango_attr_language_new(language(paragraph.language)), into: list, from: 0, to: UInt32.max)
    let base = paragraph.runs.first?.font
    var start: UInt32 = 0
    for run in paragraph.runs {
      let end = start + UInt32(run.text.utf8.count)
      defer { start = end }
      guard end > start else { continue }
      if run.font != base {
        insert(pango_attr_font_desc_new(description(for: run.font)), into: list, from: start, to: end)
      }
      if run.font.hasMonospacedDigits {
        insert(pango_attr_font_features_new("tnum=1"), into: list, from: start, to: end)
      }
      if let color = run.color {
        func channel(_ value: Double) -> UInt16 { UInt16(max(0, min(1, value)) * 65535) }
        insert(
          pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)),
          into: list,
          from: start, to: end)
        if color.alpha < 1 {
          insert(pango_attr_foreground_alpha_new(channel(color.alpha)), into: list, from: start, to: end)
        }
      }
      if run.underline { insert(ig_attr_underline_single(), into: list, from: start, to: end) }
      if run.strikethrough { insert(pango_attr_strikethrough_new(1), into: list, from: start, to: end) }
    }
    return list
  }

  private func insert(
    _ attribute: UnsafeMutablePointer<PangoAttribute>?, into list: OpaquePointer, from: UInt32, to: UInt32
  ) {
    guard let attribute else { return }
    attribute.pointee.start_index = from
    attribute.pointee.end_index = to
    pango_attr_list_insert(list, attribute)
  }
}
