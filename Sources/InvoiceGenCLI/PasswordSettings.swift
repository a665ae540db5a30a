import Foundation
import PageRendering

/// Where a run's document password comes from: `--password-file` (and `--owner-password-file`), or the config's `"password"`.
///
/// Each password is the first line of its file, never an argument. The owner password, when given,
/// restricts the document to reading and printing.
public struct PasswordSettings: Sendable, Equatable {
  /// The file whose first line opens the documents.
  public var file: String
  /// The file whose first line lifts the restrictions, or nil for none.
  public var ownerFile: String?

  public init(file: String, ownerFile: String? = nil) {
    self.file = file
    self.ownerFile = ownerFile
  }

  /// The settings of the options over the config's; nil when no password is asked for.
  static func resolve(file: String?, ownerFile: String?, config: PasswordSettings?) throws(CLIError)
    -> PasswordSettings?
  {
    guard let file = file ?? config?.file else {
      if ownerFile != nil {
        throw .usage("--owner-password-file needs --password-file FILE (or the config's password.file)")
      }
      return nil
    }
    return PasswordSettings(file: file, ownerFile: ownerFile ?? config?.ownerFile)
  }

  /// The encryption these settings ask for, their files read; an unreadable or empty one is an error.
  func encryption() throws(CLIError) -> PDFEncryption {
    let user = try PasswordSettings.firstLine(of: file)
    let owner = try ownerFile.map { (path) throws(CLIError) in try PasswordSettings.firstLine(of: path) }
    if let owner, owner == user {
      throw .usage(
        "\(ownerFile ?? ""): the owner password must differ from the password that opens the document")
    }
    return PDFEncryption(userPassword: user, ownerPassword: owner)
  }

  /// The first line of the file at `path`, without its line end; a password file must have one.
  static func firstLine(of path: String) throws(CLIError) -> String {
    let data: Data
    switch SecretFile.read(path, limit: 1 << 16) {
    case .success(let read): data = read
    case .failure(let problem): throw .usage("\(path): the password file \(problem.message)")
    }
    let line = firstLine(in: data)
    guard !line.isEmpty else { throw .usage("\(path): the password file's first line is empty") }
    return line
  }

  /// The first line of `data` (UTF-8), without its line end (LF, CRLF or CR).
  static func firstLine(in data: Data) -> String {
    // By characters: CRLF is one character, a newline like LF.
    let text = String(decoding: data, as: UTF8.self)
    return String(
      text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? "")
  }
}
