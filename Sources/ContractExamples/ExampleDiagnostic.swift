import ContractJSON

/// A problem found while choosing an example: a contract example that breaks its own schema.
public struct ExampleDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// A stable code (`example.invalid`).
    public var code: String
    /// What is wrong, and what was done instead.
    public var message: String
    /// Where the example is written.
    public var location: SourceLocation?

    /// Creates a diagnostic.
    public init(code: String, message: String, location: SourceLocation?) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// `file:line:column: warning: message [code]`.
    public var description: String {
        (location.map { "\($0): " } ?? "") + "warning: \(message) [\(code)]"
    }
}
