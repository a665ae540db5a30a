import CCairo
import Foundation

/// Raster image files decoded once per process and shared, read-only, by every rendering thread.
///
/// A batch run draws the same logo on every invoice from several threads; each thread used to
/// decode it for itself. Here the first request decodes (one at a time, so a huge file is held
/// in full only once), scales anything longer than `maxSide` down to it, and keeps the pixels;
/// every thread then wraps them in a cairo surface of its own without copying. Entries are keyed
/// by path, size and modification time, so a changed file is read again; at most `capacity`
/// files are kept.
final class RasterStore: @unchecked Sendable {
  /// The store of this process.
  static let shared = RasterStore()

  /// The longest side kept: an A3 page at 300 dpi is 4,961 pixels long, so no page needs more.
  static let maxSide = 5000
  /// The most files kept; beyond it the store starts again empty.
  static let capacity = 64

  /// Decoded pixels: a cairo image surface that is never drawn itself, only lent out.
  final class Pixels: @unchecked Sendable {
    let surface: OpaquePointer
    let orientation: ExifOrientation
    /// The pixels of the file, before any scaling down.
    let filePixels: CGSize
    /// The original JPEG bytes, embedded as they are in PDFs, unless the image was scaled down.
    let jpeg: UnsafeMutableBufferPointer<UInt8>?

    init(surface: OpaquePointer, orientation: ExifOrientation, filePixels: CGSize, jpeg: [UInt8]?) {
      self.surface = surface
      self.filePixels = filePixels
      self.orientation = orientation
      if let jpeg {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: jpeg.count)
        _ = copy.initialize(from: jpeg)
        self.jpeg = copy
      } else {
        self.jpeg = nil
      }
    }

