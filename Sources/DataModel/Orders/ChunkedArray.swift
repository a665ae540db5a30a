/// An append-only array kept in fixed-size chunks, so it grows without copying or doubling its memory.
///
/// `OrdersIndex` keeps one element per run of rows; on a shuffled file of ten million rows a plain
/// array's last doubling alone holds 200 MB of old storage next to 400 MB of new.
///
/// Its methods are inlinable so that another module (a run's file names in the command line tool)
/// gets them specialized for its element type: unspecialized, every access looked up the generic
/// array types at run time, 600 instructions a subscript.
public struct ChunkedArray<Element> {
  /// Elements per chunk: 2^16.
  @usableFromInline static var chunkShift: Int { 16 }
  @usableFromInline var chunks: [[Element]] = []
  @usableFromInline var elementCount = 0
  /// The number of elements.
  @inlinable public var count: Int { elementCount }

  @inlinable public init() {}

  @inlinable public mutating func append(_ element: Element) {
    if count & ((1 << Self.chunkShift) - 1) == 0 {
      var chunk: [Element] = []
      chunk.reserveCapacity(1 << Self.chunkShift)
      chunks.append(chunk)
    }
    chunks[chunks.count - 1].append(element)
    elementCount += 1
  }

  /// Appends `filler` until the last chunk is full, so that whole chunks can follow.
  @inlinable public mutating func fillLastChunk(with filler: Element) {
    while count & ((1 << Self.chunkShift) - 1) != 0 { append(filler) }
  }

  /// Moves the chunks of `other` to the end of this array, which must end on a chunk's end
  /// (`fillLastChunk`); `other` is left empty. Nothing is copied.
  @inlinable public mutating func append(chunksOf other: inout ChunkedArray<Element>) {
    precondition(count & ((1 << Self.chunkShift) - 1) == 0, "appending chunks after a partial one")
    chunks += other.chunks
    elementCount += other.elementCount
    other = ChunkedArray()
  }

  /// Changes every element in place with `body`.
  @inlinable public mutating func update(_ body: (inout Element) -> Void) {
    for chunk in chunks.indices {
      chunks[chunk].withUnsafeMutableBufferPointer { elements in
        for index in elements.indices { body(&elements[index]) }
      }
    }
  }

  @inlinable public subscript(index: Int) -> Element {
    get { chunks[index >> Self.chunkShift][index & ((1 << Self.chunkShift) - 1)] }
    set { chunks[index >> Self.chunkShift][index & ((1 << Self.chunkShift) - 1)] = newValue }
  }
}
