import ContractSpec

/// What verifying a request found.
public struct RequestVerdict: Sendable {
    /// How the request was routed.
    public var route: RouteResult
    /// Every violation of the request, in the order checked (route, parameters, security, body, `Accept`).
    public var violations: [ContractViolation]

    /// The matched operation, when routing found one.
    public var operation: Spec.Operation? { route.match?.operation }
    /// Whether the request has no error (warnings, such as an unreadable body, do not count).
    public var isValid: Bool { !violations.contains { $0.severity == .error } }
}
