/// The character encoding of a CSV export: UTF-8, or one of the encodings Excel and older ERPs write.
public enum TextEncoding: String, CaseIterable, Sendable {
  case utf8 = "utf-8"
  case windows1252 = "windows-1252"
  case iso88591 = "iso-8859-1"
  /// UTF-16 with a byte-order mark (little-endian without one, as Windows writes it).
  case utf16 = "utf-16"

  /// The encoding named `name` ("UTF-8", "cp1252", "latin1", "UTF-16LE"), ignoring case.
  public init?(name: String) {
    let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
    switch key {
    case "utf-8", "utf8": self = .utf8
    case "windows-1252", "cp1252", "cp-1252", "win-1252", "ansi": self = .windows1252
    case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1": self = .iso88591
    case "utf-16", "utf16", "utf-16le", "utf-16be", "unicode": self = .utf16
    default: return nil
    }
  }

  /// The characters 0x80–0x9F stand for in Windows-1252 (0 where the code page leaves them undefined).
  static let windows1252High: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
    0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
    0x0153, 0, 0x017E, 0x0178,
  ]
}

/// Converts a byte stream in a `TextEncoding` to UTF-8, chunk by chunk.
///
/// A character split across two chunks (half a UTF-16 unit, or a surrogate pair) is carried over.
/// Bytes that are no character (an undefined Windows-1252 code, a lone surrogate) become U+FFFD,
/// which the CSV reader's field checks then name.
struct TextTranscoder {
  let encoding: TextEncoding
  private var carry: [UInt8] = []
  private var highSurrogate: UInt32?
  private var bigEndian: Bool?

  init(_ encoding: TextEncoding) {
    self.encoding = encoding
  }

  /// Appends the UTF-8 form of `bytes` (and of anything carried from the last call) to `output`.
  mutating func convert(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    switch encoding {
    case .utf8:
      output.append(contentsOf: bytes)
    case .windows1252, .iso88591:
      for byte in bytes {
        if byte < 0x80 {
          output.append(byte)
        } else if encoding == .windows1252, byte < 0xA0 {
          let scalar = TextEncoding.windows1252High[Int(byte - 0x80)]
          TextTranscoder.append(scalar == 0 ? 0xFFFD : scalar, to: &output)
        } else {
          TextTranscoder.append(UInt32(byte), to: &output)
        }
      }
    case .utf16:
      var units = carry
      carry = []
      units.append(contentsOf: bytes)
      var index = 0
      if bigEndian == nil, units.count >= 2 {
        if units[0] == 0xFE, units[1] == 0xFF {
          bigEndian = true
          index = 2
        } else if units[0] == 0xFF, units[1] == 0xFE {
          bigEndian = false
          index = 2
        } else {
          bigEndian = false
        }
      }
      let big = bigEndian ?? false
      while index + 1 < units.count {
        let unit =
          big
          ? UInt32(units[index]) << 8 | UInt32(units[index + 1])
          : UInt32(units[index + 1]) << 8 | UInt32(units[index])
        index += 2
        if let high = highSurrogate {
          highSurrogate = nil
          if (0xDC00...0xDFFF).contains(unit) {
            TextTranscoder.append(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), to: &output)
            continue
          }
          TextTranscoder.append(0xFFFD, to: &output)
        }
        if (0xD800...0xDBFF).contains(unit) {
          highSurrogate = unit
        } else if (0xDC00...0xDFFF).contains(unit) {
          TextTranscoder.append(0xFFFD, to: &output)
        } else {
          TextTranscoder.append(unit, to: &output)
        }
      }
      carry = Array(units[index...])
    }
  }

  /// Appends what is left at the end of the input: a lone surrogate or an odd byte becomes U+FFFD.
  mutating func finish(into output: inout [UInt8]) {
    if highSurrogate != nil || !carry.isEmpty { TextTranscoder.append(0xFFFD, to: &output) }
    highSurrogate = nil
    carry = []
  }

  private static func append(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | scalar >> 6))
      output.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | scalar >> 12))
      output.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    default:
      output.append(UInt8(0xF0 | scalar >> 18))
      output.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
      output.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
