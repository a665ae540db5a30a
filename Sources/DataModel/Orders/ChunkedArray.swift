/// An append-only array kept in fixed-size chunks, so it grows without copying or doubling its memory.
///
/// `OrdersIndex` keeps one element per run of rows; on a shuffled file of ten million rows a plain
/// array's last doubling alone holds 200 MB of old storage next to 400 MB of new.
public struct ChunkedArray<Element> {
  /// Elements per chunk: 2^16.
  private static var chunkShift: Int { 16 }
  private var chunks: [[Element]] = []
  public private(set) var count = 0

  public init() {}

  public mutating func append(_ element: Element) {
    if count & ((1 << Self.chunkShift) - 1) == 0 {
      var chunk: [Element] = []
      chunk.reserveCapacity(1 << Self.chunkShift)
      chunks.append(chunk)
    }
    chunks[chunks.count - 1].append(element)
    count += 1
  }

  /// Calls `body` with every element in order, freeing each chunk once it is walked; the array is then empty.
  public mutating func drain(_ body: (Element) -> Void) {
    var walked = chunks
    chunks = []
    count = 0
    for chunk in walked.indices {
      for element in walked[chunk] { body(element) }
      walked[chunk] = []
    }
  }

  public subscript(index: Int) -> Element {
    get { chunks[index >> Self.chunkShift][index & ((1 << Self.chunkShift) - 1)] }
    set { chunks[index >> Self.chunkShift][index & ((1 << Self.chunkShift) - 1)] = newValue }
  }
}
