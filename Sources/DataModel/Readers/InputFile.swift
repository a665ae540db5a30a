import Foundation

/// Reads one whole input (a file, a pipe or standard input) into memory, within a size limit.
///
/// What is not a file of text is refused with words that say what it is: a directory, a device
/// (`/dev/zero`), a socket. A NUL byte stops the read at once, since JSON text never holds one,
/// so an endless binary stream fails in its first chunk instead of filling memory.
public enum InputFile {
  /// The bytes of `path` (`-` for standard input), or the reason they cannot be used, located in `name`.
  ///
  /// With `regularOnly` (config and label files) anything but a regular file is refused before it
  /// is opened: opening a FIFO would wait for a writer forever.
  public static func readText(
    _ path: String, name: String, limit: Int, kind: String, regularOnly: Bool = false
  ) -> Result<[UInt8], Diagnostic> {
    func failure(_ message: String, line: Int? = nil, hint: String? = nil) -> Result<[UInt8], Diagnostic> {
      .failure(Diagnostic(.error, SourceLocation(file: name, line: line), message, hint: hint))
    }
    if regularOnly, !isRegularOrMissing(path) {
      return failure(
        "cannot read: not a regular file (a FIFO, device or folder)", hint: "give a \(kind) file")
    }
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return failure("cannot read: \(String(cString: strerror(errno)))")
    }
    defer { if path != "-" { close(descriptor) } }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      return failure("cannot read: \(String(cString: strerror(errno)))")
    }
    if let problem = typeProblem(mode: info.st_mode, standardInput: path == "-") {
      return failure("cannot read: \(problem)", hint: "give a \(kind) file")
    }
    let megabytes = limit >> 20
    if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > limit {
      return failure(
        "is \(Int(info.st_size) >> 20) MiB; \(kind) input may be at most \(megabytes) MiB",
        hint: "split it into several files")
    }
    var bytes: [UInt8] = []
    if (info.st_mode & S_IFMT) == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
    let chunkSize = 1 << 20
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    while true {
      let got = read(descriptor, chunk.baseAddress, chunkSize)
      if got < 0 {
        if errno == EINTR { continue }
        return failure("cannot read: \(String(cString: strerror(errno)))")
      }
      if got == 0 { break }
      let part = UnsafeRawBufferPointer(rebasing: chunk[0..<got])
      if let nul = part.firstIndex(of: 0) {
        let line =
          1 + bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
          + part[..<nul].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return failure(
          "holds a NUL byte: this is not \(kind) text", line: line,
          hint: "binary data or UTF-16 text? give the \(kind) as UTF-8 text")
      }
      guard bytes.count + got <= limit else {
        return failure(
          "is larger than \(megabytes) MiB; \(kind) input may be at most \(megabytes) MiB",
          hint: "split it into several files")
      }
      bytes.append(contentsOf: part)
    }
    return .success(bytes)
  }

  /// Whether `path` is a regular file, or nothing (which opening then reports).
  static func isRegularOrMissing(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Why an input of file mode `mode` cannot be read as text, or nil for regular files and pipes.
  ///
  /// Standard input may be a device (`< /dev/null` is an empty input), so only directories are refused there.
  public static func typeProblem(mode: mode_t, standardInput: Bool = false) -> String? {
    switch mode & S_IFMT {
    case S_IFDIR: return "is a directory"
    case S_IFCHR where !standardInput:
      return "is a character device (such as /dev/zero or a terminal), not a file"
    case S_IFBLK where !standardInput: return "is a block device (a disk), not a file"
    case S_IFSOCK where !standardInput: return "is a socket, not a file"
    default: return nil
    }
  }
}
