import CCairo
import Foundation

/// Pixels of a raster render: straight (not premultiplied) RGBA, 8 bits per channel, rows top to bottom.
public struct PixelBuffer: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes, R G B A per pixel.
  public let bytes: [UInt8]

  public init(width: Int, height: Int, bytes: [UInt8]) {
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// Copies and un-premultiplies the pixels of a cairo ARGB32 image surface.
  init(surface: OpaquePointer) {
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    var out = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
      for x in 0..<width {
        let argb = row[x]
        let a = UInt32(argb >> 24)
        func channel(_ value: UInt32) -> UInt8 {
          a == 0 ? 0 : UInt8(min(255, (value * 255 + a / 2) / a))
        }
        let index = (y * width + x) * 4
        out[index] = channel((argb >> 16) & 0xFF)
        out[index + 1] = channel((argb >> 8) & 0xFF)
        out[index + 2] = channel(argb & 0xFF)
        out[index + 3] = UInt8(a)
      }
    }
    bytes = out
  }

  /// The RGBA components of the pixel at `x`, `y`.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let index = (y * width + x) * 4
    return (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
  }
}

/// Encodes cairo image surfaces as PNG and decodes PNG files into pixel buffers.
public enum PNGEncoder {
  /// The PNG encoding of `surface`.
  static func encode(_ surface: OpaquePointer) throws -> Data {
    final class Sink { var data = Data() }
    let sink = Sink()
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(
        surface,
        { closure, bytes, length in
          let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
          if let bytes { sink.data.append(bytes, count: Int(length)) }
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError.cairo(String(cString: cairo_status_to_string(status)), operation: "PNG encoding")
    }
    return sink.data
  }

  /// The pixels of the PNG file at `path`, or `nil` if it is not a readable PNG.
  public static func decode(file path: String) -> PixelBuffer? {
    guard let png = try? CairoSurface.png(path: path) else { return nil }
    guard cairo_image_surface_get_format(png.surface) == CAIRO_FORMAT_ARGB32 else {
      // Convert RGB24 and other formats by painting onto an ARGB32 surface.
      guard
        let converted = try? CairoSurface.image(
          width: Int(cairo_image_surface_get_width(png.surface)),
          height: Int(cairo_image_surface_get_height(png.surface))),
        let context = try? converted.makeContext()
      else { return nil }
      cairo_set_source_surface(context.cr, png.surface, 0, 0)
      cairo_paint(context.cr)
      return converted.pixelBuffer()
    }
    return png.pixelBuffer()
  }
}

extension PixelBuffer {
  /// These pixels encoded as PNG.
  public func pngData() throws -> Data {
    let image = try CairoSurface.image(width: width, height: height)
    let surface = image.surface
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    for y in 0..<height {
      let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
      for x in 0..<width {
        let index = (y * width + x) * 4
        let a = UInt32(bytes[index + 3])
        func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * a + 127) / 255 }
        row[x] =
          a << 24 | premultiplied(bytes[index]) << 16 | premultiplied(bytes[index + 1]) << 8
          | premultiplied(bytes[index + 2])
      }
    }
    cairo_surface_mark_dirty(surface)
    return try PNGEncoder.encode(surface)
  }
}
