import Foundation

/// Reads RFC 4180 CSV records one at a time from a file, standard input or bytes, in bounded memory.
///
/// It handles quoted fields with doubled quotes, delimiters and newlines inside quotes, CRLF and LF,
/// a UTF-8 byte-order mark and blank lines (skipped). The delimiter is `,`, `;` or tab, given or
/// detected from the header line. Records are returned as bytes; `CSVRecord.string(_:)` checks
/// UTF-8. Only one chunk and one record are held at a time.
///
/// A reader belongs to one thread, so its stored properties skip the runtime's exclusivity check
/// (`@exclusivity(unchecked)`): with the other hot classes of a read (`PendingInvoice`,
/// `OrdersIndex`), the check was 6.5 % of the instructions of `--check`.
public final class CSVReader {
  /// What the reader reads from.
  private enum Input {
    case descriptor(Int32, closes: Bool)
    case bytes([UInt8], offset: Int)
  }

  @exclusivity(unchecked) private var input: Input
  private let chunk: UnsafeMutableBufferPointer<UInt8>
  @exclusivity(unchecked) private var position = 0
  @exclusivity(unchecked) private var count = 0
  /// The offset in the (UTF-8) stream of `chunk`'s first byte.
  @exclusivity(unchecked) private var chunkOffset: Int64 = 0
  @exclusivity(unchecked) private var atEnd = false
  @exclusivity(unchecked) private var startedFile = false
  /// The physical line the reader is on (1-based).
  @exclusivity(unchecked) public private(set) var line = 1
  /// The field delimiter in use.
  @exclusivity(unchecked) public private(set) var delimiter: UInt8
  private let detectsDelimiter: Bool
  /// Converts the input to UTF-8 when it is in another encoding.
  @exclusivity(unchecked) private var transcoder: TextTranscoder?
  /// UTF-8 converted from the input and not yet handed to `chunk`.
  @exclusivity(unchecked) private var converted: [UInt8] = []
  @exclusivity(unchecked) private var convertedOffset = 0
  @exclusivity(unchecked) private var rawAtEnd = false
  /// The file name used in messages.
  public let name: String
  /// Receives every chunk of the UTF-8 stream as it is read (the spool of an input that cannot be read twice).
  @exclusivity(unchecked) public var sink: ((UnsafeBufferPointer<UInt8>) throws(CSVError) -> Void)?

  /// The offset in the UTF-8 stream of the next byte to read (record offsets are in the same stream).
  public var offset: Int64 { chunkOffset + Int64(position) }

  /// The most bytes kept of one field; the rest is read past and the field's true length noted in `CSVRecord.clippedLengths`.
  public static let maxFieldBytes = 1 << 20
  /// The most bytes kept of one record; fields past it are kept empty and noted as clipped.
  public static let maxRecordBytes = 4 << 20

