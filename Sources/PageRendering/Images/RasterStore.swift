import CCairo
import Foundation
import Synchronization

/// Raster image files decoded once per process, at the largest size drawn so far, and shared read-only by every thread.
///
/// A batch run draws the same logo on every invoice from several threads. The first request
/// decodes it (one at a time) at the size that request draws it (`RasterDecoder`); later requests
/// for the same or a smaller size share those pixels, each thread wrapping them in a cairo
/// surface of its own without copying, and a request for more pixels decodes the file again at
/// that size and replaces the entry. Entries are keyed by path, size and modification time, so a
/// changed file is read again; at most `capacity` files are kept.
final class RasterStore: Sendable {
  /// The store of this process.
  static let shared = RasterStore()

  /// The longest side ever decoded: an A3 page at 300 dpi is 4,961 pixels long, so no page needs more.
  static let maxSide = 5000
  /// The most files kept; beyond it the store starts again empty.
  static let capacity = 64

  /// Decoded pixels: a cairo image surface that is never drawn itself, only lent out.
  ///
  /// Unchecked because a cairo surface is an opaque pointer: these pixels are written once, before
  /// the store hands them out, and only read after (each thread draws through a surface of its own).
  final class Pixels: @unchecked Sendable {
    let surface: OpaquePointer
    /// Whether the surface holds every pixel of the file.
    let isWhole: Bool
    /// The original JPEG bytes, embedded as they are in PDFs, when the image was decoded whole.
    let jpeg: UnsafeMutableBufferPointer<UInt8>?

    init(surface: OpaquePointer, isWhole: Bool, jpeg: [UInt8]?) {
      self.surface = surface
      self.isWhole = isWhole
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

    var width: Int { Int(cairo_image_surface_get_width(surface)) }
    var height: Int { Int(cairo_image_surface_get_height(surface)) }

    /// Whether these pixels are enough to draw `target` pixels.
    func covers(_ target: (width: Int, height: Int)) -> Bool {
      isWhole || (width >= target.width && height >= target.height)
    }
  }

  private struct Key: Hashable {
    let path: String
    let size: Int64
    let modified: Int
    let modifiedNanoseconds: Int
  }

  /// The decoded files; a decode happens while it is held, so a file is decoded once however many threads ask.
  private let entries = Mutex<[Key: Pixels]>([:])

  /// The pixels of the file at `path` with at least `target` pixels, decoded by `decode` when the store has fewer.
  func pixels(path: String, fitting target: (width: Int, height: Int), decode: () throws -> Pixels) throws
    -> Pixels
  {
    var info = stat()
    guard stat(path, &info) == 0 else { throw RenderError.image("file not found") }
    let key = Key(
      path: path, size: Int64(info.st_size), modified: info.st_mtim.tv_sec,
      modifiedNanoseconds: info.st_mtim.tv_nsec)
    return try entries.withLock { entries in
      if let known = entries[key], known.covers(target) { return known }
      let made = try decode()
      if entries[key] == nil, entries.count >= RasterStore.capacity { entries.removeAll() }
      entries[key] = made
      return made
    }
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
