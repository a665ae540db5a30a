import DataModel
import Foundation

/// The options both commands take, declared once with the help each command gives them.
enum SharedOptions {
  static func config<Options: DocumentOptions>() -> OptionSpec<Options> {
    OptionSpec(
      names: ["--config"], value: "FILE", help: "settings (default: ./invoicegen.json when it exists)"
    ) { $0.config = $1 }
  }

  static func locale<Options: DocumentOptions>(help: String) -> OptionSpec<Options> {
    OptionSpec(names: ["--locale"], value: "ID", help: help) { (options, text) throws(CLIError) in
      if let problem = LocaleTag.problem(text) {
        throw .usage("--locale \"\(text)\" is not a locale: it \(problem); use a BCP 47 tag such as de-DE")
      }
      options.locale = text
    }
  }

  static func format<Options: DocumentOptions>(help: String, choices: [String]) -> OptionSpec<Options> {
    OptionSpec(names: ["--format"], value: choices.joined(separator: "|"), choices: choices, help: help) {
      $0.format = OutputFormat(rawValue: $1.lowercased()) ?? .pdf
    }
  }

  static func scale<Options: DocumentOptions>() -> OptionSpec<Options> {
    OptionSpec(names: ["--scale"], value: "X", help: "pixels per point for PNG (default 2)") {
      (options, text) throws(CLIError) in
      guard let value = Double(text), value > 0, value <= 16 else {
        throw .usage("--scale must be a number of pixels per point between 0 and 16, not \"\(text)\"")
      }
      options.scale = value
    }
  }

  static func paper<Options: DocumentOptions>() -> OptionSpec<Options> {
    OptionSpec(
      names: ["--paper"], value: "auto|a4|a5|letter|legal", choices: ["auto", "a4", "a5", "letter", "legal"],
      help:
        "paper size; auto: Letter for US, Canadian, Mexican… locales, A4 elsewhere\n(default: the config's brand.paper, else auto)"
    ) { $0.paper = $1.lowercased() }
  }

  static func untagged<Options: DocumentOptions>(help: String) -> OptionSpec<Options> {
    OptionSpec(names: ["--untagged"], help: help) { options, _ in options.untagged = true }
  }

  /// `--sign`, its password and time stamp, and `--password-file`: the seal and password of every PDF written.
  static func signing<Options: DocumentOptions>() -> [OptionSpec<Options>] {
    [
      OptionSpec(
        names: ["--sign"], value: "FILE.p12",
        help:
          "seal every PDF (PAdES B-B) with this PKCS #12 file's key and certificate chain\n(default: the config's sign.file)"
      ) { $0.sign = $1 },
      OptionSpec(
        names: ["--sign-password-file"], value: "FILE",
        help:
          "the PKCS #12 file's password is this file's first line\n(else \(SealSettings.passwordVariable))"
      ) { $0.signPasswordFile = $1 },
      OptionSpec(
        names: ["--sign-tsa"], value: "URL",
        help: "time-stamp every seal at this RFC 3161 authority (PAdES B-T)\n(default: the config's sign.tsa)"
      ) { $0.signTSA = $1 },
      OptionSpec(
        names: ["--password-file"], value: "FILE",
        help:
          "every PDF opens only with this file's first line (AES-256; not with Factur-X,\nwhich PDF/A forbids; default: the config's password.file)"
      ) { $0.passwordFile = $1 },
      OptionSpec(
        names: ["--owner-password-file"], value: "FILE",
        help: "this file's first line lifts the restrictions: without it, print yes, change no"
      ) { $0.ownerPasswordFile = $1 },
    ]
  }

  static func quiet<Options: DocumentOptions>(help: String) -> OptionSpec<Options> {
    OptionSpec(names: ["--quiet", "-q"], help: help) { options, _ in options.quiet = true }
  }
}
