import DataModel
import Foundation
import PageRendering

/// What a run did: counts, failures with their diagnostics, output files and timing.
struct RunSummary {
  /// One invoice (or a row that belongs to none) that was not written, with every reason.
  struct Failure {
    var invoice: String?
    /// The input line the failure is first located at, for input order.
    var line: Int?
    var messages: [String]
  }

  var written = 0
  /// Invoices skipped as unchanged (`--skip-unchanged`).
  var skipped = 0
  /// Orders left out because of their status (refunded, voided, cancelled).
  var skippedOrders: [SkippedInvoice] = []
  var invalid: [String] = []
  var rejectedRows = 0
  var renderFailures = 0
  var writeFailures = 0
  private(set) var failures: [Failure] = []
  /// The invoices that miss legal particulars of their seller's country, with the rules they miss.
  var legal: [(number: String, line: Int?, findings: [LegalFinding])] = []
  var outputs: [String] = []
  var seconds: Double = 0
  /// Seconds spent reading and checking the input, naming the files, and rendering and writing them.
  var phases: [(name: String, seconds: Double)] = []

  /// Adds `message` to `invoice`'s entry (made on first use); a row without an invoice gets an entry of its own.
  mutating func fail(_ invoice: String?, line: Int?, _ message: String) {
    if let invoice, let index = failures.firstIndex(where: { $0.invoice == invoice }) {
      failures[index].messages.append(message)
      if failures[index].line == nil { failures[index].line = line }
      return
    }
    failures.append(Failure(invoice: invoice, line: line, messages: [message]))
  }

  /// Keeps only the failures `keep` accepts.
  mutating func keepFailures(where keep: (Failure) -> Bool) {
    failures = failures.filter(keep)
  }

  var failedCount: Int { distinctInvalid.count + rejectedRows + renderFailures + writeFailures }

  /// The invalid invoice numbers, each once; numbers differing only in Unicode normalization
  /// (NFC and NFD twins, equal as Swift strings) are different invoices and are counted apart.
  var distinctInvalid: [String] {
    var seen = Set<[UInt8]>()
    return invalid.filter { seen.insert(Array($0.utf8)).inserted }
  }

  /// `412 invoices written, 3 failed, 0 skipped in 2.1 s (196/s)`.
  var line: String {
    let rate = seconds > 0 ? Double(written) / seconds : 0
    return String(
      format: "%@ written, %d failed, %d skipped in %.1f s (%.0f/s)", Plural.count(written, "invoice"),
      failedCount, skipped + skippedOrders.count, seconds, rate)
  }

  /// `3 orders skipped by status: 2 refunded, 1 cancelled`.
  var skippedOrdersLine: String {
    var counts: [(String, Int)] = []
    for order in skippedOrders {
      if let index = counts.firstIndex(where: { $0.0 == order.reason }) {
        counts[index].1 += 1
      } else {
        counts.append((order.reason, 1))
      }
    }
    var line =
      "\(Plural.count(skippedOrders.count, "order")) skipped by status: "
      + counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    if skippedOrders.contains(where: { $0.status == .refunded }) {
      line += " (--refunds credit-note writes credit notes for refunded orders)"
    }
    return line
  }

  /// The summary as JSON, for `--summary FILE.json`.
  func json() -> Data {
    let object: [String: Any] = [
      "written": written, "failed": failedCount, "skipped": skipped + skippedOrders.count,
      "skippedOrders": skippedOrders.map { order -> [String: Any] in
        var entry: [String: Any] = ["invoice": order.number, "reason": order.reason]
        if let line = order.location.line { entry["line"] = line }
        return entry
      },
      "invalidInvoices": distinctInvalid.sorted(),
      "rejectedRows": rejectedRows, "seconds": (seconds * 1000).rounded() / 1000,
      "failures": orderedFailures.map { failure -> [String: Any] in
        var entry: [String: Any] = [
          "message": failure.messages.joined(separator: "\n"), "messages": failure.messages,
        ]
        if let invoice = failure.invoice { entry["invoice"] = invoice }
        if let line = failure.line { entry["line"] = line }
        return entry
      },
      "legal": legal.map { entry -> [String: Any] in
        var object: [String: Any] = [
          "invoice": entry.number,
          "rules": entry.findings.map {
            ["rule": $0.ruleID, "law": $0.law, "message": $0.message, "hint": $0.hint]
          },
        ]
        if let line = entry.line { object["line"] = line }
        return object
      },
      "phases": Dictionary(
        phases.map { ($0.name, ($0.seconds * 1000).rounded() / 1000) },
        uniquingKeysWith: { first, _ in first }),
      "outputs": outputs.sorted(),
    ]
    return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
      ?? Data()
  }

  /// The failures in input order (by their first line; those without one last, as they came).
  var orderedFailures: [Failure] {
    failures.enumerated().sorted {
      ($0.element.line ?? .max, $0.offset) < ($1.element.line ?? .max, $1.offset)
    }.map(\.element)
  }
}

extension RunSummary {
  /// Writes the JSON summary to `path` (`--summary`) atomically; false, after saying why, when it
  /// cannot be written.
  func write(to path: String) -> Bool {
    do {
      try AtomicFile.write(json(), to: path)
      return true
    } catch {
      let reason = if case .output(_, let reason)? = error as? RenderError { reason } else { "\(error)" }
      Console.error("\(path): cannot write the summary: \(reason)")
      return false
    }
  }
}
