import Testing

@testable import PageRendering

/// `TextComparison`, the word-by-word half of `invoicegen diff`: changes as old → new runs.
@Suite struct TextComparisonTests {
  /// Words on one line, each 30 points wide with a word space between them, or one per line.
  static func words(_ text: String, oneLine: Bool = true) -> [PageWord] {
    text.split(separator: " ").enumerated().map { index, word in
      PageWord(
        text: String(word),
        box: oneLine
          ? PageBox(x: Double(index) * 33, y: 100, width: 30, height: 10)
          : PageBox(x: 0, y: Double(index) * 14, width: 30, height: 10))
    }
  }

  static func changes(_ old: String, _ new: String, oneLine: Bool = false) -> [String] {
    TextComparison(old: words(old, oneLine: oneLine), new: words(new, oneLine: oneLine)).changes.map {
      "\($0.old) → \($0.new)"
    }
  }

  @Test func equalPagesHaveNoChange() {
    #expect(Self.changes("a b c", "a b c").isEmpty)
    #expect(Self.changes("", "").isEmpty)
  }

  @Test func eachChangedRunIsItsOwnChange() {
    #expect(
      Self.changes("x 486,50 y 2.432,50 z", "x 486,60 y 2.433,00 z") == [
        "486,50 → 486,60", "2.432,50 → 2.433,00",
      ])
    #expect(Self.changes("a b c", "a X b c") == [" → X"])
    #expect(Self.changes("a b c", "a c") == ["b → "])
    #expect(Self.changes("a b", "") == ["a b → "])
  }

  @Test func anInsertedLineMovesNothingElseIntoTheReport() {
    let old = (1...200).map { "w\($0)" }.joined(separator: " ")
    let new = (1...200).flatMap { $0 == 100 ? ["new", "w\($0)"] : ["w\($0)"] }.joined(separator: " ")
    #expect(Self.changes(old, new) == [" → new"])
  }

  @Test func changesOnOneLineOfTextAreJoinedAcrossAFewWords() {
    let iban = Self.changes(
      "IBAN DE12 6105 0000 1234 5678 90 BIC", "IBAN DE44 6005 0000 1234 5678 99 BIC", oneLine: true)
    #expect(iban == ["DE12 6105 0000 1234 5678 90 → DE44 6005 0000 1234 5678 99"])
    // The same words one per line (a table's cells) stay apart.
    let cells = Self.changes("DE12 6105 0000 1234 5678 90", "DE44 6005 0000 1234 5678 99")
    #expect(cells == ["DE12 6105 → DE44 6005", "90 → 99"])
  }

  /// Applying the changes to the old words gives the new words, for random edits of random pages.
  @Test(arguments: 0..<40) func theChangesTurnTheOldWordsIntoTheNew(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed + 1))
    let old = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
      "w\(Int.random(in: 0..<8, using: &generator))"
    }
    var new = old
    for _ in 0..<Int.random(in: 0...10, using: &generator) {
      let index = Int.random(in: 0...new.count, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: new.insert("n\(index)", at: index)
      case 1: if index < new.count { new.remove(at: index) }
      default: if index < new.count { new[index] = "c\(index)" }
      }
    }
    let hunks = TextComparison.hunks(old.map { $0.hashValue }, new.map { $0.hashValue })
    var rebuilt: [String] = []
    var position = 0
    for hunk in hunks {
      rebuilt += old[position..<hunk.old.lowerBound]
      rebuilt += new[hunk.new]
      position = hunk.old.upperBound
    }
    rebuilt += old[position...]
    #expect(rebuilt == new, "\(old) → \(new): \(hunks)")
  }
}
