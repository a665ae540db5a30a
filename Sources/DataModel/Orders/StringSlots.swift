/// A hash table of strings kept elsewhere, found by their position there: 4 bytes a slot.
///
/// A `[String: Int32]` of a million invoice numbers holds each key again (16 bytes, more for long
/// ones) in a table that doubles as it grows; here the strings stay where they are (an index's
/// entries, a run's file names), and the table holds only their positions. Keys compare as Swift
/// strings, so spellings equal after Unicode normalization are the same key, as in a dictionary.
/// A caller hashes a key once (`hash(_:)`) for both the look-up and the insertion that follows it.
public struct StringSlots {
  /// Positions plus one (0: an empty slot); the count is a power of two, at most half full.
  private var slots: [UInt32] = Array(repeating: 0, count: 16)
  /// The number of positions held.
  public private(set) var count = 0

  public init() {}

  /// The hash `key` is found and placed by.
  public static func hash(_ key: String) -> Int { key.hashValue }

  /// The position of the string equal to `key` (whose `hash(_:)` is `hash`), where `string(position)`
  /// gives the string at each.
  public func position(of key: String, hash: Int, _ string: (Int) -> String) -> Int? {
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] != 0 {
      let position = Int(slots[slot] - 1)
      if string(position) == key { return position }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds `position`, whose string is `string(position)`, hashed `hash`, and equal to none held.
  public mutating func insert(_ position: Int, hash: Int, _ string: (Int) -> String) {
    precondition(position >= 0 && position < Int(UInt32.max), "a position past what a slot holds")
    if (count + 1) * 2 > slots.count { grow(string) }
    place(position, hash: hash)
    count += 1
  }

  private mutating func place(_ position: Int, hash: Int) {
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = UInt32(position + 1)
  }

  /// Doubles the table, placing every position again.
  private mutating func grow(_ string: (Int) -> String) {
    let old = slots
    slots = Array(repeating: 0, count: old.count * 2)
    for stored in old where stored != 0 {
      let position = Int(stored - 1)
      place(position, hash: Self.hash(string(position)))
    }
  }
}
