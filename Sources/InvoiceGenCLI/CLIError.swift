import DataModel
import Foundation

/// What stops a command, with the exit code it maps to: the one error type of the command line.
///
/// Problems inside a run that still writes the other documents (an invalid invoice, a file that
/// could not be written) are not thrown: they are counted in the run's `Outcome`.
public enum CLIError: Error, CustomStringConvertible {
  /// A command-line mistake: printed with the usage, exit 1.
  case usage(String)
  /// The config file has problems (each a located diagnostic, already printed), exit 1.
  case config(file: String)
  /// The input could not be used at all (its diagnostics already printed), exit 1.
  case input
  /// The seal cannot sign (a missing file, a wrong password, an expired certificate…), exit 1.
  case seal(String)
  /// The output folder or file cannot be written at all, exit 3.
  case output(String)

  public var description: String {
    switch self {
    case .usage(let message): return message
    case .config(let file): return "nothing written: fix the config file \(file)"
    case .input: return "nothing written: the input could not be used"
    case .seal(let message): return "nothing written: \(message)"
    case .output(let message): return message
    }
  }

  /// The exit code documented in `--help` and the README.
  public var exitCode: Int32 {
    switch self {
    case .usage, .config, .input, .seal: return ExitCode.usage
    case .output: return ExitCode.output
    }
  }
}

/// How a run that got going ended; `exitCode` is the one mapping of outcomes to 0, 2 and 3.
struct Outcome {
  /// Invoices (or rows) that were invalid or failed to render; the others were written.
  var failed = false
  /// An output (a document, a hash, the summary) could not be written.
  var outputFailed = false

  var exitCode: Int32 {
    if outputFailed { return ExitCode.output }
    return failed ? ExitCode.invalid : ExitCode.success
  }
}

/// The exit codes, as documented in `--help` and the README.
public enum ExitCode {
  /// Everything was written (or skipped as unchanged).
  public static let success: Int32 = 0
  /// A usage or config error, or an unreadable input: nothing was written.
  public static let usage: Int32 = 1
  /// At least one invoice was invalid or failed; the others were written.
  public static let invalid: Int32 = 2
  /// Output could not be written (unwritable folder, disk full); wins over 2.
  public static let output: Int32 = 3
}
