import DataModel
import Foundation
import Synchronization
import Testing

@testable import InvoiceGenCLI

/// The validation pass's block reader: every invoice once, in input order, on at most `jobs` threads.
@Suite struct InvoiceBlocksTests {
  /// An input of numbered failed invoices that records how many reads run at once and on which threads.
  final class CountingInput: InvoiceInput, @unchecked Sendable {
    let count: Int
    private let busy = Mutex((now: 0, most: 0, threads: Set<pthread_t>()))

    init(count: Int) { self.count = count }

    var outside: InvoiceImport { InvoiceImport(invoices: [], diagnostics: [], invalidInvoiceNumbers: []) }

    func read(_ index: Int) -> IndexedInvoice {
      busy.withLock {
        $0.now += 1
        $0.most = max($0.most, $0.now)
        $0.threads.insert(pthread_self())
      }
      // Long enough that reads on several threads overlap, if they run on several.
      usleep(200)
      busy.withLock { $0.now -= 1 }
      return IndexedInvoice(
        number: "N\(index)", outcome: .failed, rowDiagnostics: [], assemblyDiagnostics: [])
    }

    /// The most reads that ran at once, and on how many threads they ran.
    var concurrency: (most: Int, threads: Int) { busy.withLock { ($0.most, $0.threads.count) } }
  }

  @Test(arguments: [(1, 64), (2, 64), (3, 7), (4, 1)])
  func everyInvoiceOnceInInputOrder(jobs: Int, size: Int) {
    let input = CountingInput(count: 300)
    var seen: [String] = []
    var starts: [Int] = []
    InvoiceBlocks(input, jobs: jobs, size: size).withEachBlock { start, invoices in
      starts.append(start)
      seen += invoices.map(\.number)
    }
    #expect(seen == (0..<300).map { "N\($0)" })
    #expect(starts == Array(stride(from: 0, to: 300, by: size)))
    let (most, threads) = input.concurrency
    #expect(most <= jobs)
    #expect(threads <= jobs)
    if jobs == 1 { #expect(threads == 1) }
  }

  @Test func anEmptyInputHasNoBlocks() {
    var calls = 0
    InvoiceBlocks(CountingInput(count: 0), jobs: 3, size: 64).withEachBlock { _, _ in calls += 1 }
    #expect(calls == 0)
  }
}
