import Foundation

/// A file written under a hidden temporary name in its final folder and renamed into place, so no reader sees half of it.
///
/// Every write, the optional fsync and the close are checked: the first failure (a full disk, a
/// file-size limit, an I/O error) is kept with the operating system's reason, and `commit` then
/// throws it, removes the temporary file and renames nothing. Writes go through a 64 KiB buffer.
///
/// The temporary name is `.NAME.<pid>-<start>-<random>.invoicegen.tmp`: it names its owner (the
/// process id and the process's start time), so a cleaner removes only the leftovers of runs that
/// are gone, never the files a live run is writing (`OutputOwner`).
public final class AtomicFile: PatchableOutput {
  /// The final path.
  public let path: String
  /// Where the content is written until `commit`.
  public let temporaryPath: String
  private var descriptor: Int32
  /// Bytes not yet handed to the kernel: cairo writes in pieces of a few bytes, so they are gathered here.
  private let buffer = UnsafeMutableRawPointer.allocate(byteCount: AtomicFile.bufferSize, alignment: 16)
  private var buffered = 0
  /// The number of bytes written so far (buffered or not).
  public private(set) var length: UInt64 = 0
  private var failure: String?
  private var finished = false
  /// Whether this object created the temporary file (only then may it remove it).
  private var created = false

  /// The most bytes one name in a folder may have on the file systems Linux uses (`NAME_MAX`).
  public static let maxNameBytes = 255
  private static let bufferSize = 1 << 16

  /// Creates the temporary file beside `path`; the folder must exist.
  public init(path: String) throws {
    self.path = path
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent
    if name.utf8.count > AtomicFile.maxNameBytes {
      buffer.deallocate()  // not every property is set yet, so deinit will not run
      throw RenderError.output(
        path: path,
        reason:
          "the file name is \(name.utf8.count) bytes long; file systems allow at most \(AtomicFile.maxNameBytes)"
      )
    }
    let folder = url.deletingLastPathComponent().path
    let tag = OutputOwner.current.tag + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    let room = AtomicFile.maxNameBytes - 3 - tag.utf8.count - AtomicFile.suffix.utf8.count
    temporaryPath = folder + "/." + AtomicFile.prefix(of: name, bytes: room) + "." + tag + AtomicFile.suffix
    descriptor = open(temporaryPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      // Every property is set: deinit runs and frees the buffer.
      throw RenderError.output(path: path, reason: AtomicFile.reason(errno))
    }
    created = true
  }

  /// The suffix of every temporary file, so leftovers of a killed run can be found and removed.
  public static let suffix = ".invoicegen.tmp"

  /// The first failed write, or nil while every byte so far was accepted.
  public var writeFailure: String? { failure }

  /// Appends `bytes`; returns false once any write has failed (the reason is kept for `commit`).
  @discardableResult
  public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil, !finished else { return false }
    if buffered + bytes.count > AtomicFile.bufferSize {
      flush()
      if bytes.count >= AtomicFile.bufferSize {
        writeThrough(bytes)
        length += UInt64(bytes.count)
        return failure == nil
      }
    }
    if let base = bytes.baseAddress, bytes.count > 0 {
      (buffer + buffered).copyMemory(from: base, byteCount: bytes.count)
      buffered += bytes.count
      length += UInt64(bytes.count)
    }
    return failure == nil
  }

  /// Appends `data`.
  @discardableResult
  public func write(_ data: Data) -> Bool {
    data.withUnsafeBytes { write($0) }
  }

  private func flush() {
    guard buffered > 0, failure == nil else { return }
    writeThrough(UnsafeRawBufferPointer(start: buffer, count: buffered))
    buffered = 0
  }

  private func writeThrough(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count, failure == nil {
      let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        failure = AtomicFile.reason(errno)
      } else {
        offset += written
      }
    }
  }

  /// Writes out the buffer so the temporary file can be read by another library; throws the first failed write.
  public func flushForReading() throws {
    flush()
    if let failure { throw RenderError.output(path: path, reason: failure) }
  }

  /// Reads `buffer.count` bytes at `offset` of the temporary file, for signing what was written.
  func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws {
    try flushForReading()
    var done = 0
    while done < buffer.count {
      let got = pread(
        descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
      if got < 0, errno == EINTR { continue }
      guard got > 0 else {
        throw RenderError.output(
          path: path, reason: got < 0 ? AtomicFile.reason(errno) : "the file ended early")
      }
      done += got
    }
  }

  /// Writes `bytes` over what was written at `offset` (a signature into its placeholder).
  func overwrite(_ bytes: [UInt8], at offset: UInt64) throws {
    try flushForReading()
    var done = 0
    while done < bytes.count {
      let put = bytes.withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
      }
      if put < 0, errno == EINTR { continue }
      guard put > 0 else {
        failure = AtomicFile.reason(errno)
        throw RenderError.output(path: path, reason: failure!)
      }
      done += put
    }
  }

  /// Moves the temporary file into place, fsyncing file and folder first when `durable`.
  ///
  /// Throws the first write, fsync, close or rename failure; the temporary file is then removed.
  public func commit(durable: Bool = false) throws {
    guard !finished else { throw RenderError.output(path: path, reason: "the file was already finished") }
    flush()
    if failure == nil, durable, Foundation.fsync(descriptor) != 0 {
      failure = AtomicFile.reason(errno)
    }
    if Foundation.close(descriptor) != 0, failure == nil {
      failure = AtomicFile.reason(errno)
    }
    descriptor = -1
    if let failure {
      discard()
      throw RenderError.output(path: path, reason: failure)
    }
    guard rename(temporaryPath, path) == 0 else {
      let reason = AtomicFile.reason(errno)
      discard()
      throw RenderError.output(path: path, reason: reason)
    }
    finished = true
    if durable {
      try AtomicFile.fsync(folder: URL(fileURLWithPath: path).deletingLastPathComponent().path, for: path)
    }
  }

  /// Removes the temporary file; nothing appears at `path`.
  public func discard() {
    guard !finished else { return }
    if descriptor >= 0 {
      Foundation.close(descriptor)
      descriptor = -1
    }
    if created { unlink(temporaryPath) }
    finished = true
  }

  deinit {
    discard()
    buffer.deallocate()
  }

  /// Writes `data` to `path` atomically.
  public static func write(_ data: Data, to path: String, durable: Bool = false) throws {
    let file = try AtomicFile(path: path)
    file.write(data)
    try file.commit(durable: durable)
  }

  /// The operating system's words for `code`, e.g. "No space left on device".
  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The longest start of `name` that fits in `bytes` UTF-8 bytes without splitting a character.
  private static func prefix(of name: String, bytes: Int) -> String {
    guard name.utf8.count > bytes else { return name }
    var out = ""
    var used = 0
    for character in name {
      let size = character.utf8.count
      if used + size > bytes { break }
      out.append(character)
      used += size
    }
    return out
  }

  private static func fsync(folder: String, for path: String) throws {
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw RenderError.output(path: path, reason: reason(errno))
    }
    defer { close(descriptor) }
    guard Foundation.fsync(descriptor) == 0 else {
      throw RenderError.output(path: path, reason: reason(errno))
    }
  }
}
