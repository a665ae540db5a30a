import DataModel

/// Shows each distinct problem on its first few invoices and counts the others, so that 300
/// invoices that miss one column make four lines in a nightly log, not 600.
///
/// A problem is the same when its severity, field, message and hint are; where and on which
/// invoice do not count. Every invoice is still listed in `--summary`.
struct RepeatedProblems {
  /// How many invoices a problem is shown in full for.
  static let shown = 3
  /// How many further invoice numbers the closing line names.
  static let named = 5

  private struct Seen {
    var severity: Diagnostic.Severity
    var message: String
    var count = 0
    var numbers: [String] = []
  }

  /// The problems in the order first met, and where each key's is.
  private var problems: [Seen] = []
  private var positions: [String: Int] = [:]

  /// Whether a problem keyed `key` on invoice `number` is shown in full (one of its first few) or only counted.
  mutating func show(
    _ key: String, severity: Diagnostic.Severity, message: @autoclosure () -> String, invoice number: String?
  ) -> Bool {
    let position: Int
    if let known = positions[key] {
      position = known
    } else {
      position = problems.count
      positions[key] = position
      problems.append(Seen(severity: severity, message: message()))
    }
    problems[position].count += 1
    guard problems[position].count > Self.shown else { return true }
    if let number, problems[position].numbers.count < Self.named { problems[position].numbers.append(number) }
    return false
  }

  /// Whether `diagnostic` is shown in full (see `show(_:severity:message:invoice:)`).
  mutating func show(_ diagnostic: Diagnostic) -> Bool {
    // Problems of the whole file have no invoice: always shown.
    guard let number = diagnostic.invoiceNumber else { return true }
    let key = [diagnostic.field ?? "", diagnostic.message, diagnostic.hint ?? ""].joined(separator: "\u{1F}")
    return show(
      diagnostic.severity.rawValue + key, severity: diagnostic.severity,
      message: (diagnostic.field.map { "\($0): " } ?? "") + diagnostic.message,
      invoice: number)
  }

  /// One line per problem met on more invoices than were shown: how many more, and the first of them.
  var closingLines: [String] {
    problems.compactMap { problem in
      guard problem.count > Self.shown else { return nil }
      let more = problem.count - Self.shown
      let names =
        problem.numbers.map { Diagnostic.quote($0) }.joined(separator: ", ")
        + (more > problem.numbers.count ? ", …" : "")
      return
        "\(problem.severity.rawValue): the same on \(Plural.count(more, "more invoice")) (\(names); every one in --summary): \(problem.message)"
    }
  }
}
