import CCairo
import CFonts
import Foundation
import PageKit

/// A run with marks or ligatures, drawn into a PDF glyph by glyph so that every glyph carries its own characters.
///
/// Cairo maps a glyph to its cluster's text when it can; a cluster of several glyphs (Thai SARA AM
/// is NIKHAHIT and SARA AA), or a ligature the font's cmap gives a character of its own (`fi` is
/// U+FB01, Arabic LAM with ALEF U+FEFB), it wraps in `/Span << /ActualText … >> BDC … EMC`.
/// Extractors that follow the page content and the glyphs' ToUnicode maps (poppler's structure
/// text, `pdfinfo -struct-text`) stop at that nested span's end, and print U+FFFD for glyphs seen
/// only inside one. This run gives each glyph one character of the text, in the text's order. A
/// glyph that stands for another character than its own (SARA AA for SARA AM), a mark moved up or
/// down or stacked on another, and the letters of a right-to-left ligature are shown as outlines or
/// as the ligature, with their characters' glyphs invisible (text rendering mode 3) on the
/// baseline; a stacked pair's characters share one invisible glyph, a spare zero-width glyph of the
/// font (a glyph that must stand for two texts is drawn from a second face, `PDFGlyphMapping`). A
/// left-to-right ligature is drawn as its letters. Runs whose glyphs are reordered (Devanagari's
/// I matra before its consonant) or decorated are not planned: they keep one ActualText span, which
/// `pdftotext` reads exactly.
struct PDFGlyphRun {
  /// One glyph drawn as text.
  struct Emission {
    var glyph: UInt32
    /// The glyph's origin from the left end of the run's baseline, in Pango units (y down).
    var x: Int32
    var y: Int32
    /// The characters it stands for.
    var text: String
    /// Its advance in Pango units.
    var width: Int32 = 0
    /// Where its advance starts (its origin before Pango's x offset), in Pango units.
    var pen: Int32 = 0
    /// Whether it is drawn invisibly on the baseline, its outline drawn where it shows.
    var hidden = false
    /// Whether a hidden glyph is narrowed or widened to `width` (a ligature's letter).
    var fits = false
    /// Whether it stands for a stacked pair of marks, its glyph a spare one chosen when drawn.
    var pair = false
  }

  let font: UnsafeMutablePointer<PangoFont>
  /// The glyphs with their text, in the text's order.
  let emissions: [Emission]
  /// The font's cmap, and its spare glyphs for stacked pairs.
  let cmap: NominalGlyphs
  /// Glyphs drawn as outlines, carrying no text (their `text` is empty).
  let outlines: [Emission]
  /// The run's own foreground colour (0…1), when its text sets one.
  let color: RGBAColor?
  /// Whether the run becomes one cluster when Pango draws it instead (a run with marks, for `pdftotext`).
  var oneClusterForPango = false

  /// The plan for `run` of `text` (the layout's text), or nil when it is drawn as Pango draws it.
  init?(_ run: UnsafeMutablePointer<PangoGlyphItem>, text: UnsafePointer<CChar>) {
    guard let item = run.pointee.item, let glyphs = run.pointee.glyphs, let font = item.pointee.analysis.font,
      let hbFont = pango_font_get_hb_font(font), let clusters = glyphs.pointee.log_clusters,
      let info = glyphs.pointee.glyphs, let color = PDFGlyphRun.color(of: item)
    else { return nil }
    guard !PDFGlyphRun.reorderingScripts.contains(PangoScript(Int32(item.pointee.analysis.script))) else {
      return nil
    }
    let rightToLeft = item.pointee.analysis.level % 2 == 1
    let count = Int(glyphs.pointee.num_glyphs)
    let bytes = UnsafeRawPointer(text + Int(item.pointee.offset)).assumingMemoryBound(to: UInt8.self)
    let length = Int(item.pointee.length)
    let cmap = NominalGlyphs.of(hbFont)
    var planner = Planner(
      cmap: cmap, hbFont: hbFont, rightToLeft: rightToLeft, pens: PDFGlyphRun.pens(info, count: count))
    let ranges = PDFGlyphRun.clusterRanges(clusters, count: count, rightToLeft: rightToLeft)
    for (number, range) in ranges.enumerated() {
      let from = Int(clusters[range.lowerBound])
      let to = number + 1 < ranges.count ? Int(clusters[ranges[number + 1].lowerBound]) : length
      guard from < to, !rightToLeft || range.count == 1 else { return nil }
      var characters = Array(
        String(decoding: UnsafeBufferPointer(start: bytes + from, count: to - from), as: UTF8.self)
          .unicodeScalars)
      for index in range {
        guard info[index].glyph & 0xF000_0000 == 0 else { return nil }  // empty or unknown: Pango draws it
        guard
          planner.plan(
            info[index], at: index, isLast: index == range.upperBound - 1, clusterSize: range.count,
            characters: &characters)
        else { return nil }
      }
      guard characters.isEmpty else { return nil }
    }
    var emissions = planner.emissions
    var outlines = planner.outlines
    if !rightToLeft {
      PDFGlyphRun.hideMisplacedMarks(&emissions, outlines: &outlines, font: font, cmap: cmap)
    }
    self.font = font
    self.cmap = cmap
    self.emissions = emissions
    self.outlines = outlines
    self.color = color.red.isNaN ? nil : color
  }

