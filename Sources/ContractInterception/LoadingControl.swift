import Dispatch
import Foundation

/// One load's progress and cancellation, shared by the protocol object, its scheduled steps and
/// `stopLoading`.
///
/// Every callback to the client goes through `deliver` or `finish`, which decide under one lock with
/// `cancel`: a callback either reaches the client before `stopLoading` returns, or not at all. On Linux this
/// is what keeps a delayed answer (sent from a global queue) from reaching a task that its cancellation has
/// already completed and removed from the session, which swift-corelibs-foundation turns into a trap.
// Unchecked: every stored property below is read and written only under `lock`.
final class LoadingControl: @unchecked Sendable {
    // A recursive lock: a client callback made under it may reenter the protocol on the same thread.
    private let lock = RecursiveMutex()
    private var cancelled = false
    private var finished = false
    private var pending: DispatchWorkItem?
    /// The exchange to mark cancelled when the load is cancelled before it finished (kept as the backend
    /// and number rather than a closure: a closure's context was an allocation per request).
    private var cancelledExchange: (backend: ContractBackend, number: Int)?

    var isCancelled: Bool { locked { cancelled } }

    /// Whether the load sent (or is sending) its last callback: then there is nothing left to cancel.
    var hasFinished: Bool { locked { finished } }

    /// Runs `step` after `delay` on a global queue, unless cancelled first.
    func schedule(after delay: Duration, _ step: @escaping @Sendable () -> Void) {
        let item = DispatchWorkItem(block: step)
        let scheduled = locked { () -> Bool in
            guard !cancelled else { return false }
            pending = item
            return true
        }
        guard scheduled else { return }
        let nanoseconds = max(
            0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: item)
    }

    /// Marks exchange `number` of `backend` cancelled if the load is cancelled before it finished (the latest
    /// call wins).
    func markOnCancel(_ number: Int, of backend: ContractBackend) {
        locked { cancelledExchange = (backend, number) }
    }

    /// Runs a callback that does not end the load (the head, a piece of the body), holding the lock so that
    /// `cancel` waits for it; `false`, without running it, once the load was cancelled or finished.
    /// swift-corelibs-foundation's `didReceive` and `didLoad` only hand work to other queues, so holding
    /// the lock around them cannot deadlock with the session's queue, which calls `stopLoading`.
    @discardableResult
    func deliver(_ callback: () -> Void) -> Bool {
        locked {
            guard !cancelled, !finished else { return false }
            callback()
            return true
        }
    }

    /// `deliver` for the body's one piece and `finish` in one hold of the lock (a lock and an unlock per
    /// load fewer): runs `callback` and marks the load finished, so that the caller may send the end after
    /// the lock is released; `false`, without running it, once the load was cancelled or finished.
    func deliverLast(_ callback: () -> Void) -> Bool {
        locked {
            guard !cancelled, !finished else { return false }
            callback()
            finished = true
            return true
        }
    }

    /// Marks the load finished, so the caller may send the last callback (the end or a failure) after the
    /// lock is released; `false` when it was cancelled or finished first. The last callback runs outside
    /// the lock because corelibs may wait for the session's queue in it (authentication after a 401).
    func finish() -> Bool {
        locked {
            guard !cancelled, !finished else { return false }
            finished = true
            return true
        }
    }

    /// Cancels the pending step; marks the exchange cancelled when the load had not finished.
    func cancel() {
        let (item, exchange) = locked { () -> (DispatchWorkItem?, (backend: ContractBackend, number: Int)?) in
            guard !cancelled else { return (nil, nil) }
            cancelled = true
            defer { pending = nil }
            return (pending, finished ? nil : cancelledExchange)
        }
        item?.cancel()
        if let exchange { exchange.backend.markCancelled(exchange.number) }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.withLock(body)
    }
}
