import Foundation

/// What a run did: counts, failures with their diagnostics, output files and timing.
struct RunSummary {
  /// One invoice (or row) that was not written, and why.
  struct Failure {
    var invoice: String?
    var message: String
  }

  var written = 0
  var skipped = 0
  var invalid: [String] = []
  var rejectedRows = 0
  var renderFailures = 0
  var writeFailures = 0
  var failures: [Failure] = []
  var outputs: [String] = []
  var seconds: Double = 0

  var failedCount: Int { Set(invalid).count + rejectedRows + renderFailures + writeFailures }

  /// `412 invoices written, 3 failed, 0 skipped in 2.1 s (196/s)`.
  var line: String {
    let rate = seconds > 0 ? Double(written) / seconds : 0
    return String(
      format: "%@ written, %d failed, %d skipped in %.1f s (%.0f/s)", Plural.count(written, "invoice"),
      failedCount, skipped, seconds, rate)
  }

  /// The summary as JSON, for `--summary FILE.json`.
  func json() -> Data {
    let object: [String: Any] = [
      "written": written, "failed": failedCount, "skipped": skipped,
      "invalidInvoices": Array(Set(invalid)).sorted(),
      "rejectedRows": rejectedRows, "seconds": (seconds * 1000).rounded() / 1000,
      "failures": failures.map { failure -> [String: Any] in
        var entry: [String: Any] = ["message": failure.message]
        if let invoice = failure.invoice { entry["invoice"] = invoice }
        return entry
      },
      "outputs": outputs.sorted(),
    ]
    return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
      ?? Data()
  }
}
