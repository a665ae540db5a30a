import DataModel
import Foundation
import Layouts
import PageKit

/// The settings file of a run (`invoicegen.json`): seller, bank, brand, defaults, output naming, columns and CSV options.
///
/// Unknown keys are errors naming their path, so a typo never silently loses a setting. Relative
/// paths (logo, fonts folder) are relative to the config file's folder.
public struct Config: Sendable {
  public var invoiceSettings = InvoiceSettings()
  public var importOptions = ImportOptions()
  /// The output file name pattern: `{number}`, `{customer}`, `{date}` are replaced.
  public var fileNamePattern = "{number}.pdf"
  /// The bytes of the config file, part of the `--skip-unchanged` hash.
  public var fingerprint = ""
  /// The hybrid e-invoice every PDF becomes (`"einvoice": "facturx"`).
  public var einvoice: EInvoiceKind?
  /// Whether PDFs are tagged for screen readers (`"tagged": false` turns it off, like `--untagged`).
  public var tagged = true
  /// The seal every PDF is signed with (`"sign": {"file": …, "passwordFile": …}`), or nil.
  public var sign: SealSettings?
  /// The password every PDF is protected with (`"password": {"file": …, "ownerFile": …}`), or nil.
  public var password: PasswordSettings?
  /// What the config's `layout.report` changes in reports (title, subtitle, footer, logo, labels).
  public var reportCustomization = ReportCustomization()
  /// What the config file holds that is used but worth saying (a character shown as U+FFFD).
  public var warnings: [Diagnostic] = []
  /// The file this config was read from; nil when no config file was found (the defaults).
  public var file: String?
  /// The label files `layout.labels` names (a change to one re-renders a preview).
  public var labelFiles: [String] = []
  /// Where the config names the logo (`brand.logo`), for messages about it.
  var logoLocation: SourceLocation?

  public init() {}

  /// This config with `--paper`'s choice, when given: `auto` or a paper name (already checked).
  func overriding(paper: String?) -> Config {
    guard let paper else { return self }
    var config = self
    config.invoiceSettings.brand.paper = paper == "auto" ? nil : PageSize(named: paper)
    return config
  }

  /// The problems of a config file, each with line, column and key path.
  public struct Errors: Error {
    public var diagnostics: [Diagnostic]
  }

  /// Reads the config at `path`; every problem is a diagnostic with line, column and key path.
  public static func load(path: String) -> Result<Config, Errors> {
    let bytes: [UInt8]
    switch InputFile.readText(
      path, name: path, limit: InputLimits.configFileBytes, kind: "JSON", regularOnly: true)
    {
    case .success(let read): bytes = read
    case .failure(let diagnostic): return .failure(Errors(diagnostics: [diagnostic]))
    }
    let document: JSONDocument
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      return .failure(
        Errors(diagnostics: [
          Diagnostic(
            .error, SourceLocation(file: path, line: error.line, column: error.column), error.message)
        ]))
    }
    var reader = ConfigReader(
      file: path, document: document, folder: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    var config = reader.read()
    config.labelFiles = reader.labelFiles
    config.fingerprint = String(decoding: bytes, as: UTF8.self)
    config.file = path
    config.warnings = document.unrenderableWarning(file: path).map { [$0] } ?? []
    return reader.errors.isEmpty ? .success(config) : .failure(Errors(diagnostics: reader.errors))
  }
}
