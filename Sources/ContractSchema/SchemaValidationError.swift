import ContractJSON

/// One way an instance fails its schema.
public struct SchemaValidationError: Hashable, Sendable, CustomStringConvertible {
    /// The failing branch of an `anyOf`/`oneOf`, with its own errors.
    public struct Branch: Hashable, Sendable {
        /// The branch's position in the `anyOf`/`oneOf` array.
        public var index: Int
        /// Where the branch's schema is, after `$ref` resolution.
        public var schemaLocation: SchemaLocation
        /// The branch's errors.
        public var errors: [SchemaValidationError]
    }

    /// Where in the instance (`$.items[0].name`).
    public var instancePath: InstancePath
    /// The failing keyword (`type`, `required`, `oneOf`…).
    public var keyword: String
    /// The keyword's absolute location after `$ref` resolution.
    public var schemaLocation: SchemaLocation
    /// The keyword's file:line:column in the contract, when known.
    public var sourceLocation: SourceLocation?
    /// What the schema wants, in words (`string`, `one of "ASC", "DESC"`).
    public var expected: String
    /// What the instance has, in words, cut short (`integer 42`).
    public var actual: String
    /// For `anyOf`/`oneOf`: the failing branches, most relevant first (with a discriminator, only the selected one).
    public var branches: [Branch]

    /// Creates an error.
    public init(
        instancePath: InstancePath, keyword: String, schemaLocation: SchemaLocation, sourceLocation: SourceLocation?,
        expected: String, actual: String, branches: [Branch] = []
    ) {
        self.instancePath = instancePath
        self.keyword = keyword
        self.schemaLocation = schemaLocation
        self.sourceLocation = sourceLocation
        self.expected = expected
        self.actual = actual
        self.branches = branches
    }

    /// `expected string, got integer 42`.
    public var message: String { "expected \(expected), got \(actual)" }

    /// The one-line form: `expected string, got integer 42 (#/components/schemas/Pet/properties/name/type)`.
    public var description: String { "\(message) (\(schemaLocation.fragment))" }

    /// The most relevant leaf error: for `anyOf`/`oneOf`, the best branch's first leaf, followed down.
    public var mostRelevant: SchemaValidationError {
        guard let first = branches.first?.errors.first else { return self }
        return first.mostRelevant
    }
}
