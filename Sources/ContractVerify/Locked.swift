import Foundation

/// A value behind a lock. `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18, above the
/// package's minimums; `NSLock` is available everywhere the package runs. Used by the verifier (operations
/// prepared on first use) and by the fake backend.
/// Unchecked Sendable: `value` is read and written only inside `withLock`, holding `lock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; keep `body` short and never call back out of it.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