  /// The one character `characters` compose to (e and U+0301 to é), or nil.
  static func composed(_ characters: [Unicode.Scalar]) -> Unicode.Scalar? {
    var text = ""
    text.unicodeScalars.append(contentsOf: characters)
    let scalars = text.precomposedStringWithCanonicalMapping.unicodeScalars
    return scalars.count == 1 ? scalars.first : nil
  }

  /// Scripts whose shaping puts glyphs out of the text's order (a vowel sign before its consonant):
  /// their runs keep one ActualText, as a glyph-by-glyph mapping would read out of order.
  static let reorderingScripts: Set<PangoScript> = [
    PANGO_SCRIPT_DEVANAGARI, PANGO_SCRIPT_BENGALI, PANGO_SCRIPT_GURMUKHI, PANGO_SCRIPT_GUJARATI,
    PANGO_SCRIPT_ORIYA,
    PANGO_SCRIPT_TAMIL, PANGO_SCRIPT_TELUGU, PANGO_SCRIPT_KANNADA, PANGO_SCRIPT_MALAYALAM,
    PANGO_SCRIPT_SINHALA,
    PANGO_SCRIPT_KHMER, PANGO_SCRIPT_MYANMAR, PANGO_SCRIPT_TIBETAN, PANGO_SCRIPT_BALINESE,
  ]

