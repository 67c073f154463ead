import ContractVerify

/// A response from the real server that breaks the contract, as a forwarding backend found it.
public struct ServerViolation: Sendable, CustomStringConvertible {
    /// The URL the request was forwarded to.
    public var serverURL: String
    /// What the response broke, with the contract's place.
    public var violation: ContractViolation

    /// `server response from <URL>: <violation>`.
    public var description: String { "server response from \(serverURL): \(violation)" }
}
