import Foundation
import PageRendering
import Synchronization

/// Runs jobs on N threads, each with its own Pango font map, contexts and image cache.
///
/// Cairo and Pango objects never cross threads: every worker makes its `RenderResources` on its own
/// thread and keeps them for all its jobs. Jobs are taken in order from a shared counter.
final class WorkerPool: Sendable {
  /// The next job to take, and how many jobs are done.
  private let counters = Mutex<(next: Int, completed: Int)>((0, 0))
  private let count: Int
  private let threads: Int
  private let makeResources: @Sendable () -> RenderResources
  private let done = DispatchSemaphore(value: 0)
  /// Jobs finished so far, for progress.
  var completed: Int { counters.withLock { $0.completed } }

  init(jobs count: Int, threads: Int, makeResources: @escaping @Sendable () -> RenderResources) {
    self.count = count
    self.threads = max(1, min(threads, max(count, 1)))
    self.makeResources = makeResources
  }

  /// Runs `work(index, resources)` for every index, returning when all are done; `tick` is called about
  /// five times a second on the calling thread while the workers run.
  func run(_ work: @escaping @Sendable (Int, RenderResources) -> Void, tick: () -> Void) {
    guard count > 0 else { return }
    for _ in 0..<threads {
      let thread = Thread { [self] in
        let resources = makeResources()
        while let index = take() {
          work(index, resources)
          counters.withLock { $0.completed += 1 }
        }
        done.signal()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    var waiting = threads
    while waiting > 0 {
      if done.wait(timeout: .now() + 0.2) == .success {
        waiting -= 1
      } else {
        tick()
      }
    }
  }

  private func take() -> Int? {
    counters.withLock { counters in
      guard counters.next < count else { return nil }
      defer { counters.next += 1 }
      return counters.next
    }
  }
}
