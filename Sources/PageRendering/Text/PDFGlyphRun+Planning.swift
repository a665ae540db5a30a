import CCairo
import Foundation

extension PDFGlyphRun {
  /// Where each glyph's advance starts, left to right, in Pango units.
  static func pens(_ info: UnsafeMutablePointer<PangoGlyphInfo>, count: Int) -> [Int32] {
    var pens: [Int32] = []
    pens.reserveCapacity(count)
    var pen: Int32 = 0
    for index in 0..<count {
      pens.append(pen)
      pen += info[index].geometry.width
    }
    return pens
  }

  /// The clusters (glyph ranges, left to right inside) in the text's order.
  static func clusterRanges(_ clusters: UnsafeMutablePointer<Int32>, count: Int, rightToLeft: Bool) -> [Range<
    Int
  >] {
    var ranges: [Range<Int>] = []
    var start = 0
    while start < count {
      var end = start + 1
      while end < count, clusters[end] == clusters[start] { end += 1 }
      ranges.append(start..<end)
      start = end
    }
    if rightToLeft { ranges.reverse() }
    return ranges
  }

  /// Gives each glyph of a run the characters it stands for, cluster by cluster.
  struct Planner {
    let cmap: NominalGlyphs
    let hbFont: OpaquePointer
    let rightToLeft: Bool
    let pens: [Int32]
    var emissions: [Emission] = []
    var outlines: [Emission] = []

    /// Plans glyph `index` of its cluster, taking the characters it stands for from `characters`;
    /// false when the run cannot be planned (Pango draws it as it is).
    mutating func plan(
      _ glyph: PangoGlyphInfo, at index: Int, isLast: Bool, clusterSize: Int,
      characters: inout [Unicode.Scalar]
    ) -> Bool {
      var emission = Emission(
        glyph: glyph.glyph, x: pens[index] + glyph.geometry.x_offset, y: glyph.geometry.y_offset, text: "",
        width: glyph.geometry.width, pen: pens[index])
      if let next = characters.first, !isLast || characters.count == 1,
        cmap.glyph(for: next) == glyph.glyph || !cmap.contains(glyph.glyph) || clusterSize == 1
      {
        // The glyph of the next character, a form of it the cmap does not name (a lowered tone
        // mark), or the one glyph of a one-character cluster (an Arabic letter's joining form,
        // which the cmap names as a presentation form: cairo maps it to the character drawn).
        emission.text = String(characters.removeFirst())
        emissions.append(emission)
      } else if isLast, characters.count > 1, let composed = PDFGlyphRun.composed(characters),
        cmap.glyph(for: composed) == glyph.glyph
      {
        // A letter and its combining marks drawn as the precomposed letter: its own character.
        emission.text = String(composed)
        characters.removeAll()
        emissions.append(emission)
      } else if isLast, characters.count > 1, cmap.contains(glyph.glyph) {
        return ligature(emission, glyph, at: index, characters: &characters)
      } else if isLast, !characters.isEmpty, !cmap.contains(glyph.glyph) {
        // The cluster's last glyph, one the cmap does not name (a conjunct), stands for what is left.
        emission.text.unicodeScalars.append(contentsOf: characters)
        characters.removeAll()
        emissions.append(emission)
      } else if isLast, characters.count == 1, let own = cmap.glyph(for: characters[0]) {
        // The cluster's last glyph is another character's (SARA AA for SARA AM, whose NIKHAHIT came
        // before): it shows as an outline, and the character's own glyph is hidden where it starts.
        outlines.append(emission)
        emission.glyph = own
        emission.text = String(characters.removeFirst())
        emission.x = emission.pen
        emission.y = 0
        emission.hidden = true
        emissions.append(emission)
      } else if !isLast, glyph.geometry.width == 0, !characters.isEmpty {
        outlines.append(emission)  // a mark standing for nothing of its own (NIKHAHIT of SARA AM)
      } else {
        return false  // a glyph out of the text's order
      }
      return true
    }

    /// A ligature the cmap names (fi, ffi, Arabic LAM with ALEF): cairo would map it to that one
    /// character and wrap its letters in ActualText. Left to right (fi, ffi: ligatures a text reads
    /// as well without) the letters are drawn instead, each at its share of the ligature's width;
    /// right to left (LAM with ALEF, which Arabic always joins) the ligature's outline shows and its
    /// letters are each their own glyph, invisible, spread over its width in the text's direction.
    mutating func ligature(
      _ emission: Emission, _ glyph: PangoGlyphInfo, at index: Int, characters: inout [Unicode.Scalar]
    ) -> Bool {
      let letters = characters.compactMap { character in cmap.glyph(for: character).map { (character, $0) } }
      guard letters.count == characters.count else { return false }
      let advances = letters.map { Int64(hb_font_get_glyph_h_advance(hbFont, $0.1)) }
      let sum = advances.reduce(0, +)
      let width = Int64(glyph.geometry.width)
      characters.removeAll()
      if !rightToLeft, sum > 0, abs(sum - width) * 10 < width {
        var before: Int64 = 0
        for (letter, advance) in zip(letters, advances) {
          let x = pens[index] + Int32(width * before / sum)
          emissions.append(
            Emission(
              glyph: letter.1, x: x, y: 0, text: String(letter.0), width: Int32(width * advance / sum), pen: x
            ))
          before += advance
        }
        return true
      }
      outlines.append(emission)
      let share = glyph.geometry.width / Int32(letters.count)
      for (place, letter) in letters.enumerated() {
        let offset = rightToLeft ? glyph.geometry.width - share * Int32(place + 1) : share * Int32(place)
        emissions.append(
          Emission(
            glyph: letter.1, x: pens[index] + offset, y: 0, text: String(letter.0), width: share,
            pen: pens[index] + offset, hidden: true, fits: true))
      }
      return true
    }
  }
}
