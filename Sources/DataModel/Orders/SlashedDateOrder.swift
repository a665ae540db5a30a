/// Which of `3/14/2026` and `14/3/2026` a file writes, as its own dates show.
enum SlashedDateOrder {
  case dayFirst
  case monthFirst
  /// No date has a part over 12, or dates of both kinds appear: the file does not say.
  case unknown
}

/// What slashed dates (`3/14/2026`, `14/3/2026`) show about which part is the day: a part over 12.
struct SlashedDateEvidence {
  var firstOver12 = false
  var secondOver12 = false

  /// Whether more dates can tell nothing new.
  var isSettled: Bool { firstOver12 && secondOver12 }

  /// Notes what the date in `bytes` shows, when it is slashed.
  mutating func note<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
    guard let parts = DateFormat.slashedParts(bytes) else { return }
    if parts.first > 12 { firstOver12 = true }
    if parts.second > 12 { secondOver12 = true }
  }

  /// Adds what the dates of `other` (other rows of the same file) show.
  mutating func add(_ other: SlashedDateEvidence) {
    firstOver12 = firstOver12 || other.firstOver12
    secondOver12 = secondOver12 || other.secondOver12
  }

  /// The order the dates show: day first, month first, or unknown when neither or both appear.
  var order: SlashedDateOrder {
    switch (firstOver12, secondOver12) {
    case (true, false): return .dayFirst
    case (false, true): return .monthFirst
    default: return .unknown
    }
  }
}
