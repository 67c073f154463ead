import ContractSpec

/// A request matched to an operation by `ContractVerifier.route(_:)`.
public struct RouteMatch: Sendable {
    /// An operation held by reference: the router makes one per operation, so a match retains one object
    /// instead of every field of the operation.
    final class SharedOperation: Sendable {
        let operation: Spec.Operation

        init(_ operation: Spec.Operation) {
            self.operation = operation
        }
    }

    /// Everything a match holds, in one object: a match is copied several times per request (into the
    /// verdict, out of it, into the checks), and each copy retained the operation, the server's URL and
    /// both variable tables; now it retains this. The router prepares one per operation and server for
    /// paths without variables, so most requests allocate none.
    final class Storage: Sendable {
        let shared: SharedOperation
        let server: String
        let pathParameters: [String: String]
        let rawPathParameters: [String: Substring]
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
    }

    /// Internal so that `Router` can tell its prepared matches apart by identity.
    let storage: Storage

    init(_ storage: Storage) {
        self.storage = storage
    }

    /// The server (or base URL) whose base path was removed.
    public var server: String { storage.server }
    /// The path variables, percent-decoded (`petId` → `8d3e…`).
    public var pathParameters: [String: String] { storage.pathParameters }
    /// The path variables as sent, for style decoding.
    var rawPathParameters: [String: Substring] { storage.rawPathParameters }
    /// The operation's position in the verifier's tables.
    var index: Int { storage.index }

    /// The operation.
    public var operation: Spec.Operation { storage.shared.operation }

    /// The operation's position in the contract's `Spec.Document.operations`, for tables kept beside
    /// the verifier that made the match.
    public var operationIndex: Int { storage.index }
}