    deinit {
      cairo_surface_destroy(surface)
      jpeg?.deallocate()
    }
  }

  private struct Key: Hashable {
    let path: String
    let size: Int64
    let modified: Int
    let modifiedNanoseconds: Int
  }

  private let lock = NSLock()
  private var entries: [Key: Pixels] = [:]

  /// The pixels of the file at `path`, decoded by `decode` on first use (which returns surface, orientation and JPEG bytes).
  func pixels(
    path: String, decode: () throws -> (OpaquePointer, ExifOrientation, [UInt8]?)
  ) throws -> Pixels {
    var info = stat()
    guard stat(path, &info) == 0 else { throw RenderError.image("file not found") }
    let key = Key(
      path: path, size: Int64(info.st_size), modified: info.st_mtim.tv_sec,
      modifiedNanoseconds: info.st_mtim.tv_nsec)
    lock.lock()
    defer { lock.unlock() }
    if let known = entries[key] { return known }
    var (surface, orientation, jpeg) = try decode()
    let filePixels = CGSize(
      width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface))
    )
    if let reduced = RasterStore.reduce(surface) {
      cairo_surface_destroy(surface)
      surface = reduced
      jpeg = nil
    }
    let longest = max(cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))
    if longest > RasterStore.maxSide {
      let factor = Double(RasterStore.maxSide) / Double(longest)
      if let scaled = RasterStore.scaled(
        surface, width: max(1, Int(Double(cairo_image_surface_get_width(surface)) * factor)),
        height: max(1, Int(Double(cairo_image_surface_get_height(surface)) * factor)))
      {
        cairo_surface_destroy(surface)
        surface = scaled
        jpeg = nil
      }
    }
    let made = Pixels(surface: surface, orientation: orientation, filePixels: filePixels, jpeg: jpeg)
    if entries.count >= RasterStore.capacity { entries.removeAll() }
    entries[key] = made
    return made
  }

  /// A surface of its own for the calling thread over `pixels`' memory; it keeps `pixels` alive.
  static func surface(lending pixels: Pixels) -> OpaquePointer? {
    let source = pixels.surface
    guard
      let surface = cairo_image_surface_create_for_data(
        cairo_image_surface_get_data(source), cairo_image_surface_get_format(source),
        cairo_image_surface_get_width(source), cairo_image_surface_get_height(source),
        cairo_image_surface_get_stride(source)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    let owner = Unmanaged.passRetained(pixels).toOpaque()
    cairo_surface_set_user_data(surface, &RasterStore.ownerKey, owner) { pointer in
      if let pointer { Unmanaged<Pixels>.fromOpaque(pointer).release() }
    }
    if let jpeg = pixels.jpeg {
      let retained = Unmanaged.passRetained(pixels).toOpaque()
      cairo_surface_set_mime_data(
        surface, CAIRO_MIME_TYPE_JPEG, jpeg.baseAddress, UInt(jpeg.count),
        { pointer in if let pointer { Unmanaged<Pixels>.fromOpaque(pointer).release() } }, retained)
    }
    return surface
  }

  nonisolated(unsafe) private static var ownerKey = cairo_user_data_key_t()

  /// A copy of `surface` at most twice `maxSide` long, or nil when it is shorter than that already.
  ///
  /// Each block of n × n pixels becomes their average (n = longest side ÷ `maxSide`, rounded
  /// down): a box filter, exact for premultiplied pixels and several times faster than cairo's
  /// filter on images of a hundred megapixels and more. Cairo's filter then takes it to `maxSide`.
  private static func reduce(_ surface: OpaquePointer) -> OpaquePointer? {
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let longest = max(width, height)
    let block = longest / maxSide
    guard block >= 2 else { return nil }
    let newWidth = max(1, width / block)
    let newHeight = max(1, height / block)
    let format = cairo_image_surface_get_format(surface)
    guard let copy = cairo_image_surface_create(format, Int32(newWidth), Int32(newHeight)),
      cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS
    else { return nil }
    cairo_surface_flush(surface)
    guard let from = cairo_image_surface_get_data(surface), let to = cairo_image_surface_get_data(copy) else {
      cairo_surface_destroy(copy)
      return nil
    }
    let fromStride = Int(cairo_image_surface_get_stride(surface))
    let toStride = Int(cairo_image_surface_get_stride(copy))
    let area = UInt32(block * block)
    let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: newWidth * 4)
    defer { sums.deallocate() }
    for row in 0..<newHeight {
      sums.initialize(repeating: 0, count: newWidth * 4)
      for line in (row * block)..<(row * block + block) {
        var source = from + line * fromStride
        var sum = sums
        for _ in 0..<newWidth {
          var a: UInt32 = 0
          var b: UInt32 = 0
          var c: UInt32 = 0
          var d: UInt32 = 0
          for _ in 0..<block {
            a &+= UInt32(source[0])
            b &+= UInt32(source[1])
            c &+= UInt32(source[2])
            d &+= UInt32(source[3])
            source += 4
          }
          sum[0] &+= a
          sum[1] &+= b
          sum[2] &+= c
          sum[3] &+= d
          sum += 4
        }
      }
      let target = to + row * toStride
      for index in 0..<(newWidth * 4) { target[index] = UInt8(sums[index] / area) }
    }
    cairo_surface_mark_dirty(copy)
    return copy
  }

  /// `surface` drawn into a new image surface of `width` × `height` pixels with cairo's good filter.
  static func scaled(_ surface: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
    guard
      let copy = try? CairoSurface.image(
        width: width, height: height, format: cairo_image_surface_get_format(surface)),
      let scaler = try? copy.makeContext()
    else { return nil }
    cairo_scale(
      scaler.cr, Double(width) / Double(cairo_image_surface_get_width(surface)),
      Double(height) / Double(cairo_image_surface_get_height(surface)))
    cairo_set_source_surface(scaler.cr, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(scaler.cr), CAIRO_FILTER_GOOD)
    cairo_set_operator(scaler.cr, CAIRO_OPERATOR_SOURCE)
    cairo_paint(scaler.cr)
    cairo_surface_flush(copy.surface)
    // The caller owns the pixels from here on.
    return cairo_surface_reference(copy.surface)
  }
}
