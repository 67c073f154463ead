import ContractSpec

/// What routing a request found.
public enum RouteResult: Sendable {
    /// The request names a documented operation.
    case matched(RouteMatch)
    /// The URL matches none of the contract's servers (nor a base URL from the options); `servers` lists them.
    case serverNotFound(servers: [String])
    /// A server matches but no path template does; `path` is the request's path as sent, `nearest` names
    /// the closest documented paths, least different first.
    case pathNotFound(path: String, nearest: [String])
    /// The path is documented, the method is not; `allowed` lists the documented methods.
    case methodNotAllowed(path: String, allowed: [String])

    /// The match, when there is one.
    public var match: RouteMatch? {
        if case .matched(let match) = self { return match }
        return nil
    }
}
