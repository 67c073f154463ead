import Dispatch

/// Runs the tasks that prefer it on a serial queue of its own, outside Swift concurrency's shared pool.
///
/// The test servers (the forwarding tests' and the mock server's) run on one each: `swift test` runs tests
/// in parallel on a pool as wide as the machine has cores, and on two cores a pair of long synchronous tests
/// (the corpus suites) holds the whole pool for minutes, while a server whose tasks wait behind them lets
/// its clients time out. A serial queue created here has a thread of its own whenever it has work.
public final class DedicatedExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
