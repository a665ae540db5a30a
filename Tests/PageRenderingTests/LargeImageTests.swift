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

  @Test func everyThreadSharesOneDecodeOfAFileAtTheLargestSizeDrawn() throws {
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
    guard images.count == 2, case .raster(let first) = images[0].content,
      case .raster(let second) = images[1].content
    else { return }
    // Loading checks the file with a decode of at most 1024 pixels (6000 / 5 = 1200), shared by both threads.
    let one = try first.surface(fitting: (200, 200))
    let two = try second.surface(fitting: (200, 200))
    #expect(one != two, "each thread has its own cairo surface")
    #expect(cairo_image_surface_get_data(one) == cairo_image_surface_get_data(two), "over one decode")
    #expect(cairo_image_surface_get_width(one) == 1200)
    // Drawn larger, the file is decoded again at that size (blocks of 2 pixels), and a smaller size shares it.
    let large = try first.surface(fitting: (2900, 2900))
    #expect(cairo_image_surface_get_width(large) == 3000)
    let smaller = try second.surface(fitting: (2000, 2000))
    #expect(cairo_image_surface_get_data(smaller) == cairo_image_surface_get_data(large))
    // Longer than any page needs at 300 dpi: never decoded whole.
    #expect(images[0].pixelSize == CGSize(width: 6000, height: 6000))
    #expect(images[0].size == CGSize(width: 6000, height: 6000))
  }

  @Test func pngAndJPEGAreDecodedAtTheSizeAskedFor() throws {
    let png = try Data(contentsOf: URL(fileURLWithPath: LargeImageTests.png(width: 1000, height: 600)))
    let header = try RasterDecoder.header(png)
    #expect((header.width, header.height) == (1000, 600))
    // Blocks of 3 × 3 pixels (1000 / 300 = 3, 600 / 190 = 3): 334 × 200, and the colours stay exact.
    let (surface, _) = try RasterDecoder.decode(png, header, fitting: (300, 190))
    defer { cairo_surface_destroy(surface) }
    #expect(cairo_image_surface_get_width(surface) == 334)
    #expect(cairo_image_surface_get_height(surface) == 200)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    // The file holds (25, 76, 179) above and (230, 128, 25) below; memory order is B, G, R, A.
    #expect([data[0], data[1], data[2], data[3]] == [179, 76, 25, 255])
    let bottom = data + 150 * stride
    #expect([bottom[0], bottom[1], bottom[2], bottom[3]] == [25, 128, 230, 255])
    let jpeg = TestSupport.jpeg(width: 800, height: 400)
    let jpegHeader = try RasterDecoder.header(jpeg)
    // DCT scaling: the smallest factor that still gives 150 × 70 pixels is 1/4 (200 × 100); no JPEG bytes kept.
    let (scaled, bytes) = try RasterDecoder.decode(jpeg, jpegHeader, fitting: (150, 70))
    defer { cairo_surface_destroy(scaled) }
    #expect(cairo_image_surface_get_width(scaled) == 200)
    #expect(bytes == nil)
    // Drawn at more than half its pixels, a JPEG is decoded whole and keeps its bytes for the PDF.
    let (whole, kept) = try RasterDecoder.decode(jpeg, jpegHeader, fitting: (500, 250))
    defer { cairo_surface_destroy(whole) }
    #expect(cairo_image_surface_get_width(whole) == 800)
    #expect(kept?.count == jpeg.count)
  }

  @Test func anImageOverThePixelLimitIsRefusedSayingSo() throws {
    // A PNG header claiming 40000 × 40000 pixels: refused from the header, before any decoding.
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8) + [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40, 8, 2, 0, 0, 0, 0, 0, 0, 0]
    let image = CairoImageLoader().load(.data(Data(bytes)))
    #expect(
      image.failure?.contains("is 40000×40000 pixels; images of at most 32768×32768") == true,
      "\(image.failure ?? "")")
  }
}

extension LargeImageTests {
  /// Writes a PNG of `width` × `height` pixels whose colour changes every 8 pixels, Adam7-interlaced or not, with Python's zlib.
  static func blockPNG(width: Int, height: Int, interlaced: Bool, to path: String) throws {
    let script = """
      import struct, sys, zlib
      w, h, interlaced, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == '1', sys.argv[4]
      def pixel(x, y): return bytes([(x // 8) * 20 % 256, (y // 8) * 30 % 256, 200, 255 - (x // 8 + y // 8) % 2 * 100])
      def rows(xs, ys): return b''.join(b'\\0' + b''.join(pixel(x, y) for x in xs) for y in ys)
      if interlaced:
          passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
          raw = b''.join(rows(range(x0, w, dx), range(y0, h, dy)) for x0, y0, dx, dy in passes if x0 < w and y0 < h)
      else:
          raw = rows(range(w), range(h))
      def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
      ihdr = struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 1 if interlaced else 0)
      open(path, 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
      """
    let result = try TestSupport.run(
      "python3", ["-c", script, "\(width)", "\(height)", interlaced ? "1" : "0", path])
    #expect(FileManager.default.fileExists(atPath: path), "\(result.output)")
  }

  @Test(arguments: [1, 2, 4, 8, 16])
  func anInterlacedPNGDecodesLikeItsPlainTwin(block: Int) throws {
    let folder = try TestSupport.temporaryFolder()
    try LargeImageTests.blockPNG(width: 101, height: 67, interlaced: false, to: folder + "/plain.png")
    try LargeImageTests.blockPNG(width: 101, height: 67, interlaced: true, to: folder + "/adam7.png")
    var decoded: [[UInt8]] = []
    for name in ["plain", "adam7"] {
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/\(name).png"))
      let header = try RasterDecoder.header(data)
      // The largest target whose blocks are `block` pixels on both axes.
      let (surface, _) = try RasterDecoder.decode(data, header, fitting: (101 / block, 67 / block))
      defer { cairo_surface_destroy(surface) }
      #expect(cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32)
      let width = Int(cairo_image_surface_get_width(surface))
      let height = Int(cairo_image_surface_get_height(surface))
      #expect(width == (101 + block - 1) / block && height == (67 + block - 1) / block)
      let stride = Int(cairo_image_surface_get_stride(surface))
      let pixels = cairo_image_surface_get_data(surface)!
      // Compare whole blocks only: at the right and bottom edges a grid sample and an average may differ.
      let inner = (0..<(66 / block)).flatMap { y in
        (0..<(stride * (100 / block) / width)).map { pixels[y * stride + $0] }
      }
      decoded.append(inner)
    }
    #expect(decoded[0] == decoded[1])
    #expect(decoded[0].count > 0)
  }
}
