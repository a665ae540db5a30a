import Foundation

/// Where a run's seal comes from: `--sign` with its password file, or the config's `"sign"`.
///
/// The password is never an argument: it is the first line of `passwordFile`, else the environment
/// variable `INVOICEGEN_SIGN_PASSWORD`, else empty (a PKCS #12 file without a password).
public struct SealSettings: Sendable, Equatable {
  /// The PKCS #12 file with the seal's key and certificate chain.
  public var file: String
  /// The file whose first line is the PKCS #12 file's password.
  public var passwordFile: String?

  public init(file: String, passwordFile: String? = nil) {
    self.file = file
    self.passwordFile = passwordFile
  }

  /// The environment variable holding the password when no password file is given.
  static let passwordVariable = "INVOICEGEN_SIGN_PASSWORD"

  /// The settings of `--sign` and `--sign-password-file` over the config's; nil when neither signs.
  static func resolve(sign: String?, passwordFile: String?, config: SealSettings?) throws(CLIError)
    -> SealSettings?
  {
    guard let file = sign ?? config?.file else {
      if passwordFile != nil {
        throw .usage("--sign-password-file needs --sign FILE.p12 (or the config's sign.file)")
      }
      return nil
    }
    return SealSettings(file: file, passwordFile: passwordFile ?? config?.passwordFile)
  }

  /// The seal these settings name, opened and checked at `date`; every problem names its file.
  func open(environment: [String: String], at date: Date) throws(CLIError) -> Seal {
    var password = environment[SealSettings.passwordVariable] ?? ""
    if let passwordFile {
      guard let data = FileManager.default.contents(atPath: passwordFile) else {
        throw .seal("\(passwordFile): the seal's password file cannot be read")
      }
      let text = String(decoding: data, as: UTF8.self)
      password = String(
        text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
      if password.hasSuffix("\r") { password.removeLast() }
    }
    do {
      return try Seal.open(path: file, password: password, at: date)
    } catch {
      let hint =
        error.message == "the password is wrong" && passwordFile == nil
        ? " (give it with --sign-password-file FILE or \(SealSettings.passwordVariable))" : ""
      throw .seal(error.description + hint)
    }
  }
}
