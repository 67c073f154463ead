import ContractSpec

/// A request and the response it got.
public struct HTTPExchange: Sendable, Hashable {
    /// The request.
    public var request: HTTPRequest
    /// The response.
    public var response: HTTPResponse

    /// Creates an exchange.
    public init(request: HTTPRequest, response: HTTPResponse) {
        self.request = request
        self.response = response
    }
}

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

/// What verifying a whole exchange found.
public struct ExchangeVerdict: Sendable {
    /// The request's verdict.
    public var request: RequestVerdict
    /// The response's violations (empty when the request could not be routed).
    public var responseViolations: [ContractViolation]

    /// Every violation of the exchange, request first.
    public var violations: [ContractViolation] { request.violations + responseViolations }
    /// Whether the exchange has no error.
    public var isValid: Bool { !violations.contains { $0.severity == .error } }
}
