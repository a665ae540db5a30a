import DataModel
import Dispatch
import Synchronization

/// An input's invoices in blocks, each read on the workers while the one before is checked.
///
/// The validation pass checks, names and counts invoices on one thread, in input order; reading
/// (the CSV rows parsed again and assembled) is most of its time and each invoice's own, so the
/// next block is read meanwhile, on up to `jobs` threads. With one job, each block is read when
/// it is wanted, on the pass's own thread.
final class InvoiceBlocks {
  /// The input, handed to the reading thread: while a block is read the pass does not touch it.
  private struct Shared: @unchecked Sendable {
    let input: any InvoiceInput
  }

  /// One block being read: its invoices once they are.
  private final class Block: Sendable {
    let range: Range<Int>
    private let done = DispatchSemaphore(value: 0)
    private let invoices = Mutex<[IndexedInvoice]>([])

    /// Reads `range` of the input: on other threads, or (with one job) here and now.
    init(range: Range<Int>, reading shared: Shared, jobs: Int) {
      self.range = range
      guard jobs > 1 else {
        fill(shared.input.read(range, jobs: 1))
        return
      }
      DispatchQueue.global().async { [self] in fill(shared.input.read(range, jobs: jobs)) }
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
  private var next: Block?

  /// The blocks of `input`, `size` invoices each, read on `jobs` threads.
  init(_ input: any InvoiceInput, jobs: Int, size: Int) {
    shared = Shared(input: input)
    self.jobs = jobs
    self.size = max(1, size)
    next = read(from: 0)
  }

  private func read(from start: Int) -> Block? {
    guard start < shared.input.count else { return nil }
    return Block(range: start..<min(shared.input.count, start + size), reading: shared, jobs: jobs)
  }

  /// The next block's first index and invoices (nil after the last), the one after it started.
  func nextBlock() -> (start: Int, invoices: [IndexedInvoice])? {
    guard let block = next else { return nil }
    let invoices = block.wait()
    next = read(from: block.range.upperBound)
    return (block.range.lowerBound, invoices)
  }
}
