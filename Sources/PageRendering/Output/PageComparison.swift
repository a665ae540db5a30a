import CCairo
import Foundation

/// How two renders of a page differ: which pixels changed, how much of the page that is, and where.
public struct PageComparison: Sendable {
  /// The compared area: the larger of the two pages in each direction.
  public let width: Int
  public let height: Int
  /// Whether each pixel of the area changed, row by row.
  public let changed: [Bool]
  /// The number of changed pixels.
  public let changedCount: Int
  /// The smallest rectangle holding every changed pixel, in pixels; nil when none changed.
  public let box: (x: Int, y: Int, width: Int, height: Int)?
  public let dpi: Double

  /// A channel differing by more than this (of 255) makes a pixel changed: the same PDF renders
  /// identically, so this only forgives a renderer's rounding.
  public static let channelThreshold: UInt32 = 24

  /// Compares `old` with `new` pixel by pixel.
  public init(old: PageRaster, new: PageRaster) {
    width = max(old.width, new.width)
    height = max(old.height, new.height)
    dpi = new.dpi
    var changed = [Bool](repeating: false, count: width * height)
    var count = 0
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<height {
      for x in 0..<width where PageComparison.differs(old.pixel(x, y), new.pixel(x, y)) {
        changed[y * width + x] = true
        count += 1
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    self.changed = changed
    changedCount = count
    box = count == 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }

  @inline(__always)
  static func differs(_ a: UInt32, _ b: UInt32) -> Bool {
    guard a != b else { return false }
    for shift in [16, 8, 0] as [UInt32] {
      let left = (a >> shift) & 0xFF
      let right = (b >> shift) & 0xFF
      if (left > right ? left - right : right - left) > channelThreshold { return true }
    }
    return false
  }

  /// The changed share of the page, in percent.
  public var changedPercent: Double {
    width * height == 0 ? 0 : Double(changedCount) * 100 / Double(width * height)
  }

  /// The box of the changes in points from the page's top-left corner (as `pdftotext -bbox` gives words).
  public var boxInPoints: (x: Double, y: Double, width: Double, height: Double)? {
    box.map { box in
      let scale = 72 / dpi
      return (
        Double(box.x) * scale, Double(box.y) * scale, Double(box.width) * scale, Double(box.height) * scale
      )
    }
  }

  /// The review picture: old, new, and the new page faded with the changed pixels in red, side by
  /// side, each with the box of the changes drawn; as PNG bytes.
  public func picture(old: PageRaster, new: PageRaster) throws -> Data {
    let gap = 12
    let canvas = try CairoSurface.image(width: width * 3 + gap * 2, height: height)
    let data = cairo_image_surface_get_data(canvas.surface)!
    let stride = Int(cairo_image_surface_get_stride(canvas.surface))
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
      for x in 0..<(width * 3 + gap * 2) { row[x] = 0xFFE0_E0E0 }
      for x in 0..<width {
        row[x] = 0xFF00_0000 | old.pixel(x, y)
        row[width + gap + x] = 0xFF00_0000 | new.pixel(x, y)
        row[2 * (width + gap) + x] =
          changed[y * width + x] ? 0xFFE0_1E1E : PageComparison.faded(new.pixel(x, y))
      }
    }
    cairo_surface_mark_dirty(canvas.surface)
    if let box {
      let context = try canvas.makeContext()
      cairo_set_source_rgb(context.cr, 0.88, 0.12, 0.12)
      cairo_set_line_width(context.cr, 1.5)
      for panel in 0..<3 {
        cairo_rectangle(
          context.cr, Double(panel * (width + gap) + box.x) - 2, Double(box.y) - 2, Double(box.width) + 4,
          Double(box.height) + 4)
        cairo_stroke(context.cr)
      }
    }
    return try PNGEncoder.encode(canvas.surface)
  }

  /// A pixel lightened towards white, so the red of the changes stands out on it.
  static func faded(_ pixel: UInt32) -> UInt32 {
    var out: UInt32 = 0xFF00_0000
    for shift in [16, 8, 0] as [UInt32] {
      let channel = (pixel >> shift) & 0xFF
      out |= (255 - (255 - channel) / 4) << shift
    }
    return out
  }
}
