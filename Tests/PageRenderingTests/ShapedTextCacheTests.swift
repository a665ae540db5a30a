import Foundation
import PageKit
import Testing

@testable import PageRendering

/// A shaper shapes a paragraph once per width and keeps a bounded number of shapes.
@Suite struct ShapedTextCacheTests {
  static func paragraph(_ text: String) -> Paragraph {
    Paragraph(runs: [StyledRun(text: text, font: .body)])
  }

  @Test func theSameParagraphAtTheSameWidthIsShapedOnce() throws {
    let shaper = PangoTextShaper()
    let label = Self.paragraph("Payment due within thirty days of the invoice date")
    let first = shaper.shape(label, width: 120)
    #expect(shaper.shape(label, width: 120) === first)
    // Another width wraps otherwise: a shape of its own.
    let wider = shaper.shape(label, width: 400)
    #expect(wider !== first)
    #expect(first.lines.count > 1)
    #expect(wider.lines.count == 1)
    // Another colour or text is another paragraph.
    var red = label
    red.runs[0].color = RGBAColor(red: 1, green: 0, blue: 0)
    #expect(shaper.shape(red, width: 120) !== first)
    #expect(shaper.shape(Self.paragraph("Payment due within thirty days"), width: 120) !== first)
  }

  @Test func aFullCacheDropsTheOlderGenerationAndKeepsWhatWasUsedAgain() throws {
    let shaper = PangoTextShaper()
    var cache = ShapedTextCache(capacity: 4)
    func key(_ index: Int) -> ShapedTextCache.Key {
      ShapedTextCache.Key(paragraph: Self.paragraph("line \(index)"), width: nil)
    }
    func text(_ index: Int) throws -> PangoShapedText {
      try #require(shaper.shape(Self.paragraph("line \(index)"), width: nil) as? PangoShapedText)
    }
    for index in 0..<5 { cache.insert(try text(index), for: key(index)) }
    // 0…3 are the older generation now; 1 is used again and moves to the newer one.
    #expect(cache.text(for: key(1)) != nil)
    for index in 5..<8 { cache.insert(try text(index), for: key(index)) }
    // The newer generation (4, 1, 5, 6) filled and became the older one: 0, 2 and 3 are gone.
    for index in [0, 2, 3] { #expect(cache.text(for: key(index)) == nil, "line \(index)") }
    for index in [1, 4, 5, 6, 7] { #expect(cache.text(for: key(index)) != nil, "line \(index)") }
  }
}
