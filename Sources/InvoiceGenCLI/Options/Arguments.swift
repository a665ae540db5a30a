import DataModel
import EInvoicing
import Foundation

/// The options both commands share: what to read, where to write, in which format and locale.
public protocol DocumentOptions {
  var input: String { get set }
  var out: String { get set }
  var config: String? { get set }
  var locale: String? { get set }
  var format: OutputFormat { get set }
  var scale: Double { get set }
  var quiet: Bool { get set }
  /// `--paper`: `auto` or a paper name, checked when parsed; nil for the config's paper.
  var paper: String? { get set }
  /// `--untagged`: PDFs without a structure tree (tagging is on by default).
  var untagged: Bool { get set }
  /// `--sign FILE.p12`: seal every PDF with this PKCS #12 file's key (over the config's `sign.file`).
  var sign: String? { get set }
  /// `--sign-password-file FILE`: the PKCS #12 file's password is this file's first line.
  var signPasswordFile: String? { get set }
  /// `--sign-tsa URL`: an RFC 3161 time-stamp authority stamps every signature (PAdES B-T).
  var signTSA: String? { get set }
  /// `--password-file FILE`: every PDF opens only with this file's first line (AES-256).
  var passwordFile: String? { get set }
  /// `--owner-password-file FILE`: the password that lifts the restrictions (print yes, change no).
  var ownerPasswordFile: String? { get set }
  /// Takes one `--input` (a batch has one; a report merges several).
  mutating func addInput(_ path: String)
}

extension DocumentOptions {
  public mutating func addInput(_ path: String) { input = path }
}

/// The hybrid e-invoice every PDF becomes.
public enum EInvoiceKind: String, Sendable {
  /// Factur-X / ZUGFeRD: PDF/A-3b with `factur-x.xml` (EN 16931) attached.
  case facturx
  /// Plain PDFs (to override the config).
  case none
}

/// What `invoicegen report` reads.
public enum ReportInputFormat: String, Sendable {
  case junit, cobertura, json, csv
}

/// What the command line asks for.
public enum Command: Sendable {
  case batch(BatchOptions)
  case report(ReportOptions)
  /// `invoicegen diff OLD NEW`: the pages that changed between two PDFs or folders of PDFs.
  case diff(DiffOptions)
  /// `invoicegen new-layout NAME`: a Swift package with a layout of one's own.
  case newLayout(NewLayoutCommand.Options)
  /// `invoicegen preview --input FILE …`: the rendered pages on a local web page, live.
  case preview(PreviewCommand.Options)
  case layouts
  case version
  /// `--help`, or `SUBCOMMAND --help` for that subcommand's own.
  case help(String?)
  /// `invoicegen completions bash|zsh|fish`: a shell completion script.
  case completions(String)
  /// `invoicegen man`: the man page (roff), used by `make man`.
  case manPage
  /// `invoicegen options-markdown`: the README's options tables.
  case optionsMarkdown
}

/// Parses `invoicegen`'s arguments (`--name value` or `--name=value`).
public enum Arguments {
  public static func parse(_ arguments: [String]) throws(CLIError) -> Command {
    var list = arguments
    if list.isEmpty { return .help(nil) }
    if list.contains("--help") || list.contains("-h") {
      return .help(list.first.flatMap { CommandLineReference.subcommands[$0] == nil ? nil : $0 })
    }
    if list.first == "--version" || list == ["version"] { return .version }
    if list.first == "layouts" { return .layouts }
    if list.first == "completions" { return .completions(list.count > 1 ? list[1] : "") }
    if list == ["man"] { return .manPage }
    if list == ["options-markdown"] { return .optionsMarkdown }
    // Split --name=value into two arguments.
    list = list.flatMap { argument -> [String] in
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
      }
      return [argument]
    }
    if list.first == "new-layout" { return .newLayout(try NewLayoutCommand.parse(Array(list.dropFirst()))) }
    if list.first == "preview" { return .preview(try PreviewCommand.parse(Array(list.dropFirst()))) }
    if list.first == "diff" { return .diff(try DiffOptions.parse(Array(list.dropFirst()))) }
    if list.first == "report" { return .report(try ReportOptions.parse(Array(list.dropFirst()))) }
    return .batch(try BatchOptions.parse(list))
  }

}
