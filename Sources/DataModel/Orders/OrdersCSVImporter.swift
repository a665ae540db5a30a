import Foundation

/// Reads an orders CSV (one row per line item) into invoices, in bounded memory, with a diagnostic for every problem.
///
/// Rows of one invoice need not be adjacent. Invoice-level columns may be blank in some rows, but
/// where two rows give a value they must agree. A bad row makes its invoice invalid; the other
/// invoices are still returned. Nothing here traps, whatever the bytes.
///
/// `index` reads the file once for where each invoice's rows are (`OrdersIndex`); each invoice is
/// then read on its own. `importFile` and `importBytes` read them all at once.
public struct OrdersCSVImporter {
  public var options: ImportOptions

  public init(options: ImportOptions = ImportOptions()) {
    self.options = options
  }

  /// The invoices in the CSV file at `path` (`-` for standard input); `name` is used in messages.
  public func importFile(_ path: String, name: String? = nil) -> InvoiceImport {
    index(path, name: name).readAll()
  }

  /// The invoices in `bytes`, read `chunkSize` bytes at a time.
  public func importBytes(_ bytes: [UInt8], name: String, chunkSize: Int = 1 << 16) -> InvoiceImport {
    index(bytes: bytes, name: name, chunkSize: chunkSize).readAll()
  }

