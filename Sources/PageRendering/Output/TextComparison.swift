import Foundation

/// How the words of two renders of a page differ: each changed run of words, old → new, with its boxes.
///
/// Words are compared in reading order with Myers' shortest edit script, so an inserted line moves
/// nothing else into the report, and a changed amount is one change whatever its share of the pixels.
public struct TextComparison: Sendable {
  /// One changed run of words: what the old page read there, what the new one reads, and where.
  public struct Change: Sendable, Equatable {
    /// The old words, joined by spaces ("" when words were only added).
    public var old: String
    /// The new words ("" when words were only removed).
    public var new: String
    /// The old words' box on the old page; nil when words were only added.
    public var oldBox: PageBox?
    /// The new words' box on the new page; nil when words were only removed.
    public var newBox: PageBox?
  }

  public let changes: [Change]

  /// The most edits the exact comparison looks for; beyond it the differing middle is one change.
  static let maximumEdits = 1_500
  /// Unchanged words between two changes of one line that still make them one change (an IBAN's groups).
  static let joinedGap = 3

  /// Compares the words of the old page with those of the new.
  public init(old: [PageWord], new: [PageWord]) {
    var ids: [String: Int] = [:]
    func id(_ text: String) -> Int {
      if let id = ids[text] { return id }
      ids[text] = ids.count
      return ids.count - 1
    }
    let oldIDs = old.map { id($0.text) }
    let newIDs = new.map { id($0.text) }
    let hunks = Self.hunks(oldIDs, newIDs)
    changes = Self.joined(hunks, old: old, new: new).map { hunk in
      let oldWords = old[hunk.old]
      let newWords = new[hunk.new]
      return Change(
        old: oldWords.map(\.text).joined(separator: " "), new: newWords.map(\.text).joined(separator: " "),
        oldBox: PageBox.union(oldWords.map(\.box)), newBox: PageBox.union(newWords.map(\.box)))
    }
  }

  /// A changed run: the old words `old` became the new words `new`.
  struct Hunk: Equatable {
    var old: Range<Int>
    var new: Range<Int>
  }

  /// The changed runs of `a` against `b`: common ends first, then Myers' edit script on the middle.
  static func hunks(_ a: [Int], _ b: [Int]) -> [Hunk] {
    var start = 0
    while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
    var endA = a.count
    var endB = b.count
    while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
      endA -= 1
      endB -= 1
    }
    guard start < endA || start < endB else { return [] }
    let middle = Hunk(old: start..<endA, new: start..<endB)
    guard let matches = matches(a, b, middle) else { return [middle] }
    var hunks: [Hunk] = []
    var i = middle.old.lowerBound
    var j = middle.new.lowerBound
    for (x, y) in matches + [(middle.old.upperBound, middle.new.upperBound)] {
      if x > i || y > j { hunks.append(Hunk(old: i..<x, new: j..<y)) }
      i = x + 1
      j = y + 1
    }
    return hunks
  }

  /// The pairs of equal words Myers' algorithm keeps inside `range`, in order; nil when the two
  /// differ by more than `maximumEdits` edits.
  static func matches(_ a: [Int], _ b: [Int], _ range: Hunk) -> [(Int, Int)]? {
    let n = range.old.count
    let m = range.new.count
    let limit = min(n + m, maximumEdits)
    let offset = limit + 1
    var v = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    for d in 0...limit {
      trace.append(v)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[range.old.lowerBound + x] == b[range.new.lowerBound + y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m {
          return backtrack(trace, d: d, n: n, m: m, offset: offset).map {
            ($0.0 + range.old.lowerBound, $0.1 + range.new.lowerBound)
          }
        }
      }
    }
    return nil
  }

  /// The kept pairs, read back from the end through the saved rows of the search.
  static func backtrack(_ trace: [[Int]], d: Int, n: Int, m: Int, offset: Int) -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    var x = n
    var y = m
    for step in stride(from: d, to: 0, by: -1) {
      let v = trace[step]
      let k = x - y
      let down = k == -step || (k != step && v[offset + k - 1] < v[offset + k + 1])
      let previousK = down ? k + 1 : k - 1
      let previousX = v[offset + previousK]
      let previousY = previousX - previousK
      while x > previousX && y > previousY {
        x -= 1
        y -= 1
        pairs.append((x, y))
      }
      x = previousX
      y = previousY
    }
    while x > 0 && y > 0 {
      x -= 1
      y -= 1
      pairs.append((x, y))
    }
    return pairs.reversed()
  }

  /// Neighbouring changes joined when the few unchanged words between them run on in one line of
  /// text, word space by word space (an IBAN's groups), not across a table's columns.
  static func joined(_ hunks: [Hunk], old: [PageWord], new: [PageWord]) -> [Hunk] {
    var result: [Hunk] = []
    for hunk in hunks {
      if let last = result.last, hunk.new.lowerBound - last.new.upperBound <= joinedGap,
        hunk.old.lowerBound - last.old.upperBound <= joinedGap,
        runsOn(
          new, from: last.new.upperBound - 1, to: hunk.new.lowerBound,
          bothSides: !last.new.isEmpty && !hunk.new.isEmpty)
          && runsOn(
            old, from: last.old.upperBound - 1, to: hunk.old.lowerBound,
            bothSides: !last.old.isEmpty && !hunk.old.isEmpty)
      {
        result[result.count - 1] = Hunk(
          old: last.old.lowerBound..<hunk.old.upperBound, new: last.new.lowerBound..<hunk.new.upperBound)
      } else {
        result.append(hunk)
      }
    }
    return result
  }

  /// Whether `words[from...to]` follow each other on one line, each no further from the last than a
  /// word space; true when a side has no changed words on both ends to compare.
  static func runsOn(_ words: [PageWord], from: Int, to: Int, bothSides: Bool) -> Bool {
    guard bothSides, from >= 0, to < words.count, from < to else { return !bothSides }
    for index in from..<to {
      let a = words[index].box
      let b = words[index + 1].box
      let height = max(a.height, b.height)
      let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
      let gap = max(b.x - a.maxX, a.x - b.maxX)
      if overlap < 0.5 * height || gap > 0.6 * height { return false }
    }
    return true
  }
}
