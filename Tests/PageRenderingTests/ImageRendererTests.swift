import Foundation
import PageKit
import PageRendering
import Testing

@Suite struct ImageRendererTests {
  @Test func pixelSizeIsPointsTimesScale() throws {
    let renderer = ImageRenderer(content: Color.red.frame(width: 320, height: 180))
    renderer.scale = 3
    let pixels = try renderer.pixelBuffer()
    #expect(pixels.width == 960 && pixels.height == 540)
  }

  @Test func proposedSizeIsOfferedToTheView() throws {
    let renderer = ImageRenderer(content: Color.blue)
    renderer.proposedSize = ProposedViewSize(width: 30, height: 12)
    let pixels = try renderer.pixelBuffer()
    #expect(pixels.width == 30 && pixels.height == 12)
  }

  @Test func uncoveredCornersStayTransparentUnlessOpaque() throws {
    let view = Circle().fill(Color.red).frame(width: 40, height: 40)
    let renderer = ImageRenderer(content: view)
    let clear = try renderer.pixelBuffer()
    #expect(clear.pixel(x: 0, y: 0).alpha == 0)
    #expect(clear.pixel(x: 39, y: 39).alpha == 0)
    let centre = clear.pixel(x: 20, y: 20)
    #expect(
      centre.red == 255 && abs(Int(centre.green) - 59) <= 1 && abs(Int(centre.blue) - 48) <= 1
        && centre.alpha == 255)
    renderer.isOpaque = true
    let opaque = try renderer.pixelBuffer()
    #expect(opaque.pixel(x: 0, y: 0) == (255, 255, 255, 255))
    renderer.environment.colorScheme = .dark
    #expect(try renderer.pixelBuffer().pixel(x: 0, y: 0) == (0, 0, 0, 255))
  }

  @Test func otherColorModesAreAClearError() {
    let renderer = ImageRenderer(content: Color.red.frame(width: 4, height: 4))
    renderer.colorMode = .extendedLinear
    #expect(throws: RenderError.self) { try renderer.pngData() }
  }

  @Test func pngDataIsAPNG() throws {
    let renderer = ImageRenderer(content: Color.red.frame(width: 4, height: 4))
    let data = try renderer.pngData()
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func unreadableImageWarnsOrFailsOnRequest() throws {
    let renderer = ImageRenderer(content: Image(file: "/nonexistent/logo.png"))
    let pixels = try renderer.pixelBuffer()
    #expect(pixels.width == 64)
    #expect(
      renderer.warnings.map(\.message) == [
        "image /nonexistent/logo.png: file not found; drawn as a placeholder"
      ])
    renderer.failsOnUnreadableImages = true
    #expect(throws: RenderError.self) { try renderer.pngData() }
    let corrupt = ImageRenderer(content: Image(data: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])))
    _ = try corrupt.pngData()
    #expect(corrupt.warnings.first?.message.contains("corrupt PNG data") == true)
  }

  @Test func exifOrientationTurnsTheImage() throws {
    let loader = CairoImageLoader()
    let upright = loader.load(.data(TestSupport.jpeg(width: 40, height: 20)))
    let turned = loader.load(.data(TestSupport.jpeg(width: 40, height: 20, orientation: 6)))
    #expect(upright.size == CGSize(width: 40, height: 20))
    #expect(turned.size == CGSize(width: 20, height: 40))
    // Orientation 6 turns the image clockwise: the red left half ends up on top.
    let renderer = ImageRenderer(
      content: Image(data: TestSupport.jpeg(width: 40, height: 20, orientation: 6)))
    let pixels = try renderer.pixelBuffer()
    #expect(pixels.pixel(x: 10, y: 5).red > 200 && pixels.pixel(x: 10, y: 35).blue > 200)
  }

  @Test func svgImagesKeepTheirIntrinsicSize() {
    let image = CairoImageLoader().load(.data(TestSupport.svg))
    #expect(image.failure == nil)
    #expect(image.size == CGSize(width: 40, height: 20))
  }

  @Test func registeredFontFolderIsUsed() throws {
    let fonts = try FontConfiguration(fontDirectories: [TestSupport.fontFolder], includeSystemFonts: false)
    #expect(fonts.families.contains("DejaVu Sans"))
    #expect(throws: RenderError.self) { try FontConfiguration(fontDirectories: ["/nonexistent/fonts"]) }
  }

  @Test func pangoShapesWrapsAndReportsLines() throws {
    let shaper = try TestSupport.resources().textShaper
    let paragraph = Paragraph(runs: [
      StyledRun(text: "one two three four five six", font: .custom("DejaVu Sans", size: 10))
    ])
    let wide = shaper.shape(paragraph, width: nil)
    let narrow = shaper.shape(paragraph, width: 40)
    #expect(wide.lines.count == 1)
    #expect(narrow.lines.count >= 4)
    #expect(narrow.size.width <= 40)
    #expect(narrow.lines[1].top >= narrow.lines[0].top + narrow.lines[0].height - 0.01)
    #expect(narrow.lines.allSatisfy { $0.baseline > $0.top && $0.baseline < $0.top + $0.height })
    let long = Paragraph(runs: [
      StyledRun(text: "Donaudampfschifffahrtsgesellschaft", font: .custom("DejaVu Sans", size: 10))
    ])
    #expect(shaper.shape(long, width: 50).size.width <= 50)
  }
}

