import Foundation

/// Where cairo's PDF and SVG bytes go: a file written atomically (`AtomicFile`) or memory (`MemorySink`).
///
/// Contract: `write` returns false once any write has failed, and `writeFailure` then says why
/// in the operating system's words; a sink never drops bytes silently.
public protocol ByteSink: AnyObject {
  /// Appends `bytes`; false once a write has failed.
  func write(_ bytes: UnsafeRawBufferPointer) -> Bool
  /// The first failed write, or nil.
  var writeFailure: String? { get }
  /// The file the bytes go to, for messages ("in memory" when none).
  var name: String { get }
}

extension ByteSink {
  public var name: String { "in memory" }
}

extension AtomicFile: ByteSink {
  public var name: String { path }
}

/// Bytes collected in memory, for a server that sends a PDF without touching the disk.
public final class MemorySink: ByteSink {
  /// Everything written so far.
  public private(set) var data = Data()

  public init() {}

  public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    data.append(contentsOf: bytes)
    return true
  }

  /// Appends `data`.
  public func write(_ more: Data) -> Bool {
    data.append(more)
    return true
  }

  public var writeFailure: String? { nil }
}

extension MemorySink: PatchableOutput {
  var length: UInt64 { UInt64(data.count) }

  func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws {
    let start = Int(offset)
    data.copyBytes(to: buffer, from: start..<start + buffer.count)
  }

  func overwrite(_ bytes: [UInt8], at offset: UInt64) throws {
    let start = Int(offset)
    data.replaceSubrange(start..<start + bytes.count, with: bytes)
  }
}
