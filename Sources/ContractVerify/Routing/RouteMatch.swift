import ContractSpec

/// A request matched to an operation by `ContractVerifier.route(_:)`.
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
