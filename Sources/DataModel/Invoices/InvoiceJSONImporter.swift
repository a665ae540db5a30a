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
    switch InputFile.readText(path, name: shown, limit: InputLimits.jsonDocumentBytes, kind: "JSON") {
    case .success(let bytes):
      return importBytes(bytes, name: shown)
    case .failure(let diagnostic):
      return InvoiceImport(
        invoices: [], diagnostics: [diagnostic], invalidInvoiceNumbers: [], isUnusable: true)
    }
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
