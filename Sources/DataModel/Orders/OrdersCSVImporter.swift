import Foundation

/// Reads an orders CSV (one row per line item) into invoices, streaming, with a diagnostic for every problem.
///
/// Rows of one invoice need not be adjacent. Invoice-level columns may be blank in some rows, but
/// where two rows give a value they must agree. A bad row makes its invoice invalid; the other
/// invoices are still returned. Nothing here traps, whatever the bytes.
public struct OrdersCSVImporter {
  public var options: ImportOptions

  public init(options: ImportOptions = ImportOptions()) {
    self.options = options
  }

  /// The invoices in the CSV file at `path` (`-` for standard input); `name` is used in messages.
  public func importFile(_ path: String, name: String? = nil) -> InvoiceImport {
    do {
      let reader = try CSVReader(
        path: path, name: name, delimiter: options.delimiter, encoding: options.encoding)
      return run(reader, name: reader.name)
    } catch {
      return InvoiceImport(
        invoices: [], diagnostics: [error.diagnostic], invalidInvoiceNumbers: [], isUnusable: true)
    }
  }

  /// The invoices in `bytes`, read `chunkSize` bytes at a time.
  public func importBytes(_ bytes: [UInt8], name: String, chunkSize: Int = 1 << 16) -> InvoiceImport {
    run(
      CSVReader(
        bytes: bytes, name: name, delimiter: options.delimiter, encoding: options.encoding,
        chunkSize: chunkSize),
      name: name)
  }

  private func run(_ reader: CSVReader, name: String) -> InvoiceImport {
    var state = OrdersRowReader(options: options, file: name)
    var record = CSVRecord()
    do {
      guard try reader.next(into: &record) else {
        state.fileError(line: nil, "the file is empty", hint: "the first line must name the columns")
        return state.finish()
      }
      guard state.readHeader(record) else { return state.finish() }
      var sawRow = false
      while try reader.next(into: &record) {
        sawRow = true
        state.readRow(record)
      }
      if !sawRow {
        state.fileError(line: nil, "has a header but no rows", hint: nil)
      }
    } catch {
      state.diagnostics.append(error.diagnostic)
      state.abandonedAt = error
    }
    return state.finish()
  }
}