  /// The foreground colour `item`'s attributes set (NaN components when none), or nil when Pango must draw it (decorated).
  private static func color(of item: UnsafeMutablePointer<PangoItem>) -> RGBAColor? {
    var color = RGBAColor(red: .nan, green: .nan, blue: .nan)
    var attribute = item.pointee.analysis.extra_attrs
    while let node = attribute {
      defer { attribute = node.pointee.next }
      guard let attr = node.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) else { continue }
      switch attr.pointee.klass.pointee.type {
      case PANGO_ATTR_FOREGROUND:
        let value = UnsafeMutableRawPointer(attr).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
        color.red = Double(value.red) / 65535
        color.green = Double(value.green) / 65535
        color.blue = Double(value.blue) / 65535
      case PANGO_ATTR_FOREGROUND_ALPHA:
        color.alpha =
          Double(UnsafeMutableRawPointer(attr).assumingMemoryBound(to: PangoAttrInt.self).pointee.value)
          / 65535
      case PANGO_ATTR_UNDERLINE, PANGO_ATTR_STRIKETHROUGH, PANGO_ATTR_OVERLINE, PANGO_ATTR_RISE,
        PANGO_ATTR_SHAPE:
        return nil
      default: break
      }
    }
    return color
  }

  /// Makes marks that extractors would misplace hidden emissions on the baseline, their outlines drawn where they show.
  ///
  /// For left-to-right runs (right-to-left ones, Arabic's cursive letters with no advance of their
  /// own, are read in place). A mark moved up or down is set on a line of its own by `pdftotext`; so
  /// is a zero-width mark moved right of where its advance starts (Thai SARA U under KO KAI), since
  /// the next glyph then starts left of it and the rest of the line follows it. A zero-width mark
  /// within 0.1 em of the zero-width mark before it (a tone mark over a Thai upper vowel) is taken
  /// for that one drawn twice (fake bold) and set apart. Such a mark is drawn as an outline and
  /// its character by an invisible glyph where its advance starts; a stacked pair shares one
  /// invisible glyph, one outside the cmap (which may stand for several characters). A stacked
  /// pair without such a glyph stays as it is.
  static func hideMisplacedMarks(
    _ emissions: inout [Emission], outlines: inout [Emission], font: UnsafeMutablePointer<PangoFont>,
    cmap: NominalGlyphs
  ) {
    guard emissions.contains(where: { $0.width == 0 }) else { return }
    let description = pango_font_describe(font)
    defer { pango_font_description_free(description) }
    let samePlace = pango_font_description_get_size(description) / 10  // 0.1 em, poppler's "same place"
    var index = 0
    while index < emissions.count {
      defer { index += 1 }
      let mark = emissions[index]
      let before = index > 0 ? emissions[index - 1] : nil
      let stacked =
        before.map { !$0.hidden && $0.width == 0 && mark.width == 0 && abs($0.x - mark.x) < samePlace }
        ?? false
      var hidden = mark
      hidden.x = mark.pen
      hidden.y = 0
      hidden.hidden = true
      if stacked, let before {
        outlines += [before, mark]
        hidden.pair = true
        hidden.text = before.text + mark.text
        emissions.remove(at: index - 1)
        index -= 1
      } else if mark.y != 0 || (mark.width == 0 && mark.x > mark.pen) {
        outlines.append(mark)
      } else {
        continue
      }
      emissions[index] = hidden
    }
  }

  /// Draws the run with the left end of its baseline at (`x`, `y`) in `cr`, whose target is a PDF surface; false when Pango must.
  ///
  /// Hidden emissions are drawn in text rendering mode 3 (invisible), which `insert` writes into
  /// the page (`StructureTagger.drawInserted`); without `insert` (an untagged PDF) a run with hidden
  /// emissions is left to Pango, whose clusters cairo wraps in ActualText.
  @discardableResult
  func draw(in cr: OpaquePointer, x: CGFloat, y: CGFloat, insert: (([UInt8]) -> Bool)?) -> Bool {
    guard insert != nil || !emissions.contains(where: \.hidden),
      let base = pango_cairo_font_get_scaled_font(OpaquePointer(font))
    else { return false }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    if let color { cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha) }
    let mapping = PDFGlyphMapping.of(cairo_get_target(cr))
    // A stacked pair's invisible glyph: a spare glyph of the font, one per pair of characters.
    let emissions = self.emissions.map { emission in
      guard emission.pair, let spare = mapping.spare(for: emission.text, base: base, spares: cmap.spareMarks)
      else {
        return emission
      }
      var chosen = emission
      chosen.glyph = spare
      return chosen
    }
    var index = 0
    while index < emissions.count {
      let hidden = emissions[index].hidden
      let copy = mapping.copy(for: emissions[index], font: font, base: base)
      var end = index + 1
      while end < emissions.count, emissions[end].hidden == hidden,
        mapping.copy(for: emissions[end], font: font, base: base) == copy
      {
        end += 1
      }
      let part = emissions[index..<end]
      index = end
      cairo_set_scaled_font(cr, mapping.scaledFont(copy: copy, font: font, base: base) ?? base)
      guard hidden else {
        show(Array(part), x: x, y: y, cr: cr)
        continue
      }
      // Text rendering mode 3 and the horizontal scaling are text state, kept from one text object to
      // the next: the finishing pass writes them between cairo's text objects, where the markers are.
      guard let insert, insert(Array("3 Tr".utf8)) else { continue }
      // A scaled letter is a text object of its own (cairo places the next glyph of one by the advance it knows).
      let scales = part.map { $0.fits ? PDFGlyphRun.scale(base, glyph: $0.glyph, to: $0.width) : nil }
      let scaled = scales.contains { $0 != nil }
      for (letter, scale) in zip(part, scales) {
        if scaled { _ = insert(Array("\(scale ?? "100") Tz".utf8)) }
        show([letter], x: x, y: y, cr: cr)
      }
      _ = insert(Array((scaled ? "100 Tz 0 Tr" : "0 Tr").utf8))
    }
    cairo_set_scaled_font(cr, base)
    guard !outlines.isEmpty else { return true }
    cairo_set_scaled_font(cr, base)
    var glyphs = outlines.map { place($0, x: x, y: y) }
    cairo_new_path(cr)
    cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
    cairo_fill(cr)
    return true
  }

  /// The horizontal scaling (percent, one decimal) that makes `glyph`'s advance `width` Pango units, or nil when none is needed.
  ///
  /// An invisible letter of a ligature takes its share of the ligature's width, so that extractors
  /// see the letters side by side, neither apart (a space) nor on top of each other (a doubled glyph).
  static func scale(_ scaled: OpaquePointer, glyph: UInt32, to width: Int32) -> String? {
    var one = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
    var extents = cairo_text_extents_t()
    cairo_scaled_font_glyph_extents(scaled, &one, 1, &extents)
    let wanted = Double(width) / Double(ig_pango_scale())
    guard width > 0, extents.x_advance > 0, abs(extents.x_advance - wanted) > 0.01 else { return nil }
    return String(format: "%.1f", 100 * wanted / extents.x_advance)
  }

  /// Shows `emissions` with the scaled font set in `cr`, each glyph one cluster of its text.
  private func show(_ emissions: [Emission], x: CGFloat, y: CGFloat, cr: OpaquePointer) {
    var glyphs = emissions.map { place($0, x: x, y: y) }
    var clusters = emissions.map { cairo_text_cluster_t(num_bytes: Int32($0.text.utf8.count), num_glyphs: 1) }
    let utf8 = Array(emissions.map(\.text).joined().utf8)
    utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { bytes in
        cairo_show_text_glyphs(
          cr, bytes.baseAddress, Int32(bytes.count), &glyphs, Int32(glyphs.count), &clusters,
          Int32(clusters.count),
          cairo_text_cluster_flags_t(rawValue: 0))
      }
    }
  }

  /// The cairo glyph of `emission` for a run whose baseline starts at (`x`, `y`).
  private func place(_ emission: Emission, x: CGFloat, y: CGFloat) -> cairo_glyph_t {
    let scale = Double(ig_pango_scale())
    return cairo_glyph_t(
      index: UInt(emission.glyph), x: Double(x) + Double(emission.x) / scale,
      y: Double(y) + Double(emission.y) / scale)
  }
}

