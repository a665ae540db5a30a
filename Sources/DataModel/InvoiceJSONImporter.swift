import Foundation

/// Reads invoices from JSON: one invoice object, an array of them, or `{"invoices": [...]}`.
///
/// Fields are the CSV's in camelCase, with `customer` as an object (`name`, `address` as an array of
/// lines, `email`, `vatId`, `id`) and `items` as an array. Amounts and quantities may be JSON
/// numbers or strings and are read exactly. Every problem names the file, line, column and JSON path.
public struct InvoiceJSONImporter {
  public var options: ImportOptions

  public init(options: ImportOptions = ImportOptions()) {
    self.options = options
  }

  /// The invoices in the JSON file at `path` (`-` for standard input).
  public func importFile(_ path: String, name: String? = nil) -> InvoiceImport {
    let shown = name ?? (path == "-" ? "<stdin>" : path)
    let data: Data?
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        return InvoiceImport(
          invoices: [],
          diagnostics: [
            Diagnostic(.error, SourceLocation(file: shown, line: nil), "cannot read: is a directory")
          ],
          invalidInvoiceNumbers: [], isUnusable: true)
      }
      data = FileManager.default.contents(atPath: path)
    }
    guard let data else {
      let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
      return InvoiceImport(
        invoices: [],
        diagnostics: [Diagnostic(.error, SourceLocation(file: shown, line: nil), "cannot read: \(reason)")],
        invalidInvoiceNumbers: [], isUnusable: true)
    }
    return importBytes([UInt8](data), name: shown)
  }

  /// The invoices in `bytes`.
  public func importBytes(_ bytes: [UInt8], name: String) -> InvoiceImport {
    let document: JSONDocument
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      return InvoiceImport(
        invoices: [],
        diagnostics: [
          Diagnostic(
            .error, SourceLocation(file: name, line: error.line, column: error.column), error.message)
        ],
        invalidInvoiceNumbers: [], isUnusable: true)
    }
    var reader = JSONInvoiceReader(options: options, file: name, document: document)
    return reader.read()
  }
}
