import ContractJSON

/// Why no example could be produced.
public struct ExampleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Hashable {
        /// No value can satisfy the schema (`minLength` above `maxLength`, contradictory `allOf` types…).
        case unsatisfiable
        /// The operation has no response, request body or media type as asked.
        case notDeclared
        /// The caller named an example the contract does not have.
        case unknownExample
        /// The body or header has no schema and no example to answer with.
        case noSchema
    }

    /// The kind of failure.
    public var kind: Kind
    /// What is wrong, in one sentence.
    public var message: String
    /// Where in the contract the offending schema (or object) is written.
    public var location: SourceLocation?
    /// The schema's address (`file:///…/api.yaml#/components/schemas/Pet/properties/name`), when known.
    public var schemaURI: String?

    /// Creates an error.
    public init(kind: Kind, message: String, location: SourceLocation? = nil, schemaURI: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.schemaURI = schemaURI
    }

    /// `file:line:column: error: message`.
    public var description: String {
        (location.map { "\($0): " } ?? "") + "error: " + message
    }
}
