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
  /// One box per changed region (changed pixels closer than `regionReach` points are one region), in pixels.
  public let regions: [PageBox]
  public let dpi: Double

  /// Changed pixels closer than this (points) belong to one region.
  public static let regionReach = 6.0

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
    regions = count == 0 ? [] : PageComparison.regions(changed, width: width, height: height, dpi: dpi)
  }

  /// The regions of the changed pixels: cells of about `regionReach` points that hold a change,
  /// joined with their neighbours, each region's box the extent of its changed pixels.
  static func regions(_ changed: [Bool], width: Int, height: Int, dpi: Double) -> [PageBox] {
    let cell = max(1, Int(regionReach * dpi / 72))
    let columns = (width + cell - 1) / cell
    let rows = (height + cell - 1) / cell
    // Each cell's changed extent in pixels (minX, minY, maxX, maxY), or nil.
    var extents = [(Int, Int, Int, Int)?](repeating: nil, count: columns * rows)
    for y in 0..<height {
      for x in 0..<width where changed[y * width + x] {
        let index = (y / cell) * columns + x / cell
        let e = extents[index] ?? (x, y, x, y)
        extents[index] = (min(e.0, x), min(e.1, y), max(e.2, x), max(e.3, y))
      }
    }
    var seen = [Bool](repeating: false, count: columns * rows)
    var result: [PageBox] = []
    for start in extents.indices where extents[start] != nil && !seen[start] {
      var stack = [start]
      seen[start] = true
      var e = extents[start]!
      while let index = stack.popLast() {
        let (column, row) = (index % columns, index / columns)
        for dy in -1...1 {
          for dx in -1...1 {
            let (c, r) = (column + dx, row + dy)
            guard c >= 0, c < columns, r >= 0, r < rows else { continue }
            let next = r * columns + c
            guard !seen[next], let n = extents[next] else { continue }
            seen[next] = true
            e = (min(e.0, n.0), min(e.1, n.1), max(e.2, n.2), max(e.3, n.3))
            stack.append(next)
          }
        }
      }
      result.append(
        PageBox(x: Double(e.0), y: Double(e.1), width: Double(e.2 - e.0 + 1), height: Double(e.3 - e.1 + 1)))
    }
    return result.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
  }

  /// The regions in points from the page's top-left corner.
  public var regionsInPoints: [PageBox] {
    let scale = 72 / dpi
    return regions.map {
      PageBox(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale)
    }
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
  /// side, each with a frame around every box of `marks` (points; by default the changed regions);
  /// as PNG bytes.
  public func picture(old: PageRaster, new: PageRaster, marks: [PageBox]? = nil) throws -> Data {
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
    let context = try canvas.makeContext()
    let scale = dpi / 72
    let boxes =
      marks?.map {
        PageBox(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale)
      } ?? regions
    for panel in 0..<3 {
      PageComparison.frame(boxes, in: context, dx: Double(panel * (width + gap)), dy: 0)
    }
    return try PNGEncoder.encode(canvas.surface)
  }

  /// Red frames drawn just outside `boxes` (pixels), so they never cover what changed.
  static func frame(_ boxes: [PageBox], in context: CairoContext, dx: Double, dy: Double) {
    cairo_set_source_rgb(context.cr, 0.88, 0.12, 0.12)
    cairo_set_line_width(context.cr, 1.5)
    for box in boxes {
      let outer = box.grown(by: 3)
      cairo_rectangle(context.cr, outer.x + dx, outer.y + dy, outer.width, outer.height)
      cairo_stroke(context.cr)
    }
  }

  /// A close-up of one change: the old region above the new one, each framed where its words
  /// changed (`oldMark`, `newMark` in the crops' pixels), as PNG bytes.
  public static func closeUp(
    old: PageRaster, new: PageRaster, oldMark: PageBox?, newMark: PageBox?
  ) throws -> Data {
    let gap = 10
    let width = max(old.width, new.width)
    let canvas = try CairoSurface.image(width: width, height: old.height + gap + new.height)
    let data = cairo_image_surface_get_data(canvas.surface)!
    let stride = Int(cairo_image_surface_get_stride(canvas.surface))
    for y in 0..<(old.height + gap + new.height) {
      let row = UnsafeMutableRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        if y < old.height {
          row[x] = 0xFF00_0000 | old.pixel(x, y)
        } else if y >= old.height + gap {
          row[x] = 0xFF00_0000 | new.pixel(x, y - old.height - gap)
        } else {
          row[x] = 0xFFE0_E0E0
        }
      }
    }
    cairo_surface_mark_dirty(canvas.surface)
    let context = try canvas.makeContext()
    if let oldMark { frame([oldMark], in: context, dx: 0, dy: 0) }
    if let newMark { frame([newMark], in: context, dx: 0, dy: Double(old.height + gap)) }
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
