import ContractSpec

/// A request matched to an operation by `ContractVerifier.route(_:)`.
public struct RouteMatch: Sendable {
    /// An operation held by reference: the router makes one per operation, so a match (which is copied
    /// several times per request) retains one object instead of every field of the operation.
    final class SharedOperation: Sendable {
        let operation: Spec.Operation

        init(_ operation: Spec.Operation) {
            self.operation = operation
        }
    }

    private let shared: SharedOperation
    /// The server (or base URL) whose base path was removed.
    public let server: String
    /// The path variables, percent-decoded (`petId` → `8d3e…`).
    public let pathParameters: [String: String]
    /// The path variables as sent, for style decoding.
    let rawPathParameters: [String: Substring]
    /// The operation's position in the verifier's tables.
    let index: Int

    init(
        operation: SharedOperation, server: String, pathParameters: [String: String],
        rawPathParameters: [String: Substring], index: Int
    ) {
        self.shared = operation
        self.server = server
        self.pathParameters = pathParameters
        self.rawPathParameters = rawPathParameters
        self.index = index
    }

    /// The operation.
    public var operation: Spec.Operation { shared.operation }

    /// The operation's position in the contract's `Spec.Document.operations`, for tables kept beside
    /// the verifier that made the match.
    public var operationIndex: Int { index }
}
