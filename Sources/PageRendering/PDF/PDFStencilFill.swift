import CCairo
import Foundation
import PageKit

/// A fill of many rectangles on one square grid (a QR code) drawn as a 1-bit stencil mask.
///
/// Cairo 1.16 writes each rectangle of a path as `m`/`l`/`h` with every number through
/// `snprintf`: a QR code's few hundred blocks cost an untagged invoice more than its text. A grid
/// of modules is an `/ImageMask` of one bit per module, painted in the fill colour and scaled
/// without interpolation, so it prints with the same sharp edges at any resolution. The tagged
/// path writes the rectangles as `re` operators instead (`PDFPathFill`).
struct PDFStencilFill {
  /// The grid's top-left corner and module size in user space, and its size in modules.
  let origin: CGPoint
  let module: Double
  let columns: Int
  let rows: Int
  /// The covered modules, row by row.
  let covered: [Bool]

  /// The grid of `path`, or nil when it is not at least `PDFPathFill.minimumElements` elements of
  /// rectangles whose corners all lie on one square grid of at most 1,024 modules a side.
  init?(_ path: Path) {
    let elements = path.elements
    guard elements.count >= PDFPathFill.minimumElements, elements.count % 5 == 0 else { return nil }
    var rects: [(x: Double, y: Double, width: Double, height: Double)] = []
    rects.reserveCapacity(elements.count / 5)
    for index in stride(from: 0, to: elements.count, by: 5) {
      guard let rect = PDFPathFill.rectangle(in: elements, at: index), rect.width > 0, rect.height > 0
      else { return nil }
      rects.append(rect)
    }
    let module = rects.map { min($0.width, $0.height) }.min()!
    let minX = rects.map(\.x).min()!
    let minY = rects.map(\.y).min()!
    /// `value` in modules from `start`, when it is a whole number of them.
    func modules(_ value: Double, from start: Double = 0) -> Int? {
      let count = (value - start) / module
      let whole = count.rounded()
      return abs(count - whole) <= 1e-6 * max(1, whole) ? Int(whole) : nil
    }
    var cells: [(x: Int, y: Int, width: Int, height: Int)] = []
    cells.reserveCapacity(rects.count)
    for rect in rects {
      guard let x = modules(rect.x, from: minX), let y = modules(rect.y, from: minY),
        let width = modules(rect.width), let height = modules(rect.height)
      else { return nil }
      cells.append((x, y, width, height))
    }
    let columns = cells.map { $0.x + $0.width }.max()!
    let rows = cells.map { $0.y + $0.height }.max()!
    guard columns <= 1024, rows <= 1024 else { return nil }
    var covered = [Bool](repeating: false, count: columns * rows)
    for cell in cells {
      for row in cell.y..<(cell.y + cell.height) {
        for column in cell.x..<(cell.x + cell.width) { covered[row * columns + column] = true }
      }
    }
    self.origin = CGPoint(x: minX, y: minY)
    self.module = module
    self.columns = columns
    self.rows = rows
    self.covered = covered
  }

  /// Paints the covered modules in `color` (opaque) into `cr`'s user space.
  func draw(_ color: RGBAColor, cr: OpaquePointer) {
    guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A1, Int32(columns), Int32(rows)) else { return }
    defer { cairo_surface_destroy(mask) }
    cairo_surface_flush(mask)
    guard let data = cairo_image_surface_get_data(mask) else { return }
    let stride = Int(cairo_image_surface_get_stride(mask))
    for row in 0..<rows {
      for column in 0..<columns where covered[row * columns + column] {
        // A1 pixels are bits of native-endian 32-bit words, the first pixel the lowest bit.
        let word = row * stride + (column / 32) * 4
        let bit = UInt32(1) << UInt32(column % 32)
        let pointer = UnsafeMutableRawPointer(data + word).assumingMemoryBound(to: UInt32.self)
        pointer.pointee |= bit
      }
    }
    cairo_surface_mark_dirty(mask)
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_translate(cr, origin.x, origin.y)
    cairo_scale(cr, module, module)
    guard let pattern = cairo_pattern_create_for_surface(mask) else { return }
    defer { cairo_pattern_destroy(pattern) }
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
    cairo_set_source_rgb(cr, color.red, color.green, color.blue)
    cairo_mask(cr, pattern)
  }
}
