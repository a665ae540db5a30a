import DataModel
import Foundation

/// The select stage: reports the reading's problems (in input order) and keeps the invoices of this run.
///
/// `--only` keeps the named invoices (the problems of others are counted, not shown) and a shard
/// keeps the invoices whose number hashes to it; the summary starts with what the reading found.
struct InvoiceSelection {
  let plan: RunPlan

  /// Whether the invoice numbered `number` is this run's: named by `--only` (when given) and in this shard.
  func wants(_ number: String) -> Bool {
    (plan.only.isEmpty || plan.only.contains(number)) && (plan.shard?.contains(number) ?? true)
  }

  /// The invoices this run renders, and the summary of the reading as far as they are concerned.
  func select(_ imported: InvoiceImport) -> (invoices: [Invoice], summary: RunSummary) {
    let summary = select(imported, validNumbers: imported.invoices.map(\.number))
    return (imported.invoices.filter { wants($0.number) }, summary)
  }

  /// Shows the reading's problems of this run's invoices and starts the summary with them;
  /// `validNumbers` are the numbers of the valid invoices read (at least those `--only` names).
  func select(_ imported: InvoiceImport, validNumbers: [String]) -> RunSummary {
    var summary = RunSummary()
    let wanted = plan.only.isEmpty ? nil : Set(plan.only)
    let ordered = report(imported.diagnostics, wanted: wanted)
    summary.invalid = imported.invalidInvoiceNumbers
    summary.rejectedRows = wanted == nil ? imported.rejectedRows : 0
    summary.skippedOrders = imported.skipped.filter { wanted?.contains($0.number) ?? true }
    for diagnostic in ordered where diagnostic.severity == .error {
      summary.fail(diagnostic.invoiceNumber, line: diagnostic.location.line, diagnostic.description)
    }
    if let wanted {
      let found = Set(validNumbers).union(imported.invalidInvoiceNumbers)
      for missing in plan.only where !found.contains(missing) {
        Console.error("--only \(missing): no invoice with that number in \(plan.input)")
        summary.fail(missing, line: nil, "error: --only \(missing): not in the input")
        summary.invalid.append(missing)
      }
      summary.invalid = summary.invalid.filter { wanted.contains($0) }
    }
    if let shard = plan.shard {
      let index = shard.index
      func mine(_ number: String) -> Bool { shard.contains(number) }
      summary.invalid = summary.invalid.filter(mine)
      summary.skippedOrders = summary.skippedOrders.filter { mine($0.number) }
      // A row that belongs to no invoice is the first shard's to report.
      if index != 1 { summary.rejectedRows = 0 }
      summary.keepFailures { failure in failure.invoice.map(mine) ?? (index == 1) }
    }
    return summary
  }

  /// Shows the diagnostics of the selected invoices in input order (with `--only`, a count of the others); returns them.
  private func report(_ diagnostics: [Diagnostic], wanted: Set<String>?) -> [Diagnostic] {
    let selected = diagnostics.filter { diagnostic in
      if let wanted { return diagnostic.invoiceNumber.map(wanted.contains) ?? false }
      // A shard shows its own invoices' problems; those of the whole file, every shard.
      guard let shard = plan.shard, let number = diagnostic.invoiceNumber else { return true }
      return shard.contains(number)
    }
    // In input order, whatever order the checks found them in.
    let ordered = selected.enumerated().sorted {
      ($0.element.location.line ?? 0, $0.offset) < ($1.element.location.line ?? 0, $1.offset)
    }.map(\.element)
    var repeated = RepeatedProblems()
    for diagnostic in ordered where diagnostic.severity == .error || !plan.quiet {
      if repeated.show(diagnostic) { Console.show(diagnostic) }
    }
    for line in repeated.closingLines { Console.write(line) }
    let unselected =
      diagnostics.filter { $0.severity == .error }.count - selected.filter { $0.severity == .error }.count
    if wanted != nil, unselected > 0, !plan.quiet {
      Console.write(
        "note: \(Plural.count(unselected, "error")) in invoices --only did not select, not reported")
    }
    return ordered
  }
}
