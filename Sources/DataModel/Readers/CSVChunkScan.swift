/// Where a CSV reader is inside a record: the state carried from one chunk to the next.
enum CSVScanState {
  case fieldStart, unquoted, quoted, quoteInQuoted
}

/// One pass of a `CSVReader` over the bytes of its current chunk, copying a record's fields in spans.
///
/// The unquoted fields of a line, with the delimiters between them, go into `CSVRecord.bytes` in one
/// copy (a field's range leaves its delimiter out); a quote, a dropped carriage return and the
/// chunk's end close a span. This loop is most of a CSV read's time, so it reads through a pointer.
struct CSVChunkScan {
  private let base: UnsafeMutablePointer<UInt8>
  private let end: Int
  /// The next byte to read.
  private(set) var position: Int
  /// The physical line the scan is on.
  private(set) var line: Int
  private let delimiter: UInt8
  /// Whether each field is copied on its own and checked against the limits (a record near them).
  private let careful: Bool
  private let file: String
  private let chunkOffset: Int64
  /// The first byte of the chunk not yet copied or dropped.
  private var span: Int

  private static let quote = UInt8(ascii: "\"")
  private static let lineFeed: UInt8 = 0x0A
  private static let carriageReturn: UInt8 = 0x0D
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let quotes = ones &* UInt64(quote)
  private static let lineFeeds = ones &* UInt64(lineFeed)
  private static let carriageReturns = ones &* UInt64(carriageReturn)
  /// The delimiter in each byte of a word.
  private let delimiterWord: UInt64

  /// The high bit of each byte of `word` equal to the byte repeated in `pattern`, exact up to the
  /// first such byte (the lowest set bit), which is all a scan needs.
  @inline(__always)
  private static func bytes(_ word: UInt64, equalTo pattern: UInt64) -> UInt64 {
    let differences = word ^ pattern
    return (differences &- ones) & ~differences & 0x8080_8080_8080_8080
  }

  init(
    base: UnsafeMutablePointer<UInt8>, end: Int, position: Int, line: Int, delimiter: UInt8, careful: Bool,
    file: String, chunkOffset: Int64
  ) {
    self.base = base
    self.end = end
    self.position = position
    self.line = line
    self.delimiter = delimiter
    delimiterWord = Self.ones &* UInt64(delimiter)
    self.careful = careful
    self.file = file
    self.chunkOffset = chunkOffset
    span = position
  }

  /// What reading one step found.
  private enum Step {
    case goOn, chunkEnded, recordEnded
  }

  /// Reads from `position` into `record`: true when the record ends in this chunk, false when the chunk does.
  mutating func read(_ state: inout CSVScanState, _ record: inout CSVRecord) throws(CSVError) -> Bool {
    while position < end {
      let step: Step
      switch state {
      case .fieldStart: step = try readFieldStart(&state, &record)
      case .unquoted: step = try readUnquoted(&state, &record)
      case .quoted: step = try readQuoted(&state, &record)
      case .quoteInQuoted: step = try readAfterQuote(&state, &record)
      }
      if step == .recordEnded { return true }
      if step == .chunkEnded { break }
    }
    try copySpan(&record)
    return false
  }

  /// The first byte of a field: a quote opens a quoted one; a line feed before any field is a blank line.
  @inline(__always)
  private mutating func readFieldStart(_ state: inout CSVScanState, _ record: inout CSVRecord)
    throws(CSVError)
    -> Step
  {
    let byte = base[position]
    if byte == Self.quote {
      try drop(&record)
      state = .quoted
      return .goOn
    } else if byte == Self.carriageReturn {
      try drop(&record)
      return .goOn
    } else if byte == Self.lineFeed, record.ends.isEmpty {
      // A blank line: skip it.
      line += 1
      position += 1
      span = position
      record.line = line
      record.start = chunkOffset + Int64(position)
      return .goOn
    }
    // A delimiter or line feed here ends an empty field, read as an unquoted one.
    state = .unquoted
    return try readUnquoted(&state, &record)
  }

  /// An unquoted field up to its delimiter, line feed or a carriage return (dropped).
  @inline(__always)
  private mutating func readUnquoted(_ state: inout CSVScanState, _ record: inout CSVRecord) throws(CSVError)
    -> Step
  {
    while true {
      position = stopOutsideQuotes(from: position)
      guard position < end else { return .chunkEnded }
      let byte = base[position]
      if byte == delimiter {
        try endField(&state, &record)
        // The next field read here too unless it opens with a quote or a carriage return: one loop
        // for a line of unquoted fields, without going back to the state's switch for each.
        guard position < end, base[position] != Self.quote, base[position] != Self.carriageReturn else {
          return .goOn
        }
        state = .unquoted
      } else if byte == Self.carriageReturn {
        try drop(&record)
        return .goOn
      } else {
        return try endRecord(&record)
      }
    }
  }

