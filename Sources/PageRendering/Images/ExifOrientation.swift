import CCairo
import Foundation

/// The EXIF orientation of a JPEG (1 to 8): how the stored pixels must be turned to show upright.
enum ExifOrientation: Int {
  case up = 1
  case upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

  /// Whether the image shows with width and height exchanged.
  var swapsAxes: Bool { rawValue >= 5 }

  /// The orientation read from the APP1 EXIF segment of `jpeg`, or `.up` when there is none.
  init(jpeg bytes: [UInt8]) {
    self = .up
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      if marker == 0xDA || length < 2 { return }
      let start = offset + 4
      if marker == 0xE1, start + 14 <= bytes.count, Array(bytes[start..<start + 6]) == Array("Exif\0\0".utf8)
      {
        if let value = ExifOrientation.read(
          tiff: Array(bytes[(start + 6)..<min(bytes.count, offset + 2 + length)]))
        {
          self = value
        }
        return
      }
      offset += 2 + length
    }
  }

  private static func read(tiff: [UInt8]) -> ExifOrientation? {
    guard tiff.count >= 8 else { return nil }
    let little = tiff[0] == 0x49
    func u16(_ at: Int) -> Int? {
      guard at + 2 <= tiff.count else { return nil }
      return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
    }
    func u32(_ at: Int) -> Int? {
      guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
      return high << 16 | low
    }
    guard let ifd = u32(4), let count = u16(ifd) else { return nil }
    for entry in 0..<count {
      let at = ifd + 2 + entry * 12
      if u16(at) == 0x0112, let value = u16(at + 8) { return ExifOrientation(rawValue: value) }
    }
    return nil
  }

  /// Turns `cr` so stored pixels drawn at the origin show upright in a `width` × `height` box.
  func apply(to cr: OpaquePointer, width: CGFloat, height: CGFloat) {
    switch self {
    case .up: break
    case .upMirrored:
      cairo_translate(cr, width, 0)
      cairo_scale(cr, -1, 1)
    case .down:
      cairo_translate(cr, width, height)
      cairo_rotate(cr, .pi)
    case .downMirrored:
      cairo_translate(cr, 0, height)
      cairo_scale(cr, 1, -1)
    case .leftMirrored:
      cairo_rotate(cr, -.pi / 2)
      cairo_scale(cr, -1, 1)
    case .right:
      cairo_translate(cr, width, 0)
      cairo_rotate(cr, .pi / 2)
    case .rightMirrored:
      cairo_translate(cr, width, height)
      cairo_rotate(cr, .pi / 2)
      cairo_scale(cr, -1, 1)
    case .left:
      cairo_translate(cr, 0, height)
      cairo_rotate(cr, -.pi / 2)
    }
  }
}