/// The glyphs a font's cmap gives characters, kept with the HarfBuzz face.
final class NominalGlyphs {
  private let font: OpaquePointer
  private let glyphs: Set<UInt32>

  /// Glyphs no character maps to and with no advance, last first: invisible stand-ins for stacked pairs.
  let spareMarks: [UInt32]

  private init(font: OpaquePointer, glyphs: Set<UInt32>) {
    self.font = font
    self.glyphs = glyphs
    let count = hb_face_get_glyph_count(hb_font_get_face(font))
    spareMarks = (1..<max(1, count)).reversed().filter { glyph in
      !glyphs.contains(glyph) && hb_font_get_glyph_h_advance(font, glyph) == 0
    }
  }

  /// The glyph of `character` in the font, or nil.
  func glyph(for character: Unicode.Scalar) -> UInt32? {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(font, character.value, &glyph) != 0 ? glyph : nil
  }

  /// Whether some character's glyph is `glyph`.
  func contains(_ glyph: UInt32) -> Bool { glyphs.contains(glyph) }

  nonisolated(unsafe) private static let key = UnsafeMutablePointer<hb_user_data_key_t>.allocate(capacity: 1)

  /// The nominal glyphs of `font`'s face, collected once per face.
  static func of(_ font: OpaquePointer) -> NominalGlyphs {
    let face = hb_font_get_face(font)
    if let stored = hb_face_get_user_data(face, key) {
      return Unmanaged<NominalGlyphs>.fromOpaque(stored).takeUnretainedValue()
    }
    let characters = hb_set_create()
    defer { hb_set_destroy(characters) }
    hb_face_collect_unicodes(face, characters)
    var glyphs = Set<UInt32>()
    var character = hb_codepoint_t(UInt32.max)  // HB_SET_VALUE_INVALID starts the walk
    var glyph: hb_codepoint_t = 0
    while hb_set_next(characters, &character) != 0 {
      if hb_font_get_nominal_glyph(font, character, &glyph) != 0 { glyphs.insert(glyph) }
    }
    let made = NominalGlyphs(font: font, glyphs: glyphs)
    let retained = Unmanaged.passRetained(made).toOpaque()
    let kept = hb_face_set_user_data(
      face, key, retained, { Unmanaged<NominalGlyphs>.fromOpaque($0!).release() }, 0)
    if kept == 0 { Unmanaged<NominalGlyphs>.fromOpaque(retained).release() }
    return made
  }
}

/// What cairo maps each glyph to in one PDF, and the extra faces that let a glyph carry other text.
final class PDFGlyphMapping {
  /// The text given to each glyph drawn by `PDFGlyphRun`, per cairo face and copy.
  private var texts: [FaceCopy: [UInt32: String]] = [:]
  /// The second, third… faces of a font file, per cairo face of the first.
  private var faces: [FaceCopy: OpaquePointer] = [:]

  private struct FaceCopy: Hashable {
    let face: UnsafeMutableRawPointer
    let copy: Int
  }

