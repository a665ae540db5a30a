import Foundation

/// A finished output whose bytes can be read back and overwritten in place, to fill a signature.
protocol PatchableOutput: AnyObject {
  /// The number of bytes written.
  var length: UInt64 { get }
  /// Reads `buffer.count` bytes at `offset` into `buffer`.
  func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws
  /// Writes `bytes` over the bytes at `offset`.
  func overwrite(_ bytes: [UInt8], at offset: UInt64) throws
}
