import Foundation

/// A value behind a lock. `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18, above the
/// package's minimums; `NSLock` is available everywhere the package runs. Used by the verifier (operations
/// prepared on first use) and by the fake backend. Sendable without the compiler's check: the value is
/// read and written only inside `withLock`, holding the lock; the pointer is allocated once and freed in
/// `deinit`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// The value in memory of its own rather than a stored `var`: the lock already makes every access
    /// exclusive, and a `var` of a class handed `inout` to `body` paid the runtime's exclusivity check
    /// (`swift_beginAccess`) on each of the several locks a request takes.
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock; keep `body` short and never call back out of it.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value.pointee)
    }
}
