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
