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
    private struct State: @unchecked Sendable {
        var pending: [UnsafeMutableBufferPointer<Unmanaged<KeywordCheck>>] = []
        var releasing = false
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var state = State()

    /// Releases `checks` (each retained once) and deallocates the buffer, now or from the loop of a release
    /// already under way.
    static func release(_ checks: UnsafeMutableBufferPointer<Unmanaged<KeywordCheck>>) {
        guard checks.baseAddress != nil else { return }
        let releasesHere = locked { state in
            state.pending.append(checks)
            let alreadyReleasing = state.releasing
            state.releasing = true
            return !alreadyReleasing
        }
        guard releasesHere else { return }
        while let next = locked({ state in
            if let next = state.pending.popLast() { return next }
            state.releasing = false
            return nil
        }) {
            for check in next { check.release() }
            next.deallocate()
        }
    }

    private static func locked<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
