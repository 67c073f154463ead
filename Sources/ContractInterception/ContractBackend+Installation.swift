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
    /// (swift-corelibs-foundation, verified here) `URLSession.shared` is intercepted only when it is first
    /// used after this call (it is made lazily and takes the registered classes then), or when it was the
    /// first session the process made (it then holds no classes and asks the registry at each request); a
    /// shared session made after another session and before this call, and sessions made from `.default`
    /// or `.ephemeral`, which ask the built-in HTTP handler first, never are. Pass `session` or
    /// `makeConfiguration()` to the client instead where you
    /// can, and use `intercepts(_:)` to find out. Global registration is one backend for the whole process,
    /// so tests that rely on it must not run in parallel with each other.
    @discardableResult
    public func installGlobally() -> ContractBackend? {
        _ = URLProtocol.registerClass(ContractURLProtocol.self)
        return BackendRegistry.shared.setGlobal(self)
    }

    /// Undoes `installGlobally()` when this backend is the global one.
    public func uninstallGlobally() {
        guard BackendRegistry.shared.backend(for: nil) === self else { return }
        _ = BackendRegistry.shared.setGlobal(nil)
        URLProtocol.unregisterClass(ContractURLProtocol.self)
    }

    /// Whether `session` is answered by this backend: sends it a probe request (which is not recorded).
    /// `false` for a session made from a configuration without `protocolClass` first, or, on Linux, a
    /// shared session already in use before `installGlobally()`.
    public func intercepts(_ session: URLSession) async -> Bool {
        // Port 9 (discard) on the loopback address: a session that is not intercepted fails at once.
        guard let url = URL(string: "http://127.0.0.1:9/contractcheck-probe") else { return false }
        var request = URLRequest(url: url, timeoutInterval: 2)
        request.setValue(String(slot), forHTTPHeaderField: Self.probeHeader)
        guard let (_, response) = try? await session.data(for: request) else { return false }
        return (response as? HTTPURLResponse)?.value(forHTTPHeaderField: Self.probeHeader) == String(slot)
    }
}
