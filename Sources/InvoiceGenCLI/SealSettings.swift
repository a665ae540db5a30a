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
  /// The RFC 3161 time-stamp authority (http or https) that stamps every signature (PAdES B-T).
  public var timestampURL: String?

  public init(file: String, passwordFile: String? = nil, timestampURL: String? = nil) {
    self.file = file
    self.passwordFile = passwordFile
    self.timestampURL = timestampURL
  }

  /// The environment variable holding the password when no password file is given.
  static let passwordVariable = "INVOICEGEN_SIGN_PASSWORD"

  /// The settings of `--sign`, `--sign-password-file` and `--sign-tsa` over the config's; nil when neither signs.
  static func resolve(sign: String?, passwordFile: String?, timestampURL: String?, config: SealSettings?)
    throws(CLIError) -> SealSettings?
  {
    guard let file = sign ?? config?.file else {
      if passwordFile != nil {
        throw .usage("--sign-password-file needs --sign FILE.p12 (or the config's sign.file)")
      }
      if timestampURL != nil { throw .usage("--sign-tsa needs --sign FILE.p12 (or the config's sign.file)") }
      return nil
    }
    if let url = timestampURL, !SealSettings.isWebAddress(url) {
      throw .usage("--sign-tsa \"\(url)\" is not an http or https address")
    }
    return SealSettings(
      file: file, passwordFile: passwordFile ?? config?.passwordFile,
      timestampURL: timestampURL ?? config?.timestampURL)
  }

  /// Whether `text` is an http or https address with a host.
  static func isWebAddress(_ text: String) -> Bool {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host else {
      return false
    }
    return (scheme == "http" || scheme == "https") && !host.isEmpty
  }

  /// The seal these settings name, opened and checked at `date`; every problem names its file.
  func open(environment: [String: String], at date: Date) throws(CLIError) -> Seal {
    var password = environment[SealSettings.passwordVariable] ?? ""
    if let passwordFile {
      guard case .success(let data) = SecretFile.read(passwordFile, limit: 1 << 16) else {
        throw .seal(
          "\(passwordFile): the seal's password file cannot be read (a regular file of at most 64 KiB)")
      }
      password = PasswordSettings.firstLine(in: data)
    }
    do {
      return try Seal.open(path: file, password: password, at: date, timestampURL: timestampURL)
    } catch {
      let hint =
        error.message == "the password is wrong" && passwordFile == nil
        ? " (give it with --sign-password-file FILE or \(SealSettings.passwordVariable))" : ""
      throw .seal(error.description + hint)
    }
  }
}
