import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSession.shared` and the globally installed backend.
///
/// On Linux (swift-corelibs-foundation) the shared session is made on first use with a copy of the classes
/// registered then, and each task asks the classes of its session's configuration first, the registry
/// only when none of them takes the request. Registered after the shared session was made, or after the
/// built-in HTTP class (registered when the process makes its first session), `ContractURLProtocol` is
/// never asked. The shared session hands out its live configuration, though, and reads `protocolClasses`
/// from it for each new task: putting the class first there makes the shared session intercepted,
/// whenever it was made. Apple platforms ask registered classes first and need none of this.
enum SharedSession {
    /// Serializes this process's changes to the shared session's classes.
    private static let lock = NSLock()

    /// Puts `ContractURLProtocol` first in the shared session's protocol classes, if it is not there yet;
    /// returns whether the shared session now asks it first. The class declines every request while no
    /// backend is installed globally, so it stays after `uninstallGlobally()`.
    static func install() -> Bool {
        #if canImport(FoundationNetworking)
            lock.lock()
            defer { lock.unlock() }
            let configuration = URLSession.shared.configuration
            if !asksContractProtocolFirst(configuration) {
                let others = (configuration.protocolClasses ?? []).filter {
                    ObjectIdentifier($0) != ObjectIdentifier(ContractURLProtocol.self)
                }
                configuration.protocolClasses = [ContractURLProtocol.self] + others
            }
            return asksContractProtocolFirst(URLSession.shared.configuration)
        #else
            return true
        #endif
    }

    /// Whether a session made from `configuration` asks `ContractURLProtocol` before any other class (on
    /// Linux, a class behind the built-in HTTP class, or no class at all, is never asked for HTTP).
    static func asksContractProtocolFirst(_ configuration: URLSessionConfiguration) -> Bool {
        guard let first = configuration.protocolClasses?.first else { return false }
        return ObjectIdentifier(first) == ObjectIdentifier(ContractURLProtocol.self)
    }

    /// The problem a backend reports when the shared session does not reach it after `installGlobally()`.
    static let problem =
        "URLSession.shared does not ask ContractCheck's URLProtocol first (it was made before installGlobally() "
        + "and this Foundation did not let its classes change), so its requests go to the network unchecked: call "
        + "installGlobally() before the first use of URLSession.shared, or give the client backend.session or a "
        + "session from backend.makeConfiguration()"
}
