import Dispatch

/// One load's cancellation: `stopLoading` sets the flag and cancels the pending step, so a delayed or
/// throttled answer stops at once and nothing reaches the client afterwards.
final class LoadingControl: Sendable {
    private struct State {
        var cancelled = false
        var pending: DispatchWorkItem?
    }

    private let state = Locked(State())

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `step` after `delay` on a global queue, unless cancelled first.
    func schedule(after delay: Duration, _ step: @escaping @Sendable () -> Void) {
        let item = DispatchWorkItem(block: step)
        let scheduled = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.pending = item
            return true
        }
        guard scheduled else { return }
        let nanoseconds = max(
            0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: item)
    }

    /// Cancels; returns whether this call did (so the exchange is marked once).
    @discardableResult
    func cancel() -> Bool {
        let item = state.withLock { state -> DispatchWorkItem?? in
            guard !state.cancelled else { return .none }
            state.cancelled = true
            defer { state.pending = nil }
            return .some(state.pending)
        }
        guard let pending = item else { return false }
        pending?.cancel()
        return true
    }
}
