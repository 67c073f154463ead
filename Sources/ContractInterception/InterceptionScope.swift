import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which HTTP requests a backend takes; the others go to the network untouched, or fail when the test
/// allows no network at all.
///
/// ```swift
/// let backend = try ContractBackend(contract: url, intercepting: .hosts(["api.clinic.example.com"]))
/// let offline = try ContractBackend(contract: url, intercepting: .pathPrefixes(["/v1/"]).otherwise(.fail))
/// ```
public struct InterceptionScope: Sendable {
    /// What happens to a request outside the scope.
    public enum Elsewhere: Sendable {
        /// It goes to the network as if no backend were there.
        case network
        /// It fails with `URLError(.notConnectedToInternet)` and the backend records a problem.
        case fail
    }

    let includes: @Sendable (URLRequest) -> Bool
    let isEverything: Bool
    /// What happens to requests outside the scope.
    public private(set) var elsewhere: Elsewhere = .network

    /// Every HTTP and HTTPS request (the default).
    public static let everything = InterceptionScope(includes: { _ in true }, isEverything: true)

    /// Requests to these hosts (compared without case); the port does not matter.
    public static func hosts(_ hosts: Set<String>) -> InterceptionScope {
        let folded = Set(hosts.map { $0.lowercased() })
        return InterceptionScope(
            includes: { request in request.url?.host.map { folded.contains($0.lowercased()) } ?? false },
            isEverything: false)
    }

    /// Requests whose path starts with one of `prefixes` (`"/v1/"`).
    public static func pathPrefixes(_ prefixes: [String]) -> InterceptionScope {
        InterceptionScope(
            includes: { request in
                guard let path = request.url?.path(percentEncoded: true) else { return false }
                return prefixes.contains { path.hasPrefix($0) }
            }, isEverything: false)
    }

    /// Requests for which `predicate` is true. It is asked several times per request, on URL loading
    /// threads: keep it quick and free of side effects.
    public static func matching(_ predicate: @escaping @Sendable (URLRequest) -> Bool) -> InterceptionScope {
        InterceptionScope(includes: predicate, isEverything: false)
    }

    /// This scope, with requests outside it handled as `elsewhere` says.
    public func otherwise(_ elsewhere: Elsewhere) -> InterceptionScope {
        var copy = self
        copy.elsewhere = elsewhere
        return copy
    }

    /// Whether the backend's protocol takes `request`: those in scope, and those outside it that are to fail.
    func takes(_ request: URLRequest) -> Bool {
        isEverything || elsewhere == .fail || includes(request)
    }
}
