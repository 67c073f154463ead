extension ContractBackend {
    /// Forgets all but the latest `count` exchanges, once there are twice as many: a server that answers
    /// for hours keeps a bounded log (the recording file keeps every exchange). Findings already handed
    /// out and expected violations keep pointing at the same exchanges.
    package func forgetExchanges(keepingLatest count: Int) {
        state.withLock { state in
            guard state.exchanges.count > 2 * max(count, 1) else { return }
            let dropped = state.exchanges.count - count
            state.exchanges.removeFirst(dropped)
            state.reportedExchanges = max(0, state.reportedExchanges - dropped)
            state.expectedExchanges = Set(state.expectedExchanges.compactMap { $0 >= dropped ? $0 - dropped : nil })
        }
    }
}