  /// Copies of a face beyond this give up: cairo then wraps the glyph in ActualText.
  static let copies = 4

  deinit {
    for (sized, scaled) in scaledFonts {
      cairo_scaled_font_destroy(scaled)
      cairo_scaled_font_destroy(OpaquePointer(sized.base))
    }
    for face in faces.values { cairo_font_face_destroy(face) }
  }

  /// Which face `emission` is drawn from: 0 for Pango's, 1… for a copy where its glyph carries its text (a glyph
  /// outside the cmap stands for one text per face: a tone mark alone, or with the vowel it stacks on).
  func copy(for emission: PDFGlyphRun.Emission, font: UnsafeMutablePointer<PangoFont>, base: OpaquePointer)
    -> Int
  {
    let face = UnsafeMutableRawPointer(cairo_scaled_font_get_font_face(base)!)
    for copy in 0...PDFGlyphMapping.copies {
      let key = FaceCopy(face: face, copy: copy)
      let mapped = texts[key]?[emission.glyph]
      if mapped == nil || mapped == emission.text {
        texts[key, default: [:]][emission.glyph] = emission.text
        return copy
      }
    }
    return 0
  }

  /// The glyph that stands for the stacked pair `text`, from the font's `spares`: one per text, for the whole
  /// document. Spares are marks the shaper seldom uses (the last glyphs of the font); should one be drawn
  /// for its own character after all, `copy(for:)` moves that drawing to a second face.
  func spare(for text: String, base: OpaquePointer, spares: [UInt32]) -> UInt32? {
    let key = FaceCopy(face: UnsafeMutableRawPointer(cairo_scaled_font_get_font_face(base)!), copy: 0)
    if let chosen = pairs[key]?[text] { return chosen }
    let used = pairs[key]?.count ?? 0
    guard used < spares.count else { return nil }
    let glyph = spares[used]
    pairs[key, default: [:]][text] = glyph
    texts[key, default: [:]][glyph] = text
    return glyph
  }

  /// The spare glyph given to each stacked pair, per face copy.
  private var pairs: [FaceCopy: [String: UInt32]] = [:]

  /// The scaled font of face copy `copy` at `base`'s size; `base` itself for copy 0.
  func scaledFont(copy: Int, font: UnsafeMutablePointer<PangoFont>, base: OpaquePointer) -> OpaquePointer? {
    guard copy > 0 else { return base }
    let sized = SizedCopy(base: UnsafeMutableRawPointer(base), copy: copy)
    if let made = scaledFonts[sized] { return made }
    let key = FaceCopy(face: UnsafeMutableRawPointer(cairo_scaled_font_get_font_face(base)!), copy: copy)
    let face: OpaquePointer
    if let made = faces[key] {
      face = made
    } else {
      guard let made = ig_font_face_copy(font, Int32(copy)) else { return nil }
      faces[key] = made
      face = made
    }
    var matrix = cairo_matrix_t()
    var ctm = cairo_matrix_t()
    cairo_scaled_font_get_font_matrix(base, &matrix)
    cairo_scaled_font_get_ctm(base, &ctm)
    let options = cairo_font_options_create()
    defer { cairo_font_options_destroy(options) }
    cairo_scaled_font_get_font_options(base, options)
    guard let scaled = cairo_scaled_font_create(face, &matrix, &ctm, options) else { return nil }
    cairo_scaled_font_reference(base)  // kept so that its address names no other font while cached
    scaledFonts[sized] = scaled
    return scaled
  }

  /// A copy's scaled font at the size of Pango's scaled font `base`.
  private struct SizedCopy: Hashable {
    let base: UnsafeMutableRawPointer
    let copy: Int
  }

  private var scaledFonts: [SizedCopy: OpaquePointer] = [:]

  nonisolated(unsafe) private static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(
    capacity: 1)

  /// The mapping of the PDF `surface` draws, made on first use and released with the surface.
  static func of(_ surface: OpaquePointer?) -> PDFGlyphMapping {
    if let stored = cairo_surface_get_user_data(surface, key) {
      return Unmanaged<PDFGlyphMapping>.fromOpaque(stored).takeUnretainedValue()
    }
    let made = PDFGlyphMapping()
    let retained = Unmanaged.passRetained(made).toOpaque()
    if cairo_surface_set_user_data(
      surface, key, retained, { Unmanaged<PDFGlyphMapping>.fromOpaque($0!).release() })
      != CAIRO_STATUS_SUCCESS
    {
      Unmanaged<PDFGlyphMapping>.fromOpaque(retained).release()
    }
    return made
  }
}
