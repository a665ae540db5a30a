import DataModel
import Foundation

/// An input's invoices in blocks, read ahead on reader threads while the pass checks the earlier ones.
///
/// The validation pass checks, names and counts invoices on one thread, in input order; reading
/// (the CSV rows parsed again and assembled) is most of its time and each invoice's own. So
/// `jobs - 1` reader threads read blocks ahead, each block whole on one thread, and the pass's own
/// thread reads one too whenever the block it wants is not read yet: `jobs` threads are busy, one
/// per core, rather than `jobs` readers competing with the pass for the cores. Memory stays a few
/// blocks.
///
/// Each block a reader read goes back to that reader once the pass is done with it, to be freed
/// there: memory freed on the thread that allocated it stays out of the other threads' malloc arenas,
/// whose locks the pass would otherwise take for every string of every invoice.
final class InvoiceBlocks: @unchecked Sendable {
  /// A block read: its invoices and the reader that read it (nil: the pass's own thread).
  private struct ReadBlock {
    var invoices: [IndexedInvoice]
    let reader: Int?
  }

  /// What the threads share, guarded by `lock`.
  private struct State {
    /// The next block no thread has begun.
    var nextToBegin = 0
    /// The block the pass wants next.
    var nextWanted = 0
    /// Blocks read and not yet handed to the pass, by number.
    var read: [Int: ReadBlock] = [:]
    /// Blocks the pass is done with, per reader, for that reader to free.
    var done: [[[IndexedInvoice]]]
  }

  /// The input, read on every thread: once indexed it is only read.
  private let input: any InvoiceInput
  private let size: Int
  private let blockCount: Int
  /// How far ahead of the block the pass wants a block may be begun: a reader begins blocks up to
  /// `ahead - 1` beyond it, the pass's own thread, rather than wait, up to `ahead`.
  private let ahead: Int
  private let lock = NSCondition()
  private var state: State

  /// The blocks of `input`, `size` invoices each, read on `jobs` threads (the caller's one of them).
  init(_ input: any InvoiceInput, jobs: Int, size: Int) {
    self.input = input
    self.size = max(1, size)
    blockCount = (input.count + self.size - 1) / self.size
    let readerCount = min(max(0, jobs - 1), blockCount)
    ahead = readerCount + 1
    state = State(done: Array(repeating: [], count: readerCount))
    for reader in 0..<readerCount {
      let thread = Thread { [self] in readBlocks(as: reader) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// The invoices of block `number`, read on the calling thread.
  private func readBlock(_ number: Int) -> [IndexedInvoice] {
    let start = number * size
    return input.read(start..<min(input.count, start + size), jobs: 1)
  }

  /// A reader thread's loop: frees what the pass is done with, begins the next block within reach, reads it.
  private func readBlocks(as reader: Int) {
    while true {
      lock.lock()
      while state.nextToBegin < blockCount, state.nextToBegin >= state.nextWanted + ahead {
        lock.wait()
      }
      var finished = state.done[reader]
      state.done[reader] = []
      guard state.nextToBegin < blockCount else {
        lock.unlock()
        return
      }
      let number = state.nextToBegin
      state.nextToBegin += 1
      lock.unlock()
      finished.removeAll()  // freed here, where it was allocated
      let invoices = readBlock(number)
      lock.lock()
      state.read[number] = ReadBlock(invoices: invoices, reader: reader)
      lock.broadcast()
      lock.unlock()
    }
  }

  /// The next block, nil after the last. While a reader is still on it, this thread reads the
  /// next block no thread has begun (within reach) rather than wait.
  private func nextBlock() -> (number: Int, block: ReadBlock)? {
    lock.lock()
    defer { lock.unlock() }
    let number = state.nextWanted
    guard number < blockCount else { return nil }
    while state.read[number] == nil {
      let other = state.nextToBegin
      guard other < blockCount, other <= number + ahead else {
        lock.wait()
        continue
      }
      state.nextToBegin += 1
      lock.unlock()
      let invoices = readBlock(other)
      lock.lock()
      state.read[other] = ReadBlock(invoices: invoices, reader: nil)
    }
    state.nextWanted += 1
    lock.broadcast()
    return (number, state.read.removeValue(forKey: number)!)
  }

  /// Hands a block the pass is done with back to the reader that read it, keeping no reference here.
  private func giveBack(_ block: inout ReadBlock) {
    guard let reader = block.reader else { return }
    lock.lock()
    state.done[reader].append(block.invoices)
    block.invoices = []
    lock.unlock()
  }

  /// Calls `body` with each block's first index and invoices, in input order.
  func withEachBlock(_ body: (_ start: Int, _ invoices: [IndexedInvoice]) -> Void) {
    while var next = nextBlock() {
      body(next.number * size, next.block.invoices)
      giveBack(&next.block)
    }
  }
}
