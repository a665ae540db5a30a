import Foundation
import Testing

@testable import PageRendering

/// Text objects joined across marked content (issue 34, item 1): one `BT … ET` for a run of tagged
/// cells, `Td` for `Tm`, no repeated `Tf`, and no marked-content sequence straddling a text object.
@Suite struct TextJoiningTests {
  /// `content` joined, as text.
  static func joined(_ content: String) throws -> String {
    String(decoding: try PDFFinishingPass.joinTextObjects(Data(content.utf8)), as: UTF8.self)
  }

  /// Two cells as the marking leaves them: each in its own marked content and text object.
  static let twoCells = """
    /TD <</MCID 0>> BDC
    0.12 0.12 0.12 rg BT
    9.5 0 0 -9.5 48 90 Tm
    /f-1-0 1 Tf
    (Item)Tj
    ET
    EMC
    /TD <</MCID 1>> BDC
    BT
    9.5 0 0 -9.5 171 90 Tm
    /f-1-0 1 Tf
    (0)Tj
    ET
    EMC
    """

  @Test func cellsOfOneRowShareOneTextObjectWithTheirSequencesInside() throws {
    let out = try Self.joined(Self.twoCells)
    #expect(
      out.split(separator: "\n") == [
        "BT", "/TD <</MCID 0>> BDC", "0.12 0.12 0.12 rg", "9.5 0 0 -9.5 48 90 Tm", "/f-1-0 1 Tf", "(Item)Tj",
        "EMC",
        "/TD <</MCID 1>> BDC", "12.947368 0 Td", "(0)Tj", "EMC", "ET",
      ])
  }

  @Test func aPathBetweenTextObjectsKeepsThemApart() throws {
    let content = "BT 1 0 0 1 10 10 Tm (a)Tj ET 0 0 5 5 re f BT 1 0 0 1 20 10 Tm (b)Tj ET"
    let out = try Self.joined(content)
    #expect(out.components(separatedBy: "BT").count - 1 == 2)
    // A new text object starts from the identity matrix: its Tm becomes a move from the origin.
    #expect(out.contains("BT\n20 10 Td\n(b)Tj"))
  }

  @Test func aSequenceClosedAfterAPathStaysOutsideTheTextObject() throws {
    let content = "/P <</MCID 0>> BDC BT 1 0 0 1 10 10 Tm (a)Tj ET 0 0 5 5 re f EMC"
    let out = try Self.joined(content)
    #expect(out.split(separator: "\n").prefix(2) == ["/P <</MCID 0>> BDC", "BT"])
    #expect(out.hasSuffix("ET\n0 0 5 5 re\nf\nEMC"))
  }

  @Test func aJoinedTextObjectWithoutTmStartsFromTheIdentityMatrix() throws {
    let content = "BT 2 0 0 2 10 10 Tm (a)Tj ET 0 g BT 5 5 Td (b)Tj ET"
    let out = try Self.joined(content)
    #expect(out.components(separatedBy: "BT").count - 1 == 1)
    #expect(out.contains("1 0 0 1 0 0 Tm\n5 5 Td\n(b)Tj"))
  }

  @Test func aTextMatrixOfAnotherScaleStaysAbsoluteAndAChangedFontIsKept() throws {
    let content =
      "BT 9.5 0 0 -9.5 48 90 Tm /f-1-0 1 Tf (a)Tj ET BT 7.5 0 0 -7.5 48 120 Tm /f-0-0 1 Tf (b)Tj ET"
    let out = try Self.joined(content)
    #expect(out.contains("7.5 0 0 -7.5 48 120 Tm"))
    #expect(out.contains("/f-0-0 1 Tf"))
  }

  /// Replays the line matrix's translation through `Tm` and `Td` (scale 9.5, no rotation), one point per `Tj`.
  static func glyphOrigins(_ content: String) -> [(Double, Double)] {
    var e = 0.0
    var f = 0.0
    var scale = (1.0, 1.0)
    var operands: [Double] = []
    var origins: [(Double, Double)] = []
    for word in content.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if let number = Double(word) {
        operands.append(number)
        continue
      }
      switch word {
      case "Tm": (scale, e, f) = ((operands[0], operands[3]), operands[4], operands[5])
      case "Td": (e, f) = (e + operands[0] * scale.0, f + operands[1] * scale.1)
      default: if word.hasSuffix("Tj") { origins.append((e, f)) }
      }
      operands = []
    }
    return origins
  }

  @Test func relativeMovesDoNotAddUpErrorsOverAPage() throws {
    var content = ""
    for cell in 0..<600 {
      let x = 48 + Double(cell % 6) * 61.234567
      let y = 90 + Double(cell / 6) * 18.938123
      content += "/TD <</MCID \(cell)>> BDC BT 9.5 0 0 -9.5 \(x) \(y) Tm /f-1-0 1 Tf (c)Tj ET EMC\n"
    }
    let out = try Self.joined(content)
    #expect(out.components(separatedBy: " Td").count - 1 == 599)
    #expect(out.components(separatedBy: "Tf").count - 1 == 1)
    let before = Self.glyphOrigins(content)
    let after = Self.glyphOrigins(out)
    #expect(before.count == 600 && after.count == 600)
    let worst = zip(before, after).map { max(abs($0.0 - $1.0), abs($0.1 - $1.1)) }.max() ?? 1
    #expect(worst < 1e-5, "worst drift \(worst) pt")
  }

  @Test func contentWithAnInlineImageIsLeftAsItIs() throws {
    let content = "BT 1 0 0 1 1 1 Tm (a)Tj ET BI /W 1 /H 1 ID x EI BT 1 0 0 1 2 1 Tm (b)Tj ET"
    #expect(try Self.joined(content) == content)
  }
}
