import CCairo
import Foundation
import PageKit
import Testing

@testable import PageRendering

/// A logo far larger than any page: decoded once per process, embedded at the size it is drawn, and warned about.
@Suite(.serialized) struct LargeImageTests {
  /// A 6000 × 6000 PNG (two colours, so it compresses small) written once for the suite.
  static let hugePNG = png(width: 6000, height: 6000)

  /// A two-colour PNG file of `width` × `height` pixels in the temporary folder.
  static func png(width: Int, height: Int) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "invoicegen-\(width)x\(height)-\(getpid()).png"
    ).path
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
    let cr = cairo_create(surface)
    cairo_set_source_rgb(cr, 0.1, 0.3, 0.7)
    cairo_paint(cr)
    cairo_set_source_rgb(cr, 0.9, 0.5, 0.1)
    cairo_rectangle(cr, 0, Double(height / 2), Double(width), Double(height / 2))
    cairo_fill(cr)
    cairo_destroy(cr)
    cairo_surface_write_to_png(surface, path)
    cairo_surface_destroy(surface)
    return path
  }

  /// The width and height of each image `pdfimages -list` finds in the PDF at `path`.
  static func embeddedImages(_ path: String) throws -> [(width: Int, height: Int)] {
    let listing = try TestSupport.run("pdfimages", ["-list", path]).output
    return listing.split(separator: "\n").dropFirst(2).compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count > 4, let width = Int(fields[3]), let height = Int(fields[4]) else { return nil }
      return (width, height)
    }
  }

  @Test func aHugeLogoIsEmbeddedAtItsDrawnSizeAndWarnedAbout() throws {
    let folder = try TestSupport.temporaryFolder()
    let renderer = ImageRenderer(
      content: Image(file: LargeImageTests.hugePNG).resizable().frame(width: 48, height: 48).padding(4))
    renderer.resources = try TestSupport.resources()
    try renderer.writePDF(to: folder + "/logo.pdf")
    let images = try LargeImageTests.embeddedImages(folder + "/logo.pdf")
    #expect(images.count == 1)
    // 48 pt at 300 dpi is 200 pixels; the 6000-pixel original is never embedded.
    #expect(images.first.map { $0.width <= 200 && $0.height <= 200 && $0.width >= 190 } == true, "\(images)")
    #expect(renderer.warnings.contains { $0.message.contains("is 6000×6000 pixels, drawn at 48×48 pt") })
    // Drawn at a size that needs every pixel, the image is not scaled and not warned about.
    let small = LargeImageTests.png(width: 40, height: 20)
    let plain = ImageRenderer(content: Image(file: small).resizable().frame(width: 400, height: 200))
    plain.resources = try TestSupport.resources()
    try plain.writePDF(to: folder + "/plain.pdf")
    #expect(try LargeImageTests.embeddedImages(folder + "/plain.pdf").map(\.width) == [40])
    #expect(plain.warnings.isEmpty)
  }

  /// What the loading threads found, guarded by a lock.
  final class Collected: @unchecked Sendable {
    let lock = NSLock()
    var images: [CairoImage] = []

    func add(_ image: CairoImage) {
      lock.lock()
      images.append(image)
      lock.unlock()
    }

    var snapshot: [CairoImage] {
      lock.lock()
      defer { lock.unlock() }
      return images
    }
  }

  @Test func everyThreadSharesOneDecodeOfAFile() throws {
    let collected = Collected()
    let threads = (0..<2).map { _ in
      Thread {
        let loaded = RenderResources().imageLoader.load(.file(LargeImageTests.hugePNG))
        collected.add(loaded as! CairoImage)
      }
    }
    for thread in threads { thread.start() }
    let deadline = Date().addingTimeInterval(60)
    while collected.snapshot.count < 2, Date() < deadline { usleep(10_000) }
    let images = collected.snapshot
    #expect(images.count == 2)
    guard images.count == 2, case .raster(let first, _) = images[0].content,
      case .raster(let second, _) = images[1].content
    else { return }
    #expect(first != second, "each thread has its own cairo surface")
    #expect(cairo_image_surface_get_data(first) == cairo_image_surface_get_data(second), "over one decode")
    // Longer than any page needs at 300 dpi: kept at 5000 pixels.
    #expect(cairo_image_surface_get_width(first) == 5000)
    // Layout still sees the file's size.
    #expect(images[0].pixelSize == CGSize(width: 6000, height: 6000))
    #expect(images[0].size == CGSize(width: 6000, height: 6000))
  }
}
