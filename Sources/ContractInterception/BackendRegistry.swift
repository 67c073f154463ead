import ContractVerify

/// Finds the backend a protocol instance answers for: by slot for sessions made from a backend's
/// configuration, and the one globally installed backend for the base class.
///
/// Slots are never reused: a session that outlives its backend must not reach a later test's backend.
final class BackendRegistry: Sendable {
    static let shared = BackendRegistry()

    /// A class, so that a lookup reads the weak reference where it is: a struct entry was copied out of the
    /// array, even through a buffer pointer, which made, read and destroyed a weak reference for every
    /// request.
    private final class Entry: Sendable {
        weak let backend: ContractBackend?

        init(backend: ContractBackend? = nil) {
            self.backend = backend
        }
    }

    private struct State {
        var next = 1
        /// By slot (index 0 unused). An array, not a dictionary: every request looks its backend up, and
        /// hashing the slot cost more than the rest of the lookup; a slot left behind is one empty entry.
        var backends: [Entry] = [Entry()]
        var global = Entry()
    }

    private let state = Locked(State())

    /// A slot no backend had before.
    func reserveSlot() -> Int {
        state.withLock { state in
            let slot = state.next
            state.next += 1
            return slot
        }
    }

    func register(_ backend: ContractBackend, slot: Int) {
        state.withLock { state in
            if slot >= state.backends.count {
                state.backends.append(contentsOf: repeatElement(Entry(), count: slot + 1 - state.backends.count))
            }
            state.backends[slot] = Entry(backend: backend)
        }
    }

    func unregister(slot: Int) {
        state.withLock { state in
            if slot < state.backends.count { state.backends[slot] = Entry() }
            if state.global.backend == nil { state.global = Entry() }
        }
    }

    /// The backend for a slot, or the global one for `nil`.
    func backend(for slot: Int?) -> ContractBackend? {
        state.withLock { state in
            guard let slot else { return state.global.backend }
            return slot >= 0 && slot < state.backends.count ? state.backends[slot].backend : nil
        }
    }

    /// Makes `backend` the global one; returns the one it replaces.
    func setGlobal(_ backend: ContractBackend?) -> ContractBackend? {
        state.withLock { state in
            let previous = state.global.backend
            state.global = Entry(backend: backend)
            return previous
        }
    }

    var hasGlobal: Bool {
        state.withLock { $0.global.backend != nil }
    }
}
