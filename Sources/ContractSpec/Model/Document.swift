import ContractJSON
import ContractSchema

extension Spec {
    /// A loaded contract.
    public struct Document: Sendable {
        /// The specification version the document was written against.
        public var version: Version
        /// `info.title`.
        public var title: String
        /// `info.version`.
        public var apiVersion: String
        /// The root file.
        public var file: ContractFile
        /// Every file the contract spans, root first.
        public var files: [ContractFile]
        /// Servers (2.0 `host`/`basePath`/`schemes` become one or more servers).
        public var servers: [Server]
        /// Every operation under `paths`, in document order.
        public var operations: [Operation]
        /// Every operation under `webhooks` (3.1+).
        public var webhooks: [Operation]
        /// Security schemes by name.
        public var securitySchemes: [String: SecurityScheme]
        /// The document-wide security requirement alternatives (`nil` when none is declared).
        public var security: [SecurityRequirement]?
        /// Named component schemas (3.x `components/schemas`, 2.0 `definitions`).
        public var schemas: [String: Schema]
        /// Every schema of the contract, compiled once on first use.
        package var compiledSchemas = ContractSchemas()

        /// How `nullable: true` is read when the contract's schemas compile (`.lenient` unless the
        /// loader or `reading(nullable:)` says otherwise).
        public var nullable: NullableReading { compiledSchemas.nullable }

        /// The same contract with its schemas compiled under `nullable` read as given (the schemas are
        /// compiled again, once, on first use).
        public func reading(nullable: NullableReading) -> Document {
            var document = self
            document.compiledSchemas = compiledSchemas.reading(nullable)
            return document
        }

        /// The operation with this `operationId`.
        public func operation(id: String) -> Operation? {
            operations.first { $0.operationId == id }
        }

        /// The operation for `"GET /pets/{id}"`-style names.
        public func operation(method: String, path: String) -> Operation? {
            operations.first { $0.method == method.uppercased() && $0.path == path }
        }
    }

    /// A server URL with its variables.
    public struct Server: Sendable {
        /// The URL template (`https://{region}.example.com/v1`).
        public var url: String
        /// Variables with default and allowed values.
        public var variables: [String: ServerVariable]
        /// Where it is written.
        public var location: SourceLocation
    }

    /// A server variable.
    public struct ServerVariable: Sendable {
        /// The value used when nothing else is chosen.
        public var defaultValue: String
        /// The allowed values, when restricted.
        public var allowedValues: [String]?
    }
}
