import DataModel
import Foundation

extension ConfigReader {
  /// `"sign": {"file": "seal.p12", "passwordFile": "seal.password", "tsa": URL}`: the seal of every PDF.
  ///
  /// The paths are relative to the config's folder. The password itself has no key: it is never
  /// written in the config, but kept in its own file or in `INVOICEGEN_SIGN_PASSWORD`.
  mutating func readSign(_ value: JSONValue, into config: inout Config) {
    let fields = members(value, "$.sign", known: ["file", "passwordFile", "tsa"])
    guard let file = string(fields["file"], "$.sign.file") else {
      if fields["file"] == nil { error(value, "$.sign", "needs \"file\": the seal's PKCS #12 file") }
      return
    }
    let timestampURL = string(fields["tsa"], "$.sign.tsa")
    if let timestampURL, !SealSettings.isWebAddress(timestampURL) {
      error(fields["tsa"]!, "$.sign.tsa", "\"\(timestampURL)\" is not an http or https address")
    }
    config.sign = SealSettings(
      file: resolve(file), passwordFile: string(fields["passwordFile"], "$.sign.passwordFile").map(resolve),
      timestampURL: timestampURL)
  }
}

extension ConfigReader {
  /// `"password": {"file": "reports.password", "ownerFile": "owner.password"}`: every PDF protected.
  ///
  /// The files hold the passwords (their first lines); the paths are relative to the config's folder.
  mutating func readPassword(_ value: JSONValue, into config: inout Config) {
    let fields = members(value, "$.password", known: ["file", "ownerFile"])
    guard let file = string(fields["file"], "$.password.file") else {
      if fields["file"] == nil { error(value, "$.password", "needs \"file\": the file holding the password") }
      return
    }
    config.password = PasswordSettings(
      file: resolve(file), ownerFile: string(fields["ownerFile"], "$.password.ownerFile").map(resolve))
  }
}
