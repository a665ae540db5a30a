/// One part of a run split over several processes: the invoices whose number hashes to it.
///
/// An invoice belongs to shard K of N when the FNV-1a 64-bit hash of its number's UTF-8 bytes,
/// modulo N, is K − 1. The shards of one N are disjoint and together hold every invoice, whatever
/// the order of the rows.
public struct InvoiceShard: Sendable, Equatable {
  /// The shard, from 1 to `count`.
  public let index: Int
  /// How many shards the run is split into.
  public let count: Int

  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Whether the invoice numbered `number` is this shard's.
  public func contains(_ number: String) -> Bool {
    Int(InvoiceShard.fnv1a(number.utf8) % UInt64(count)) == index - 1
  }

  /// Whether this shard holds the invoice numbered `number` or, with credit notes, the credit note
  /// `number-CN` a refunded order becomes.
  public func mayHold(_ number: String, refunds: RefundPolicy) -> Bool {
    contains(number) || (refunds == .creditNote && contains(number + "-CN"))
  }

  /// The FNV-1a 64-bit hash of `bytes`.
  public static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
