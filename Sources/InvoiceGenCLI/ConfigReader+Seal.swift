import DataModel
import Foundation

extension ConfigReader {
  /// `"sign": {"file": "seal.p12", "passwordFile": "seal.password"}`: the seal of every PDF.
  ///
  /// The paths are relative to the config's folder. The password itself has no key: it is never
  /// written in the config, but kept in its own file or in `INVOICEGEN_SIGN_PASSWORD`.
  mutating func readSign(_ value: JSONValue, into config: inout Config) {
    let fields = members(value, "$.sign", known: ["file", "passwordFile"])
    guard let file = string(fields["file"], "$.sign.file") else {
      if fields["file"] == nil { error(value, "$.sign", "needs \"file\": the seal's PKCS #12 file") }
      return
    }
    config.sign = SealSettings(
      file: resolve(file), passwordFile: string(fields["passwordFile"], "$.sign.passwordFile").map(resolve))
  }
}