  /// The index of the CSV file at `path` (`-` for standard input); `name` is used in messages.
  ///
  /// An input that cannot be read twice (standard input, a pipe, another encoding than UTF-8) is
  /// spooled as UTF-8 to a file in `spoolFolder` (the temporary folder by default) that is unlinked
  /// as soon as it is open. A UTF-8 file of at least two `partBytes` is read in up to `threads`
  /// parts at once (`OrdersCSVParts`), to the same index.
  public func index(
    _ path: String, name: String? = nil, spoolFolder: String? = nil, threads: Int = 1,
    partBytes: Int = 16 << 20
  ) -> OrdersIndex {
    let shown = name ?? (path == "-" ? "<stdin>" : path)
    let index = OrdersIndex(options: options, file: shown)
    do throws(CSVError) {
      let reader = try CSVReader(
        path: path, name: name, delimiter: options.delimiter, encoding: options.encoding)
      var info = stat()
      let rereadable =
        path != "-" && options.encoding == .utf8 && stat(path, &info) == 0
        && (info.st_mode & S_IFMT) == S_IFREG
      if rereadable {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
          throw CSVError.unreadable(file: shown, reason: String(cString: strerror(errno)))
        }
        index.source = .descriptor(descriptor)
        read(reader, into: index) { (headerEnd, fields) in
          OrdersCSVParts(
            path: path, name: shown, size: Int64(info.st_size), headerEnd: headerEnd,
            delimiter: reader.delimiter, fields: fields, threads: threads, partBytes: partBytes)
        }
      } else {
        let spool = try Spool(folder: spoolFolder ?? NSTemporaryDirectory(), file: shown)
        index.source = .descriptor(spool.descriptor)
        reader.sink = { (bytes) throws(CSVError) in try spool.write(bytes) }
        read(reader, into: index)
      }
    } catch {
      index.fileDiagnostics.append((error.diagnostic, 0))
      index.unusable = true
    }
    return index
  }

  /// The index of `bytes`, read `chunkSize` bytes at a time.
  public func index(bytes: [UInt8], name: String, chunkSize: Int = 1 << 16) -> OrdersIndex {
    let index = OrdersIndex(options: options, file: name)
    let reader = CSVReader(
      bytes: bytes, name: name, delimiter: options.delimiter, encoding: options.encoding, chunkSize: chunkSize
    )
    if options.encoding == .utf8 {
      index.source = .bytes(bytes)
      read(reader, into: index)
    } else {
      let converted = ConvertedBytes()
      reader.sink = { (chunk) throws(CSVError) in converted.bytes.append(contentsOf: chunk) }
      read(reader, into: index)
      index.source = .bytes(converted.bytes)
    }
    return index
  }

  /// The first pass: the header, then each row's invoice number and place, into `index`; the
  /// rows in the parts that `parts` makes of them, given where the header ends and its field count.
  private func read(
    _ reader: CSVReader, into index: OrdersIndex, parts: (Int64, Int) -> OrdersCSVParts? = { _, _ in nil }
  ) {
    var state = OrdersRowReader(options: options, file: index.file)
    state.index = index
    var pass = OrdersRowPass(state, at: 0, line: 1)
    var record = CSVRecord()
    do throws(CSVError) {
      guard try reader.next(into: &record) else {
        pass.state.fileError(line: nil, "the file is empty", hint: "the first line must name the columns")
        pass.collect(0)
        return finish(pass, index)
      }
      let headerRead = pass.state.readHeader(record)
      pass.collect(0)
      guard headerRead else { return finish(pass, index) }
      index.delimiter = reader.delimiter
      pass.lastEnd = reader.offset
      pass.lastLine = reader.line
      if let parts = parts(reader.offset, pass.state.headers.count) {
        parts.read(reader, into: &pass, index: index)
      } else {
        pass.read(reader)
      }
    } catch {
      pass.error = error
    }
    if let error = pass.error {
      pass.state.diagnostics.append(error.diagnostic)
      pass.collect(Int.max)
      index.abandonedAt = error
    } else if !pass.sawRow {
      if Self.endsLinesInCR(index.source) {
        // The whole file read as one header line: say why instead of "no rows".
        pass.state.fileError(
          line: nil,
          "its lines end in a carriage return (CR) alone, as on classic Mac OS, so it reads as one line",
          hint: "save it with LF or CRLF line ends (\"Unix\" or \"Windows\" in the export dialog)")
      } else {
        pass.state.fileError(line: nil, "has a header but no rows", hint: nil)
      }
      pass.collect(Int.max)
    }
    finish(pass, index)
  }

  /// Whether the input's lines end in CR alone: its first 64 KiB hold a CR and no LF.
  static func endsLinesInCR(_ source: OrdersIndex.Source) -> Bool {
    let start: [UInt8]
    switch source {
    case .bytes(let bytes): start = Array(bytes.prefix(1 << 16))
    case .descriptor(let descriptor):
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      let count = pread(descriptor, &buffer, buffer.count, 0)
      start = count > 0 ? Array(buffer.prefix(count)) : []
    }
    return start.contains(0x0D) && !start.contains(0x0A)
  }

  /// Hands what the first pass found to `index`.
  private func finish(_ pass: OrdersRowPass, _ index: OrdersIndex) {
    let state = pass.state
    index.fileDiagnostics += pass.found
    index.header = state.header
    index.rejectedRows = state.rejectedRows
    index.unusable = index.unusable || state.unusable
    index.dates = state.dateEvidence
    if options.decimalSeparator == nil, state.decimalSeparatorIsKnown {
      index.learnedSeparator = (state.decimalSeparator, state.decimalSeparatorLine ?? 0)
    }
  }
}

/// The UTF-8 a transcoded byte input became, gathered for the second pass.
private final class ConvertedBytes {
  var bytes: [UInt8] = []
}

/// A temporary file holding the UTF-8 stream of an input that cannot be read twice.
///
/// It is unlinked as soon as it is created: the descriptor keeps it while the index lives, and
/// nothing is left in the folder however the process ends.
final class Spool {
  let descriptor: Int32
  let file: String

  init(folder: String, file: String) throws(CSVError) {
    self.file = file
    var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
    template += Array(".invoicegen-spool-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw CSVError.unreadable(
        file: file, reason: "cannot create a spool file in \(folder): \(String(cString: strerror(errno)))")
    }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    self.descriptor = descriptor
  }

  /// Appends `bytes`; a full disk is an error naming the input.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(CSVError) {
    var done = 0
    while done < bytes.count {
      let wrote = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
      if wrote < 0, errno == EINTR { continue }
      guard wrote > 0 else {
        throw CSVError.unreadable(
          file: file, reason: "cannot spool the input: \(String(cString: strerror(errno)))")
      }
      done += wrote
    }
  }
}
