import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ContractBackend {
    /// The header a probe request carries (`intercepts(_:)`); the protocol answers it without recording.
    static let probeHeader = "X-ContractCheck-Probe"

    /// Registers `ContractURLProtocol` with `URLProtocol.registerClass` and makes this backend answer
    /// for it, for code that uses `URLSession.shared` or sessions it makes itself. Returns the backend
    /// it replaces, if any.
    ///
    /// Platforms differ here. On Apple platforms registered classes are asked before the built-in HTTP
    /// handling, for `URLSession.shared` and sessions made from `.default`/`.ephemeral`. On Linux
    /// (swift-corelibs-foundation) sessions ask the classes of their configuration first, and registered
    /// classes come after the built-in HTTP class, so this call also puts the class first in
    /// `URLSession.shared`'s configuration, which that session reads for each new task: the shared session
    /// is intercepted whether it was first used before this call or after (`SharedSession`). If the shared
    /// session does not take the change, the backend reports a problem (see `problems`) saying what to do.
    /// Sessions made from `.default` or `.ephemeral` are never intercepted on Linux. Pass `session` or
    /// `makeConfiguration()` to the client instead where you can, and use `intercepts(_:)` to find out.
    /// Global registration is one backend for the whole process, so tests that rely on it must not run in
    /// parallel with each other, and while it is installed it takes the `URLSession.shared` requests of
    /// every test in the process: give it a scope (`intercepting: .hosts([...])`) when others run meanwhile.
    @discardableResult
    public func installGlobally() -> ContractBackend? {
        _ = URLProtocol.registerClass(ContractURLProtocol.self)
        let previous = BackendRegistry.shared.setGlobal(self)
        noteSharedSession(asksContractProtocolFirst: SharedSession.install())
        return previous
    }

    /// Reports, once per backend, a shared session that does not ask `ContractURLProtocol` first.
    func noteSharedSession(asksContractProtocolFirst: Bool) {
        guard !asksContractProtocolFirst else { return }
        let problem = BackendProblem(message: SharedSession.problem)
        state.withLock { state in
            if !state.problems.contains(problem) { state.problems.append(problem) }
        }
    }

    /// Undoes `installGlobally()` when this backend is the global one.
    public func uninstallGlobally() {
        guard BackendRegistry.shared.backend(for: nil) === self else { return }
        _ = BackendRegistry.shared.setGlobal(nil)
        URLProtocol.unregisterClass(ContractURLProtocol.self)
    }

    /// Whether `session` is answered by this backend: sends it a probe request (which is not recorded).
    /// `false` for a session made from a configuration without `protocolClass` first, or, on Linux, one
    /// made from `.default` or `.ephemeral`.
    public func intercepts(_ session: URLSession) async -> Bool {
        // Port 9 (discard) on the loopback address: a session that is not intercepted fails at once.
        guard let url = URL(string: "http://127.0.0.1:9/contractcheck-probe") else { return false }
        var request = URLRequest(url: url, timeoutInterval: 2)
        request.setValue(String(slot), forHTTPHeaderField: Self.probeHeader)
        guard let (_, response) = try? await session.data(for: request) else { return false }
        return (response as? HTTPURLResponse)?.value(forHTTPHeaderField: Self.probeHeader) == String(slot)
    }
}
