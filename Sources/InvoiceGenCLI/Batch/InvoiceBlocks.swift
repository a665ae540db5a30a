import DataModel
import Dispatch
import Synchronization

/// An input's invoices in blocks, read ahead on the workers while the pass checks the earlier ones.
///
/// The validation pass checks, names and counts invoices on one thread, in input order; reading
/// (the CSV rows parsed again and assembled) is most of its time and each invoice's own. So up to
/// `jobs + 1` blocks are read at once, each whole on one worker: a worker that finishes takes the
/// next block without waiting for the others or for the pass, and memory stays a few blocks. With
/// one job, each block is read when it is wanted, on the pass's own thread.
final class InvoiceBlocks {
  /// The input, handed to the reading threads: once indexed it is only read.
  private struct Shared: @unchecked Sendable {
    let input: any InvoiceInput
  }

  /// One block being read: its invoices once they are.
  private final class Block: Sendable {
    let range: Range<Int>
    private let done = DispatchSemaphore(value: 0)
    private let invoices = Mutex<[IndexedInvoice]>([])

    /// Reads `range` of the input: on a worker, or (with one job) here and now.
    init(range: Range<Int>, reading shared: Shared, jobs: Int) {
      self.range = range
      guard jobs > 1 else {
        fill(shared.input.read(range, jobs: 1))
        return
      }
      DispatchQueue.global().async { [self] in fill(shared.input.read(range, jobs: 1)) }
    }

    private func fill(_ read: [IndexedInvoice]) {
      invoices.withLock { $0 = read }
      done.signal()
    }

    /// The block's invoices, waiting for them.
    func wait() -> [IndexedInvoice] {
      done.wait()
      return invoices.withLock { $0 }
    }
  }

  private let shared: Shared
  private let jobs: Int
  private let size: Int
  /// The blocks started and not yet handed out, in input order.
  private var ahead: [Block] = []
  /// The first invoice of the next block to start.
  private var nextStart = 0

  /// The blocks of `input`, `size` invoices each, read on `jobs` threads.
  init(_ input: any InvoiceInput, jobs: Int, size: Int) {
    shared = Shared(input: input)
    self.jobs = jobs
    self.size = max(1, size)
  }

  /// Starts blocks until `jobs + 1` are ahead (one with one job) or the input is all started.
  private func startBlocks() {
    while ahead.count < (jobs > 1 ? jobs + 1 : 1), nextStart < shared.input.count {
      let range = nextStart..<min(shared.input.count, nextStart + size)
      ahead.append(Block(range: range, reading: shared, jobs: jobs))
      nextStart = range.upperBound
    }
  }

  /// The next block's first index and invoices (nil after the last), the ones after it started.
  func nextBlock() -> (start: Int, invoices: [IndexedInvoice])? {
    startBlocks()
    guard !ahead.isEmpty else { return nil }
    let block = ahead.removeFirst()
    startBlocks()
    return (block.range.lowerBound, block.wait())
  }
}