  /// The first delimiter, line feed or carriage return from `start` on (or the chunk's end).
  @inline(__always)
  private func stopOutsideQuotes(from start: Int) -> Int {
    var stop = start
    // Eight bytes at a time while they last, then one at a time.
    while stop &+ 8 <= end {
      let word = UnsafeRawPointer(base + stop).loadUnaligned(as: UInt64.self)
      let found =
        Self.bytes(word, equalTo: delimiterWord) | Self.bytes(word, equalTo: Self.lineFeeds)
        | Self.bytes(word, equalTo: Self.carriageReturns)
      if found != 0 { return stop &+ found.trailingZeroBitCount >> 3 }
      stop &+= 8
    }
    while stop < end {
      let byte = base[stop]
      if byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn { break }
      stop &+= 1
    }
    return stop
  }

  /// A quoted field's text up to a quote (which may close it or be the first of two).
  @inline(__always)
  private mutating func readQuoted(_ state: inout CSVScanState, _ record: inout CSVRecord) throws(CSVError)
    -> Step
  {
    var stop = position
    while stop &+ 8 <= end {
      let word = UnsafeRawPointer(base + stop).loadUnaligned(as: UInt64.self)
      let found = Self.bytes(word, equalTo: Self.quotes) | Self.bytes(word, equalTo: Self.lineFeeds)
      if found != 0 {
        stop &+= found.trailingZeroBitCount >> 3
        break
      }
      stop &+= 8
    }
    while stop < end {
      let byte = base[stop]
      if byte == Self.quote || byte == Self.lineFeed { break }
      stop &+= 1
    }
    position = stop
    guard position < end else { return .chunkEnded }
    if base[position] == Self.lineFeed {
      line += 1
      position += 1
    } else {
      try drop(&record)
      state = .quoteInQuoted
    }
    return .goOn
  }

  /// The byte after a quote inside a quoted field: a doubled quote, the field's end, or (flagged)
  /// text after the closing quote, kept as part of the field.
  @inline(__always)
  private mutating func readAfterQuote(_ state: inout CSVScanState, _ record: inout CSVRecord)
    throws(CSVError) -> Step
  {
    let byte = base[position]
    if byte == Self.quote {
      // A doubled quote: the second one is kept, in the span.
      position += 1
      state = .quoted
    } else if byte == delimiter {
      try endField(&state, &record)
    } else if byte == Self.lineFeed {
      return try endRecord(&record)
    } else if byte == Self.carriageReturn {
      try drop(&record)
    } else {
      if record.problemLine == nil { record.problemLine = line }
      state = .unquoted
    }
    return .goOn
  }

  /// Ends the field at the delimiter at `position`, which is copied with the span, between the two fields.
  @inline(__always)
  private mutating func endField(_ state: inout CSVScanState, _ record: inout CSVRecord) throws(CSVError) {
    if careful {
      try copySpan(&record)
      record.ends.append(record.bytes.count)
    } else {
      record.ends.append(record.bytes.count + (position - span))
    }
    position += 1
    state = .fieldStart
  }

  /// Ends the record at the line feed at `position`.
  @inline(__always)
  private mutating func endRecord(_ record: inout CSVRecord) throws(CSVError) -> Step {
    try copySpan(&record)
    record.ends.append(record.bytes.count)
    line += 1
    position += 1
    return .recordEnded
  }

  /// Copies the span, then leaves out the byte at `position` (a quote or a carriage return).
  @inline(__always)
  private mutating func drop(_ record: inout CSVRecord) throws(CSVError) {
    try copySpan(&record)
    position += 1
    span = position
  }

  /// Appends the bytes from `span` to `position` to the record.
  @inline(__always)
  private mutating func copySpan(_ record: inout CSVRecord) throws(CSVError) {
    if position > span {
      record.bytes.append(contentsOf: UnsafeBufferPointer(start: base + span, count: position - span))
      if careful { try clip(&record) }
    }
    span = position
  }

  /// Drops the bytes of the current field beyond what a record keeps, noting the field's true length.
  ///
  /// Memory stays bounded whatever the input; the importer then fails only the row's invoice. NUL
  /// bytes in an oversized field mean binary data (such as `/dev/zero`): the input is refused.
  private func clip(_ record: inout CSVRecord) throws(CSVError) {
    let start = record.ends.last.map { $0 + 1 } ?? 0
    let keep = min(start + CSVReader.maxFieldBytes, max(start, CSVReader.maxRecordBytes))
    let dropped = record.bytes.count - keep
    guard dropped > 0 else { return }
    if record.bytes[keep...].contains(0) {
      throw CSVError.binary(file: file, line: record.line)
    }
    record.bytes.removeSubrange(keep...)
    let field = record.ends.count
    record.clippedLengths[field, default: keep - start] += dropped
  }
}