@Suite struct RenderClosureTests {
  @Test func renderHandsTheSizeAndDrawsIntoAnyContext() throws {
    let renderer = ImageRenderer(content: Color.green.frame(width: 20, height: 10))
    var seen = CGSize.zero
    var pixels: PixelBuffer?
    try renderer.render { size, draw in
      seen = size
      let surface = try CairoSurface.image(width: Int(size.width) * 2, height: Int(size.height) * 2)
      let context = try surface.makeContext()
      context.scale(by: 2)
      draw(context)
      pixels = surface.pixelBuffer()
    }
    #expect(seen == CGSize(width: 20, height: 10))
    #expect(pixels?.width == 40)
    #expect(pixels?.pixel(x: 39, y: 19).green ?? 0 > 150)
    #expect(pixels?.pixel(x: 39, y: 19).alpha == 255)
  }

  @Test func renderIntoAPDFSurface() throws {
    let folder = try TestSupport.temporaryFolder()
    let renderer = ImageRenderer(content: Text("Drawn by render").padding(10))
    renderer.resources = try TestSupport.resources()
    renderer.environment = TestSupport.environment
    try renderer.render { size, draw in
      let surface = try CairoSurface.pdf(writingTo: try AtomicFile(path: folder + "/render.pdf"), size: size)
      draw(try surface.makeContext())
      try surface.commit()
    }
    let text = try TestSupport.run("pdftotext", [folder + "/render.pdf", "-"]).output
    #expect(text.contains("Drawn by render"))
  }
}

@Suite struct UnknownGlyphTests {
  @Test func charactersNoFontCanShowInATableCellAreReported() throws {
    let table = Table(
      columns: [TableColumn("Item"), TableColumn("Note")],
      rows: TableRows([["Widget", "Thai \u{0E01}\u{0E32}"], ["Gadget", "plain"]]))
    let renderer = DocumentRenderer(
      document: Document { Page(size: .custom(width: 300, height: 200), margins: EdgeInsets(10)) { table } })
    renderer.resources = try TestSupport.resources()
    renderer.environment = TestSupport.environment
    let folder = try TestSupport.temporaryFolder()
    try renderer.writePDF(to: folder + "/cells.pdf")
    #expect(
      renderer.warnings.contains {
        $0.kind == .missingGlyphs
          && $0.message.contains("\"Thai \u{0E01}\u{0E32}\": 2 characters (script Thai)")
      }, "\(renderer.warnings)")
    renderer.missingGlyphsAreErrors = true
    #expect(throws: RenderError.self) { try renderer.writePDF(to: folder + "/strict.pdf") }
    #expect(!FileManager.default.fileExists(atPath: folder + "/strict.pdf"))
  }

  @Test func charactersNoFontCanShowAreReported() throws {
    let renderer = ImageRenderer(content: Text("Thai \u{0E01}\u{0E32} here"))
    renderer.resources = try TestSupport.resources()
    renderer.environment = TestSupport.environment
    _ = try renderer.pngData()
    #expect(renderer.warnings.count == 1)
    #expect(renderer.warnings.first?.message.contains("no installed font can show") == true)
    let plain = ImageRenderer(content: Text("Plain Latin"))
    plain.resources = try TestSupport.resources()
    plain.environment = TestSupport.environment
    _ = try plain.pngData()
    #expect(plain.warnings.isEmpty)
  }
}
