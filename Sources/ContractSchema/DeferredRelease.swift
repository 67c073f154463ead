import Foundation

/// Releases a dead node's checks without recursing into the nodes they own.
///
/// A check owns the nodes it applies (a `$ref` its target, `properties` its members), and a node owns its
/// checks, so the last release of a schema's root cascades through every node only it kept alive: one
/// stack frame chain per link. A schema of fifty thousand chained `$ref`s crashed the process when it was
/// released. Here a node's deinit hands its checks over, and only the first deinit on the way releases
/// them, in a loop: the deinits that loop causes hand theirs over too and return at once.
///
/// One list for the process, behind a lock: whichever thread is releasing takes what another thread hands
/// over meanwhile, which is as good as releasing it there. Schemas are released rarely (when a contract or
/// a catalog goes), so the lock is never in a request's path.
enum DeferredRelease {
    private struct State {
        var pending: [[KeywordCheck]] = []
        var releasing = false
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var state = State()

    /// Takes `checks` (the only reference to the list) and drops it, now or from the loop of a release
    /// already under way.
    static func release(_ checks: consuming [KeywordCheck]) {
        // Moved into the list under the lock, so that no reference stays here while the loop below runs.
        lock.lock()
        state.pending.append(consume checks)
        let releasesHere = !state.releasing
        state.releasing = true
        lock.unlock()
        guard releasesHere else { return }
        // Each list taken off is dropped at the end of its turn, outside the lock: the deinits that causes
        // append to `pending` and return.
        while let next = locked({ state in
            if let next = state.pending.popLast() { return next }
            state.releasing = false
            return nil
        }) {
            _ = next
        }
    }

    private static func locked<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
