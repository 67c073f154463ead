import ContractSpec

/// What routing a request found.
public enum RouteResult: Sendable {
    /// The request names a documented operation.
    case matched(RouteMatch)
    /// The URL matches none of the contract's servers (nor a base URL from the options); `servers` lists them.
    case serverNotFound(servers: [String])
    /// A server matches but no path template does; `nearest` names the closest documented paths.
    case pathNotFound(path: String, nearest: [String])
    /// The path is documented, the method is not; `allowed` lists the documented methods.
    case methodNotAllowed(path: String, allowed: [String])

    /// The match, when there is one.
    public var match: RouteMatch? {
        if case .matched(let match) = self { return match }
        return nil
    }
}

/// A request matched to an operation.
public struct RouteMatch: Sendable {
    /// The operation.
    public let operation: Spec.Operation
    /// The server (or base URL) whose base path was removed.
    public let server: String
    /// The path variables, percent-decoded (`petId` → `8d3e…`).
    public let pathParameters: [String: String]
    /// The path variables as sent, for style decoding.
    let rawPathParameters: [String: Substring]
    /// The operation's position in the verifier's tables.
    let index: Int
}
