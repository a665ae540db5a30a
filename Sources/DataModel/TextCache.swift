import Foundation

/// Reuses the `String` made for a recent identical field value, so repeated descriptions (a catalogue's
/// product names) share one allocation instead of one per row.
///
/// A small direct-mapped table keyed by a cheap fingerprint of the bytes; a hit is confirmed with
/// `memcmp`, so a collision only costs a miss.
struct TextCache {
  private var keys = [[UInt8]](repeating: [], count: 64)
  private var values = [String](repeating: "", count: 64)

  /// The cached string for `bytes[range]`, or `make()` stored for next time.
  mutating func string(_ bytes: [UInt8], _ range: Range<Int>, make: () -> String?) -> String? {
    let count = range.count
    guard count > 15, count <= 256 else { return make() }  // short strings are inline anyway
    let slot = bytes.withUnsafeBufferPointer { buffer -> Int in
      let first = Int(buffer[range.lowerBound])
      let middle = Int(buffer[range.lowerBound + count / 2])
      let last = Int(buffer[range.upperBound - 1])
      return (count &* 31 &+ first &* 7 &+ middle &* 13 &+ last) & 63
    }
    let key = keys[slot]
    if key.count == count {
      let same = key.withUnsafeBufferPointer { stored in
        bytes.withUnsafeBufferPointer {
          memcmp(stored.baseAddress!, $0.baseAddress! + range.lowerBound, count) == 0
        }
      }
      if same { return values[slot] }
    }
    guard let made = make() else { return nil }
    keys[slot] = Array(bytes[range])
    values[slot] = made
    return made
  }
}
