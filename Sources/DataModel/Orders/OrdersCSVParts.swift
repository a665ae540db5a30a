import CMalloc
import Dispatch
import Foundation

/// A large orders CSV's rows cut into parts that the first pass reads at once, one thread each.
///
/// Each cut is at a line feed that looks like a row's end: the rows after it have the header's
/// number of fields. A line feed inside a quoted field (a two-line address) can still look so,
/// so a cut is trusted only once the part before it is read and no row of that part crossed the
/// cut; each part's reader reads on past its end to the row that starts there to tell. When a row
/// crossed, the rest of the file is read again from that part's last row on one thread. The index,
/// its problems and their lines are the same as one thread's, whichever way it went.
struct OrdersCSVParts {
  let path: String
  let name: String
  let delimiter: UInt8
  /// Where each part starts in the file: after the header, then at each cut.
  let starts: [Int64]

  /// The rows a cut must be followed by, each with the header's number of fields.
  private static let probedRows = 4
  /// The bytes after a cut the probe reads those rows from.
  private static let probeBytes = 16 << 10
  /// The line feeds after a part's planned start tried as its cut.
  private static let triedCuts = 64

  /// The parts of the file at `path` (`size` bytes) whose header ends at `headerEnd`, for up to
  /// `threads` threads and at least `partBytes` bytes a part; nil when one part is all there is.
  init?(
    path: String, name: String, size: Int64, headerEnd: Int64, delimiter: UInt8, fields: Int,
    threads: Int, partBytes: Int
  ) {
    let rowBytes = size - headerEnd
    let count = min(threads, Int(rowBytes / Int64(max(1, partBytes))))
    guard count > 1 else { return nil }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var starts = [headerEnd]
    for part in 1..<count {
      let planned = headerEnd + rowBytes * Int64(part) / Int64(count)
      if let cut = Self.cut(descriptor, from: planned, delimiter: delimiter, fields: fields),
        cut > starts.last!, cut < size
      {
        starts.append(cut)
      }
    }
    guard starts.count > 1 else { return nil }
    self.path = path
    self.name = name
    self.delimiter = delimiter
    self.starts = starts
  }

  /// The offset after the first line feed from `planned` on that the probe's rows follow.
  private static func cut(_ descriptor: Int32, from planned: Int64, delimiter: UInt8, fields: Int) -> Int64? {
    var window = [UInt8](repeating: 0, count: 4 * probeBytes)
    let got = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, off_t(planned)) }
    guard got > 0 else { return nil }
    window.removeSubrange(got...)
    var lineFeed = window.startIndex
    for _ in 0..<triedCuts {
      guard let found = window[lineFeed...].firstIndex(of: 0x0A) else { return nil }
      let after = found + 1
      let probe = window[after..<min(window.count, after + probeBytes)]
      if looksLikeRows(probe, delimiter: delimiter, fields: fields) { return planned + Int64(after) }
      lineFeed = after
    }
    return nil
  }

  /// Whether `bytes` open with `probedRows` whole rows of `fields` fields each, none malformed.
  private static func looksLikeRows(_ bytes: ArraySlice<UInt8>, delimiter: UInt8, fields: Int) -> Bool {
    let reader = CSVReader(rows: Array(bytes), name: "", delimiter: delimiter, line: 1)
    var record = CSVRecord()
    for _ in 0..<probedRows {
      guard (try? reader.next(into: &record)) == true, record.end < Int64(bytes.count),
        record.count == fields, record.problemLine == nil
      else { return false }
    }
    return true
  }

  /// Reads the rows into `pass`, whose `reader` has read the header: the first part here, the
  /// others at once on threads of their own, each taken into `pass` (and `index`) in file order.
  func read(_ reader: CSVReader, into pass: inout OrdersRowPass, index: OrdersIndex) {
    let later = (1..<starts.count).map { part in
      PartRead(self, part: part, state: pass.state, file: index.file)
    }
    pass.read(reader, until: starts[1])
    for (offset, part) in later.enumerated() {
      let read = part.wait()
      guard pass.error == nil, pass.lastEnd <= starts[offset + 1], let read else {
        // A row crossed the cut (or the part could not be read): the rest again, on this thread.
        for other in later[(offset + 1)...] { _ = other.wait() }
        return readRest(into: &pass)
      }
      pass.append(read, into: index)
      index.partsRead += 1
    }
    // The parts' entries, allocated on their threads' heaps and free now, would stay resident
    // (20 MB for a shuffled file of ten million rows) while the second pass grows another heap.
    malloc_trim(0)
  }

  /// Reads the rows after `pass`'s last into it, to the end of the file.
  private func readRest(into pass: inout OrdersRowPass) {
    pass.error = nil
    do throws(CSVError) {
      let reader = try CSVReader(
        path: path, name: name, from: pass.lastEnd, line: pass.lastLine, delimiter: delimiter)
      pass.read(reader)
    } catch {
      pass.error = error
    }
  }

  /// Part `part` read into an index of its own (nil when the file could not be opened again).
  fileprivate func read(part: Int, state: OrdersRowReader, file: String) -> OrdersRowPass? {
    guard let lines = Self.lineFeeds(path, before: starts[part]) else { return nil }
    var state = state
    state.index = OrdersIndex(options: state.options, file: file)
    var pass = OrdersRowPass(state, at: starts[part], line: lines + 1)
    do throws(CSVError) {
      let reader = try CSVReader(
        path: path, name: name, from: starts[part], line: lines + 1, delimiter: delimiter)
      pass.read(reader, until: part + 1 < starts.count ? starts[part + 1] : .max)
    } catch {
      return nil
    }
    pass.state.index?.stopAdding()
    return pass
  }

  /// The number of line feeds in the first `end` bytes of the file at `path` (nil when it cannot be read).
  static func lineFeeds(_ path: String, before end: Int64) -> Int? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
    defer { buffer.deallocate() }
    var count = 0
    var offset: Int64 = 0
    while offset < end {
      let got = pread(
        descriptor, buffer.baseAddress!, Int(min(Int64(buffer.count), end - offset)), off_t(offset))
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { return nil }
      count += lineFeeds(in: UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
      offset += Int64(got)
    }
    return count
  }

  /// The number of line feeds in `bytes`, eight at a time.
  static func lineFeeds(in bytes: UnsafeRawBufferPointer) -> Int {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    var count = 0
    var position = 0
    while position + 8 <= bytes.count {
      // A byte's high bit is set exactly where the byte is a line feed.
      let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self) ^ lineFeeds
      count += (~(((word & low) &+ low) | word | low)).nonzeroBitCount
      position += 8
    }
    while position < bytes.count {
      if bytes[position] == 0x0A { count += 1 }
      position += 1
    }
    return count
  }
}

/// One later part of an `OrdersCSVParts` being read on a thread of its own.
private final class PartRead: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written once, by the reading thread, before `done` is signalled.
  private var pass: OrdersRowPass?

  init(_ parts: OrdersCSVParts, part: Int, state: OrdersRowReader, file: String) {
    let handed = HandedState(state: state)
    DispatchQueue.global().async { [self] in
      pass = parts.read(part: part, state: handed.state, file: file)
      done.signal()
    }
  }

  /// The part's pass, waiting for it.
  func wait() -> OrdersRowPass? {
    done.wait()
    return pass
  }
}

/// A first pass's reader state handed to a part's thread, which reads it only to start its own.
private struct HandedState: @unchecked Sendable {
  let state: OrdersRowReader
}
