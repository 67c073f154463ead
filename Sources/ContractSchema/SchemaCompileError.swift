import ContractJSON

/// A problem that keeps a schema from compiling: a bad regex, an unresolvable `$ref`, a keyword of the wrong type.
public struct SchemaCompileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public var message: String
    /// The schema keyword at fault.
    public var schemaLocation: SchemaLocation
    /// The file, line and column of that keyword, when the document came from a file.
    public var sourceLocation: SourceLocation?

    /// Creates an error.
    public init(message: String, schemaLocation: SchemaLocation, sourceLocation: SourceLocation?) {
        self.message = message
        self.schemaLocation = schemaLocation
        self.sourceLocation = sourceLocation
    }

    /// `file:line:column: error: message (#/pointer)`.
    public var description: String {
        let prefix = sourceLocation.map { "\($0): " } ?? ""
        return "\(prefix)error: \(message) (\(schemaLocation.fragment))"
    }
}

/// Every problem found while compiling one schema.
public struct SchemaCompileErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order found.
    public var errors: [SchemaCompileError]

    /// One line per problem.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
