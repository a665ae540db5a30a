/// Near misses of names (column headers, JSON keys, config keys): the one edit distance behind every "did you mean".
public enum Spelling {
  /// The Levenshtein distance between `a` and `b`, by Unicode scalars, ignoring case.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased().unicodeScalars)
    let b = Array(b.lowercased().unicodeScalars)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The name of `known` closest to `name`, when it is at most `within` edits away.
  public static func closest(to name: String, in known: [String], within: Int) -> String? {
    var best: (name: String, distance: Int)?
    for candidate in known {
      let distance = distance(name, candidate)
      if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= within else { return nil }
    return best.name
  }
}
