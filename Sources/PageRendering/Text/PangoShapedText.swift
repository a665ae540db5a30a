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
  func draw(in cr: OpaquePointer, at origin: CGPoint, lines range: Range<Int>, color: RGBAColor) {
    if !runsAreSingleClusters {
      PangoShapedText.makeEachRunOneCluster(layout)
      runsAreSingleClusters = true
    }
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    let count = pango_layout_get_line_count(layout)
    if range.lowerBound == 0 && range.upperBound >= count && alignedLineX == nil {
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
      cairo_move_to(cr, origin.x - offsetX + lineX, origin.y + all[index].baseline - firstTop)
      pango_cairo_show_layout_line(cr, line)
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

  /// Makes every glyph of each left-to-right run with marks belong to one cluster, so a PDF carries the run's text whole.
  ///
  /// Pango hands cairo one cluster per character group, and cairo maps each glyph to its cluster's
  /// text. Extractors place marks by their glyph's position: a Thai vowel below a consonant sits a
  /// fraction of a point lower and lands on its own line. With one cluster per run cairo writes
  /// the run's glyphs inside one `/Span << /ActualText (…) >>`, the run's exact text. Runs where
  /// every cluster is one glyph (Latin, Cyrillic, CJK…) extract right as they are and stay small.
  /// Right-to-left runs keep Pango's clusters: extractors (poppler, pdf.js, PyPDF) read a line's
  /// characters in visual order and reverse right-to-left words, so a logical-order ActualText
  /// would come out backwards. Only drawing reads the clusters; measuring is done by then.
  static func makeEachRunOneCluster(_ layout: OpaquePointer) {
    var line = pango_layout_get_lines_readonly(layout)
    while let lineNode = line {
      defer { line = lineNode.pointee.next }
      var run = lineNode.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
      while let runNode = run {
        defer { run = runNode.pointee.next }
        guard let run = runNode.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
          let glyphs = run.pointee.glyphs, let item = run.pointee.item, item.pointee.analysis.level % 2 == 0
        else { continue }
        let count = Int(glyphs.pointee.num_glyphs)
        guard count > 1, let clusters = glyphs.pointee.log_clusters else { continue }
        // Marks: glyphs sharing a cluster, glyphs with no advance, glyphs moved up or down.
        let info = glyphs.pointee.glyphs!
        let hasMarks = (0..<count).contains { index in
          (index > 0 && clusters[index] == clusters[index - 1]) || info[index].geometry.width == 0
            || info[index].geometry.y_offset != 0
        }
        guard hasMarks else { continue }
        for index in 0..<count {
          clusters[index] = 0
          info[index].attr.is_cluster_start = index == 0 ? 1 : 0
        }
      }
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