  /// A reader of the file at `path` (`-` reads standard input), called `name` in messages.
  public init(
    path: String, name: String? = nil, delimiter: UInt8? = nil, encoding: TextEncoding = .utf8,
    chunkSize: Int = 1 << 16
  ) throws(CSVError) {
    let shown = name ?? (path == "-" ? "<stdin>" : path)
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        throw CSVError.unreadable(file: shown, reason: String(cString: strerror(errno)))
      }
      var info = stat()
      if fstat(descriptor, &info) == 0, let problem = InputFile.typeProblem(mode: info.st_mode) {
        close(descriptor)
        throw CSVError.unreadable(file: shown, reason: problem)
      }
    }
    input = .descriptor(descriptor, closes: path != "-")
    self.name = shown
    self.delimiter = delimiter ?? UInt8(ascii: ",")
    detectsDelimiter = delimiter == nil
    chunk = .allocate(capacity: max(chunkSize, 4))
    if encoding != .utf8 { transcoder = TextTranscoder(encoding) }
  }

  /// A reader of `bytes`, fed `chunkSize` bytes at a time (small chunks test records split across them).
  public init(
    bytes: [UInt8], name: String, delimiter: UInt8? = nil, encoding: TextEncoding = .utf8,
    chunkSize: Int = 1 << 16
  ) {
    input = .bytes(bytes, offset: 0)
    self.name = name
    self.delimiter = delimiter ?? UInt8(ascii: ",")
    detectsDelimiter = delimiter == nil
    chunk = .allocate(capacity: max(chunkSize, 4))
    if encoding != .utf8 { transcoder = TextTranscoder(encoding) }
  }

  /// A reader of rows cut from a UTF-8 stream this reader's kind read before: no header, no byte-order
  /// mark, the delimiter already known, lines counted from `line`.
  public init(rows bytes: [UInt8], name: String, delimiter: UInt8, line: Int) {
    input = .bytes(bytes, offset: 0)
    self.name = name
    self.delimiter = delimiter
    detectsDelimiter = false
    startedFile = true
    self.line = line
    chunk = .allocate(capacity: max(bytes.count, 4))
  }

  /// A reader of the UTF-8 file at `path` from byte `offset` on, where a row starts: no header, no
  /// byte-order mark, the delimiter already known, lines counted from `line`, offsets the file's.
  public init(path: String, name: String, from offset: Int64, line: Int, delimiter: UInt8) throws(CSVError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0, lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
      let reason = String(cString: strerror(errno))
      if descriptor >= 0 { close(descriptor) }
      throw CSVError.unreadable(file: name, reason: reason)
    }
    input = .descriptor(descriptor, closes: true)
    self.name = name
    self.delimiter = delimiter
    detectsDelimiter = false
    startedFile = true
    self.line = line
    chunkOffset = offset
    chunk = .allocate(capacity: 1 << 16)
  }

  deinit {
    if case .descriptor(let descriptor, true) = input { close(descriptor) }
    chunk.deallocate()
  }

  /// Reads up to `buffer.count` bytes of the input into `buffer`; 0 at its end.
  private func readInput(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(CSVError) -> Int {
    switch input {
    case .descriptor(let descriptor, _):
      var got = 0
      repeat {
        got = read(descriptor, buffer.baseAddress, buffer.count)
      } while got < 0 && errno == EINTR
      guard got >= 0 else { throw CSVError.unreadable(file: name, reason: String(cString: strerror(errno))) }
      return got
    case .bytes(let bytes, let offset):
      let end = min(bytes.count, offset + buffer.count)
      _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<(end - offset)]).initialize(
        from: bytes[offset..<end])
      input = .bytes(bytes, offset: end)
      return end - offset
    }
  }

  /// Fills `chunk` with UTF-8 converted from the input; the number of bytes, 0 at its end.
  private func readConverted() throws(CSVError) -> Int {
    while converted.count == convertedOffset, !rawAtEnd {
      converted.removeAll(keepingCapacity: true)
      convertedOffset = 0
      // A raw byte becomes at most 3 UTF-8 bytes: read a quarter chunk, convert, hand it on.
      let raw = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(4, chunk.count / 4))
      defer { raw.deallocate() }
      let got = try readInput(into: raw)
      if got == 0 {
        rawAtEnd = true
        transcoder!.finish(into: &converted)
      } else {
        transcoder!.convert(UnsafeBufferPointer(rebasing: raw[0..<got]), into: &converted)
      }
    }
    let length = min(chunk.count, converted.count - convertedOffset)
    _ = UnsafeMutableBufferPointer(rebasing: chunk[0..<length]).initialize(
      from: converted[convertedOffset..<(convertedOffset + length)])
    convertedOffset += length
    return length
  }

  /// Reads the next chunk; returns false at the end of the input.
  private func refill() throws(CSVError) -> Bool {
    guard !atEnd else { return false }
    chunkOffset += Int64(count)
    count = transcoder == nil ? try readInput(into: chunk) : try readConverted()
    position = 0
    if let sink, count > 0 { try sink(UnsafeBufferPointer(rebasing: chunk[0..<count])) }
    if count == 0 { atEnd = true }
    if !startedFile, count > 0 {
      startedFile = true
      if count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { position = 3 }
      if detectsDelimiter { detectDelimiter() }
    }
    return count > 0
  }

  /// Picks the most frequent of `,` `;` and tab outside quotes on the first line of the first chunk.
  private func detectDelimiter() {
    var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, 0x09: 0]
    var quoted = false
    for index in position..<count {
      let byte = chunk[index]
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if !quoted, byte == 0x0A { break }
      if !quoted, counts[byte] != nil { counts[byte]! += 1 }
    }
    let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key != UInt8(ascii: ",")) }
    if let best, best.value > 0 { delimiter = best.key }
  }

  /// Reads the next non-blank record into `record`; returns false at the end of the input.
  public func next(into record: inout CSVRecord) throws(CSVError) -> Bool {
    record.bytes.removeAll(keepingCapacity: true)
    record.ends.removeAll(keepingCapacity: true)
    record.line = line
    record.start = offset
    record.problemLine = nil
    if !record.clippedLengths.isEmpty { record.clippedLengths.removeAll() }
    var state = CSVScanState.fieldStart
    while true {
      if position >= count {
        guard try refill() else { return try endOfInput(state, &record) }
      }
      if try scan(&state, &record) {
        record.end = offset
        return true
      }
    }
  }

  /// Reads the chunk from `position` into `record`: true when the record ends in it, false when the chunk does.
  private func scan(_ state: inout CSVScanState, _ record: inout CSVRecord) throws(CSVError) -> Bool {
    var scan = CSVChunkScan(
      base: chunk.baseAddress!, end: count, position: position, line: line, delimiter: delimiter,
      // Near the limits, every field is copied on its own, so a too long one is clipped by itself.
      careful: record.bytes.count >= CSVReader.maxFieldBytes - (count - position), file: name,
      chunkOffset: chunkOffset)
    defer {
      position = scan.position
      line = scan.line
    }
    return try scan.read(&state, &record)
  }

  /// Whether the input's end leaves a record (its last field closed), or an error inside quotes.
  private func endOfInput(_ state: CSVScanState, _ record: inout CSVRecord) throws(CSVError) -> Bool {
    switch state {
    case .quoted:
      throw CSVError.unterminatedQuote(file: name, line: record.line)
    case .fieldStart where record.ends.isEmpty:
      return false
    default:
      record.ends.append(record.bytes.count)
      record.end = offset
      return true
    }
  }
}

