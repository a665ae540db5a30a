/// Counts with their noun in the right number, for the command's English messages: "1 invoice", "2 invoices".
enum Plural {
  /// `count` and `noun`, with an `s` unless the count is one.
  static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
