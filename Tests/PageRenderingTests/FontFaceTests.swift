import CCairo
import CFonts
import Foundation
import PageKit
import Testing

@testable import PageRendering

/// Every font reaches cairo through a FreeType face of ours, one per font file for all threads.
///
/// Cairo 1.16 closes font files it opened itself once more than ten are open, racing any thread
/// that is about to draw with one (two workers crashed in one Swiss QR-bill batch in five). A
/// face cairo is given is never closed, so these tests hold the fonts of every script to that.
@Suite struct FontFaceTests {
  /// Names in the scripts whose fonts are separate files (Latin, Arabic, Hebrew, Thai, Devanagari, CJK).
  static let names = [
    "Müller & Söhne", "شركة الرياض", "חברת תל אביב", "ฐิติกุล ธูปหอม", "मुंबई ट्रेडिंग", "東京商事株式会社",
  ]

  /// The fontconfig pattern of every font Pango chose for `text`.
  static func patterns(of text: String, shaper: PangoTextShaper, font: Font = .body) throws
    -> [OpaquePointer]
  {
    let shaped = try #require(
      shaper.shape(Paragraph(runs: [StyledRun(text: text, font: font)]), width: nil) as? PangoShapedText)
    var patterns: [OpaquePointer] = []
    let iterator = try #require(pango_layout_get_iter(shaped.layout))
    defer { pango_layout_iter_free(iterator) }
    repeat {
      guard let run = pango_layout_iter_get_run_readonly(iterator),
        let font = run.pointee.item.pointee.analysis.font
      else { continue }
      let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
      patterns.append(try #require(fcFont.pointee.font_pattern))
    } while pango_layout_iter_next_run(iterator) != 0
    return patterns
  }

  /// The FreeType face `pattern` hands cairo, if any.
  static func face(_ pattern: OpaquePointer) -> FT_Face? {
    var face: FT_Face?
    return FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &face) == FcResultMatch ? face : nil
  }

  @Test func everyScriptsFontHandsCairoAFace() throws {
    let shaper = PangoTextShaper()
    var files = Set<String>()
    let fonts: [Font] = [.body, .body.bold(), .body.italic(), .custom("Liberation Sans", size: 11)]
    for name in Self.names {
      for font in fonts {
        let patterns = try Self.patterns(of: name, shaper: shaper, font: font)
        #expect(!patterns.isEmpty, "\(name)")
        for pattern in patterns {
          #expect(Self.face(pattern) != nil, "\(name): a font without a face of ours")
          var file: UnsafeMutablePointer<FcChar8>?
          if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
            files.insert(String(cString: file))
          }
        }
      }
    }
    // More font files than cairo 1.16 keeps open of its own (ten): the case that crashed.
    #expect(files.count > 10, "\(files.sorted())")
  }

  /// The address of the face behind every font of `names`, 0 where there is none, shaped by a shaper of its own.
  static func faceAddresses() throws -> [UInt] {
    let shaper = PangoTextShaper()
    return try names.flatMap { try patterns(of: $0, shaper: shaper) }.map {
      face($0).map { UInt(bitPattern: $0) } ?? 0
    }
  }

  @Test func shapersOnTwoThreadsShareOneFacePerFile() throws {
    let here = try Self.faceAddresses()
    nonisolated(unsafe) var there: Result<[UInt], any Error>?
    let done = DispatchSemaphore(value: 0)
    Thread {
      there = Result { try Self.faceAddresses() }
      done.signal()
    }.start()
    done.wait()
    let other = try #require(there).get()
    #expect(!here.isEmpty && !here.contains(0))
    #expect(here == other)
  }
}
