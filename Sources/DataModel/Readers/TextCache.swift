import Foundation

/// Reuses the `String` made for a recent identical field value, so repeated descriptions (a catalogue's
/// product names) share one allocation instead of one per row.
///
/// A small direct-mapped table keyed by a cheap fingerprint of the bytes; a hit is confirmed with
/// `memcmp`, so a collision only costs a miss.
struct TextCache {
  private var keys = [[UInt8]](repeating: [], count: 64)
  private var values = [String](repeating: "", count: 64)

  /// The slot of `bytes[range]`, or nil for texts not worth caching (short ones are inline anyway).
  private func slot(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
    let count = range.count
    guard count > 15, count <= 256 else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Int in
      let first = Int(buffer[range.lowerBound])
      let middle = Int(buffer[range.lowerBound + count / 2])
      let last = Int(buffer[range.upperBound - 1])
      return (count &* 31 &+ first &* 7 &+ middle &* 13 &+ last) & 63
    }
  }

  /// The string stored for the same bytes as `bytes[range]`, if it is still in the cache.
  func string(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
    guard let slot = slot(bytes, range) else { return nil }
    let key = keys[slot]
    let count = range.count
    guard key.count == count else { return nil }
    let same = key.withUnsafeBufferPointer { stored in
      bytes.withUnsafeBufferPointer {
        memcmp(stored.baseAddress!, $0.baseAddress! + range.lowerBound, count) == 0
      }
    }
    return same ? values[slot] : nil
  }

  /// Keeps `value`, the checked text of `bytes[range]`, for the next identical field.
  mutating func store(_ value: String, for bytes: [UInt8], _ range: Range<Int>) {
    guard let slot = slot(bytes, range) else { return }
    keys[slot] = Array(bytes[range])
    values[slot] = value
  }
}
