import Dispatch
import Foundation

// Memory safety: `fields` points into the `RecursiveMutex`'s allocation, which this value owns and outlives;
// it is dereferenced only holding that mutex.

/// One load's progress and cancellation, shared by the protocol object, its scheduled steps and
/// `stopLoading`.
///
/// Every callback to the client goes through `deliver` or `finish`, which decide under one lock with
/// `cancel`: a callback either reaches the client before `stopLoading` returns, or not at all. On Linux this
/// is what keeps a delayed answer from reaching a task that its cancellation has already completed and
/// removed from the session, which swift-corelibs-foundation turns into a trap.
///
/// A value without copies, held by the protocol object: the load's state sits with its mutex in one
/// allocation (see `RecursiveMutex`).
// Unchecked Sendable: `lock` is a `let`, and the fields it guards are read and written only holding the mutex.
struct LoadingControl: ~Copyable, @unchecked Sendable {
    /// The load's state. Not private: the protocol object's tear-down, compiled with another file, destroys it
    /// (a private type there broke the compiler in debug builds).
    struct Fields {
        var cancelled = false
        var finished = false
        var pending: DispatchWorkItem?
        /// The exchange to mark cancelled when the load is cancelled before it finished (kept as the backend
        /// and number rather than a closure: a closure's context was an allocation per request; and as two
        /// fields rather than an optional pair, whose destruction went through an outlined function and a
        /// value witness).
        var exchangeBackend: ContractBackend?
        var exchangeNumber = 0
    }

    // A recursive lock: a client callback made under it may reenter the protocol on the same thread.
    private let lock = RecursiveMutex(Fields())

    /// The fields, for use under the lock only; every access is a short one through the pointer, never one
    /// held across a callback (which may reenter and change them).
    private var fields: UnsafeMutablePointer<Fields> { lock.value }

    var isCancelled: Bool { locked { fields.pointee.cancelled } }

    /// Whether the load sent (or is sending) its last callback: then there is nothing left to cancel.
    var hasFinished: Bool { locked { fields.pointee.finished } }

    /// Runs `step` after `delay` where the client may be called (`SessionWorkQueue`), unless cancelled first.
    func schedule(after delay: Duration, _ step: @escaping @Sendable () -> Void) {
        // The timer fires on a global queue, never on a session's work queue, as `SessionWorkQueue.run` needs.
        let item = DispatchWorkItem { SessionWorkQueue.run(step) }
        let scheduled = locked { () -> Bool in
            guard !fields.pointee.cancelled else { return false }
            fields.pointee.pending = item
            return true
        }
        guard scheduled else { return }
        let nanoseconds = max(
            0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: item)
    }

    /// Marks exchange `number` of `backend` cancelled if the load is cancelled before it finished (the latest
    /// call wins); `false` when it was cancelled already. The answer's first check for cancellation comes in
    /// the same hold of the lock: a hold of its own was a lock and an unlock per request.
    @discardableResult
    func markOnCancel(_ number: Int, of backend: ContractBackend) -> Bool {
        locked {
            fields.pointee.exchangeBackend = backend
            fields.pointee.exchangeNumber = number
            return !fields.pointee.cancelled
        }
    }

    /// Runs a callback that does not end the load (the head, a piece of the body), holding the lock so that
    /// `cancel` waits for it; `false`, without running it, once the load was cancelled or finished.
    /// swift-corelibs-foundation's `didReceive` and `didLoad` only hand work to other queues, so holding
    /// the lock around them cannot deadlock with the session's queue, which calls `stopLoading`.
    @discardableResult
    func deliver(_ callback: () -> Void) -> Bool {
        locked {
            guard !fields.pointee.cancelled, !fields.pointee.finished else { return false }
            callback()
            return true
        }
    }

    /// `deliver` for the body's one piece and `finish` in one hold of the lock (a lock and an unlock per
    /// load fewer): runs `callback` and marks the load finished, so that the caller may send the end after
    /// the lock is released; `false`, without running it, once the load was cancelled or finished.
    func deliverLast(_ callback: () -> Void) -> Bool {
        locked {
            guard !fields.pointee.cancelled, !fields.pointee.finished else { return false }
            callback()
            fields.pointee.finished = true
            return true
        }
    }

    /// Marks the load finished, so the caller may send the last callback (the end or a failure) after the
    /// lock is released; `false` when it was cancelled or finished first. The last callback runs outside
    /// the lock because corelibs may wait for the session's queue in it (authentication after a 401).
    func finish() -> Bool {
        locked {
            guard !fields.pointee.cancelled, !fields.pointee.finished else { return false }
            fields.pointee.finished = true
            return true
        }
    }

    /// Cancels the pending step; marks the exchange cancelled when the load had not finished.
    func cancel() {
        let (item, backend, number) = locked { () -> (DispatchWorkItem?, ContractBackend?, Int) in
            guard !fields.pointee.cancelled else { return (nil, nil, 0) }
            fields.pointee.cancelled = true
            defer { fields.pointee.pending = nil }
            let backend = fields.pointee.finished ? nil : fields.pointee.exchangeBackend
            return (fields.pointee.pending, backend, fields.pointee.exchangeNumber)
        }
        item?.cancel()
        backend?.markCancelled(number)
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.withLock(body)
    }
}
