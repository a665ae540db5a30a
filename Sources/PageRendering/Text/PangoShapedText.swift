import CCairo
import Foundation
import PageKit

/// A paragraph shaped by Pango: measured once, drawn whole or a range of lines at a time.
public final class PangoShapedText: ShapedText {
  let layout: OpaquePointer
  /// The logical size of the lines.
  public let size: CGSize
  /// How far the lines start from the layout's left edge (non-zero for centred or right-aligned lines).
  let offsetX: CGFloat
  /// The edge every line keeps to, or nil for centred lines.
  let side: Side?

  /// An edge of the paragraph's box.
  enum Side { case left, right }

  init(layout: OpaquePointer, side: Side? = nil) {
    self.layout = layout
    self.side = side
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let scale = CGFloat(ig_pango_scale())
    size = CGSize(width: CGFloat(logical.width) / scale, height: CGFloat(logical.height) / scale)
    offsetX = CGFloat(logical.x) / scale
  }

  deinit { ig_object_unref(UnsafeMutableRawPointer(layout)) }

  /// The lines with their positions, read from Pango when first asked for.
  public private(set) lazy var lines: [TextLine] = {
    var result: [TextLine] = []
    let scale = CGFloat(ig_pango_scale())
    guard let iterator = pango_layout_get_iter(layout) else { return result }
    defer { pango_layout_iter_free(iterator) }
    repeat {
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iterator, nil, &logical)
      result.append(
        TextLine(
          top: CGFloat(logical.y) / scale, height: CGFloat(logical.height) / scale,
          baseline: CGFloat(pango_layout_iter_get_baseline(iterator)) / scale))
    } while pango_layout_iter_next_line(iterator) != 0
    return result
  }()

  /// The number of characters no font could show, drawn as boxes.
  public var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

  /// The ISO 15924 scripts of the characters no font could show, sorted.
  public var unknownGlyphScripts: [String] {
    guard unknownGlyphCount > 0, let iterator = pango_layout_get_iter(layout) else { return [] }
    defer { pango_layout_iter_free(iterator) }
    let unknownFlag: UInt32 = 0x1000_0000  // PANGO_GLYPH_UNKNOWN_FLAG: the glyph holds the character
    var scripts = Set<String>()
    repeat {
      guard let run = pango_layout_iter_get_run_readonly(iterator), let glyphs = run.pointee.glyphs else {
        continue
      }
      for index in 0..<Int(glyphs.pointee.num_glyphs) {
        let glyph = glyphs.pointee.glyphs[index].glyph
        guard glyph & unknownFlag != 0 else { continue }
        let tag = g_unicode_script_to_iso15924(g_unichar_get_script(glyph & ~unknownFlag))
        let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
        scripts.insert(String(decoding: bytes, as: UTF8.self))
      }
    } while pango_layout_iter_next_run(iterator) != 0
    return scripts.sorted()
  }

  /// Draws the lines in `range` with the top of the first at `origin`, in `color` where runs set none.
  func draw(
    in cr: OpaquePointer, at origin: CGPoint, lines range: Range<Int>, color: RGBAColor,
    insert: (([UInt8]) -> Bool)? = nil
  ) {
    if !runsAreSingleClusters {
      glyphRuns = PangoShapedText.makeEachRunOneCluster(layout)
      runsAreSingleClusters = true
    }
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    let count = pango_layout_get_line_count(layout)
    let ownRuns =
      glyphRuns.isEmpty
      ? [:] : cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_PDF ? glyphRuns : [:]
    if range.lowerBound == 0 && range.upperBound >= count && alignedLineX == nil && !hasReorderedRuns
      && ownRuns.isEmpty
    {
      cairo_move_to(cr, origin.x - offsetX, origin.y)
      pango_cairo_show_layout(cr, layout)
      return
    }
    let all = lines
    guard let firstTop = all[safe: range.lowerBound]?.top else { return }
    let scale = CGFloat(ig_pango_scale())
    for index in range where index < count {
      guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { continue }
      let lineX = alignedLineX?[index] ?? lineOffset(index) / scale
      let x = origin.x - offsetX + lineX
      let y = origin.y + all[index].baseline - firstTop
      if hasReorderedRuns || !ownRuns.isEmpty {
        PangoShapedText.showInLogicalOrder(line, in: cr, x: x, y: y, glyphRuns: ownRuns, insert: insert)
      } else {
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout_line(cr, line)
      }
    }
  }

  /// Whether some line shows its runs in another order than the text's (a right-to-left or mixed-direction line).
  private lazy var hasReorderedRuns: Bool = {
    var line = pango_layout_get_lines_readonly(layout)
    while let lineNode = line {
      defer { line = lineNode.pointee.next }
      var previous: Int32 = -1
      var run = lineNode.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
      while let runNode = run {
        defer { run = runNode.pointee.next }
        guard let item = runNode.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item
        else { continue }
        if item.pointee.offset < previous { return true }
        previous = item.pointee.offset
      }
    }
    return false
  }()

  /// Draws `line` with its baseline's left end at (`x`, `y`), run by run in the text's order.
  ///
  /// Pango draws a line's runs from left to right, so in `שירותי ייעוץ Cloud Pro` the page content
  /// holds "Cloud Pro" first, and extractors that follow the content (a tagged PDF's structure
  /// text) read the words out of order. Each run is drawn where Pango puts it, by showing the line
  /// with only that run in it, so colours, underlines and rises stay Pango's.
  static func showInLogicalOrder(
    _ line: UnsafeMutablePointer<PangoLayoutLine>, in cr: OpaquePointer, x: CGFloat, y: CGFloat,
    glyphRuns: [UnsafeMutableRawPointer: PDFGlyphRun], insert: (([UInt8]) -> Bool)? = nil
  ) {
    let scale = CGFloat(ig_pango_scale())
    var runs: [(node: UnsafeMutablePointer<GSList>, offset: Int32, x: CGFloat)] = []
    var width: Int32 = 0
    var node = line.pointee.runs
    while let runNode = node {
      defer { node = runNode.pointee.next }
      guard let run = runNode.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) else { continue }
      runs.append((runNode, run.pointee.item.pointee.offset, CGFloat(width) / scale))
      width += pango_glyph_string_get_width(run.pointee.glyphs)
    }
    let all = line.pointee.runs
    defer { line.pointee.runs = all }
    for run in runs.sorted(by: { $0.offset < $1.offset }) {
      if let data = run.node.pointee.data, let glyphRun = glyphRuns[data] {
        if glyphRun.draw(in: cr, x: x + run.x, y: y, insert: insert) { continue }
        if glyphRun.oneClusterForPango { makeOneCluster(data.assumingMemoryBound(to: PangoGlyphItem.self)) }
      }
      let next = run.node.pointee.next
      run.node.pointee.next = nil
      line.pointee.runs = run.node
      cairo_move_to(cr, x + run.x, y)
      pango_cairo_show_layout_line(cr, line)
      run.node.pointee.next = next
    }
  }

  /// Each line's x in the layout (points) when some line's direction made Pango put it on the other
  /// side than `side`; nil when Pango's places are already right (the common case: one direction).
  private lazy var alignedLineX: [CGFloat]? = {
    guard let side, pango_layout_get_line_count(layout) > 1, let iterator = pango_layout_get_iter(layout)
    else {
      return nil
    }
    defer { pango_layout_iter_free(iterator) }
    let scale = CGFloat(ig_pango_scale())
    var places: [CGFloat] = []
    var moved = false
    repeat {
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iterator, nil, &logical)
      let x = CGFloat(logical.x) / scale
      let wanted = side == .left ? offsetX : offsetX + size.width - CGFloat(logical.width) / scale
      if abs(wanted - x) > 0.01 { moved = true }
      places.append(wanted)
    } while pango_layout_iter_next_line(iterator) != 0
    return moved ? places : nil
  }()

  /// Whether `makeEachRunOneCluster` has run on this layout.
  private var runsAreSingleClusters = false
  /// The runs with marks a PDF draws glyph by glyph, by their `PangoGlyphItem`.
  private var glyphRuns: [UnsafeMutableRawPointer: PDFGlyphRun] = [:]

  /// Plans the runs a PDF draws glyph by glyph so that it carries their text exactly, and makes the others extract right.
  ///
  /// Pango hands cairo one cluster per character group, and cairo maps each glyph to its cluster's
  /// text, or wraps a cluster's glyphs in `/Span << /ActualText (…) >>` when it cannot (several
  /// glyphs, or a ligature the font's cmap gives one character of its own). Extractors that follow
  /// the page content (a tagged PDF's structure text) stop at such a nested span. Runs with marks
  /// or with such ligatures are drawn by `PDFGlyphRun` where it can give every glyph its own
  /// characters. Left-to-right runs with marks it cannot plan (Devanagari, whose glyphs are
  /// reordered) become one cluster, so cairo writes the run's glyphs inside one ActualText, the
  /// run's exact text for `pdftotext`: it places marks by their glyph's position otherwise, and a
  /// vowel sign moved below its consonant lands on a line of its own. Right-to-left runs keep
  /// Pango's clusters: extractors (poppler, pdf.js, PyPDF) read a line's characters in visual
  /// order and reverse right-to-left words, so a logical-order ActualText would come out backwards.
  static func makeEachRunOneCluster(_ layout: OpaquePointer) -> [UnsafeMutableRawPointer: PDFGlyphRun] {
    var planned: [UnsafeMutableRawPointer: PDFGlyphRun] = [:]
    guard let text = pango_layout_get_text(layout) else { return planned }
    var line = pango_layout_get_lines_readonly(layout)
    while let lineNode = line {
      defer { line = lineNode.pointee.next }
      var run = lineNode.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
      while let runNode = run {
        defer { run = runNode.pointee.next }
        guard let run = runNode.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
          let glyphs = run.pointee.glyphs, let item = run.pointee.item,
          let clusters = glyphs.pointee.log_clusters
        else { continue }
        let count = Int(glyphs.pointee.num_glyphs)
        let info = glyphs.pointee.glyphs!
        drawEmptyGlyphs(run, text: text)
        let leftToRight = item.pointee.analysis.level % 2 == 0
        // Marks: glyphs sharing a cluster, glyphs with no advance, glyphs moved up or down.
        let hasMarks =
          leftToRight
          && (0..<count).contains { index in
            (index > 0 && clusters[index] == clusters[index - 1]) || info[index].geometry.width == 0
              || info[index].geometry.y_offset != 0
          }
        // Ligatures: fewer clusters than characters (counted without an array: every run of every layout passes here).
        var clusterCount = count > 0 ? 1 : 0
        for index in 1..<max(1, count) where clusters[index] != clusters[index - 1] { clusterCount += 1 }
        let hasLigatures =
          clusterCount < g_utf8_strlen(text + Int(item.pointee.offset), Int(item.pointee.length))
        guard hasMarks || hasLigatures else { continue }
        if var glyphRun = PDFGlyphRun(run, text: text) {
          glyphRun.oneClusterForPango = hasMarks
          planned[UnsafeMutableRawPointer(run)] = glyphRun
        } else if hasMarks {
          makeOneCluster(run)
        }
      }
    }
    return planned
  }

  /// Gives each space Pango leaves without a glyph the font's space glyph, so that a PDF carries it as text.
  ///
  /// Pango empties the glyph of a line's final space. Cairo then has a cluster with text and no
  /// glyph, which it writes as an empty `/Span << /ActualText ( ) >>` between the cell's lines, and
  /// the words on either side ran together for extractors. The advance stays Pango's (zero), so
  /// nothing moves on the page. Invisible characters (the RLM of a right-to-left amount) keep their
  /// empty glyph: a font's glyph for them may be visible (DejaVu draws a dashed box).
  static func drawEmptyGlyphs(_ run: UnsafeMutablePointer<PangoGlyphItem>, text: UnsafePointer<CChar>) {
    guard let glyphs = run.pointee.glyphs, let info = glyphs.pointee.glyphs,
      let clusters = glyphs.pointee.log_clusters, let item = run.pointee.item
    else { return }
    let empty = UInt32(0x0FFF_FFFF)  // PANGO_GLYPH_EMPTY
    for index in 0..<Int(glyphs.pointee.num_glyphs) where info[index].glyph == empty {
      guard let font = item.pointee.analysis.font, let hbFont = pango_font_get_hb_font(font) else { return }
      let character = g_utf8_get_char(text + Int(item.pointee.offset) + Int(clusters[index]))
      var glyph: hb_codepoint_t = 0
      guard g_unichar_isspace(character) != 0, hb_font_get_nominal_glyph(hbFont, 0x20, &glyph) != 0 else {
        continue
      }
      info[index].glyph = glyph
    }
  }

  /// Makes all glyphs of `run` one cluster (one ActualText when cairo draws it into a PDF); only for left-to-right runs with marks.
  static func makeOneCluster(_ run: UnsafeMutablePointer<PangoGlyphItem>) {
    guard let glyphs = run.pointee.glyphs, let clusters = glyphs.pointee.log_clusters,
      let info = glyphs.pointee.glyphs, let item = run.pointee.item, item.pointee.analysis.level % 2 == 0
    else { return }
    for index in 0..<Int(glyphs.pointee.num_glyphs) {
      clusters[index] = 0
      info[index].attr.is_cluster_start = index == 0 ? 1 : 0
    }
  }

  /// The x offset of line `index` inside the layout, in Pango units.
  private func lineOffset(_ index: Int) -> CGFloat {
    guard let iterator = pango_layout_get_iter(layout) else { return 0 }
    defer { pango_layout_iter_free(iterator) }
    for _ in 0..<index { pango_layout_iter_next_line(iterator) }
    var logical = PangoRectangle()
    pango_layout_iter_get_line_extents(iterator, nil, &logical)
    return CGFloat(logical.x)
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
