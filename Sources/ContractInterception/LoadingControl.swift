import Dispatch

/// One load's cancellation: `stopLoading` sets the flag and cancels the pending step, so a delayed or
/// throttled answer stops at once and nothing reaches the client afterwards.
final class LoadingControl: Sendable {
    private struct State {
        var cancelled = false
        var finished = false
        var pending: DispatchWorkItem?
        var onCancel: (@Sendable () -> Void)?
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

    /// What to do when the load is cancelled before it finished (the latest call wins).
    func onCancel(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onCancel = action }
    }

    /// Marks the load finished; `false` when it was cancelled first (then nothing more may be sent).
    func finish() -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.finished = true
            return true
        }
    }

    /// Cancels the pending step; runs the cancel action when the load had not finished.
    func cancel() {
        let (item, action) = state.withLock { state -> (DispatchWorkItem?, (@Sendable () -> Void)?) in
            guard !state.cancelled else { return (nil, nil) }
            state.cancelled = true
            defer { state.pending = nil }
            return (state.pending, state.finished ? nil : state.onCancel)
        }
        item?.cancel()
        action?()
    }
}