/// One CSV record: its fields as byte ranges of one buffer, and the physical line it starts on.
public struct CSVRecord {
  /// The unquoted bytes of all fields, one after the other, each field after the first following one delimiter.
  public var bytes: [UInt8] = []
  /// The end offset of each field in `bytes` (the next field starts one byte later).
  public var ends: [Int] = []
  /// The physical line the record starts on.
  public var line = 0
  /// Where the record starts and ends in the reader's UTF-8 stream (its line break included).
  public var start: Int64 = 0
  public var end: Int64 = 0
  /// The line of text found after a closing quote (`"ab"c`), which the record keeps but is malformed.
  public var problemLine: Int?
  /// The true byte length of each field too long to keep whole (index → length); its kept bytes are a prefix.
  public var clippedLengths: [Int: Int] = [:]

  public init() {}

  /// The number of fields.
  public var count: Int { ends.count }

  /// The byte range of field `index`.
  @inline(__always)
  public func range(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1] + 1)..<ends[index]
  }

  /// The bytes of field `index`.
  public func field(_ index: Int) -> ArraySlice<UInt8> { bytes[range(index)] }

  /// Whether the bytes of field `index` are `other`, compared with `memcmp`.
  public func field(_ index: Int, is other: [UInt8]) -> Bool {
    let range = range(index)
    guard range.count == other.count else { return false }
    return bytes.withUnsafeBufferPointer { field in
      other.withUnsafeBufferPointer {
        memcmp(field.baseAddress! + range.lowerBound, $0.baseAddress!, range.count) == 0
      }
    }
  }

  /// Field `index` as text, or `nil` when it is not valid UTF-8.
  public func string(_ index: Int) -> String? {
    let slice = bytes[range(index)]
    if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
    return String(validating: slice, as: UTF8.self)
  }
}

/// Why a CSV input could not be read at all.
public enum CSVError: Error, Hashable, Sendable {
  case unreadable(file: String, reason: String)
  case unterminatedQuote(file: String, line: Int)
  case binary(file: String, line: Int)

  /// The error as a diagnostic.
  public var diagnostic: Diagnostic {
    switch self {
    case .unreadable(let file, let reason):
      return Diagnostic(.error, SourceLocation(file: file, line: nil), "cannot read: \(reason)")
    case .unterminatedQuote(let file, let line):
      return Diagnostic(
        .error, SourceLocation(file: file, line: line), "a quoted field is never closed",
        hint: "a field that starts with \" must end with \"; write a quote inside it as \"\"")
    case .binary(let file, let line):
      return Diagnostic(
        .error, SourceLocation(file: file, line: line),
        "holds over 1 MiB of data with NUL bytes and no line end: this is not CSV text",
        hint: "give a CSV file exported as UTF-8 text")
    }
  }
}
