import ContractJSON

/// A problem found while loading or linting a contract, printed compiler-style:
/// `contracts/api.yaml:12:7: error: 'in' must be one of query, header, path, cookie; found 'body' [structure.enum]`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Sendable, Comparable {
        /// The contract is wrong; tools will misbehave.
        case error
        /// Likely a mistake; the contract still works.
        case warning

        /// Errors sort before warnings.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// How bad it is.
    public var severity: Severity
    /// A stable code naming the rule (`structure.required`, `ref.unresolved`, `paths.ambiguous`…).
    public var code: String
    /// What is wrong and what to do about it.
    public var message: String
    /// Where.
    public var location: SourceLocation
    /// The JSON pointer of the offending element inside its file, when there is one.
    public var pointer: JSONPointer?
    /// Whether an error leaves the model unfit to verify traffic against. The fake backend, the mock
    /// server and `verify` refuse a contract only for these; lint reports every error. False for a problem
    /// that only touches documentation or adds what is ignored anyway: a foreign member that is no
    /// misspelling of a field, a missing `title`, `version`, response `description` or OAuth URL or scopes,
    /// an optional map written as null, a component name with characters outside the allowed ones, a `$ref`
    /// to an example that names nothing (the example is left out), a path variable without a parameter (any
    /// segment), a path parameter the template does not name (left out), an `operationId` used twice (the
    /// first operation keeps it), a `style` the location does not allow on a parameter whose schema is a
    /// string, number or boolean (every style carries one the same way), a security requirement naming a
    /// scheme the document does not declare (the scheme is left out of the requirement).
    package var blocksVerification = true

    /// Creates an error that leaves the contract in use (`blocksVerification: false`) or not.
    package init(
        error code: String, message: String, location: SourceLocation, pointer: JSONPointer? = nil,
        blocksVerification: Bool
    ) {
        self.init(.error, code: code, message: message, location: location, pointer: pointer)
        self.blocksVerification = blocksVerification
    }

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, code: String, message: String, location: SourceLocation, pointer: JSONPointer? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.pointer = pointer
    }

    /// `file:line:col: severity: message [code]`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message) [\(code)]"
    }
}

extension LoadFailure {
    /// The failure as an error diagnostic.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, code: "load.failed", message: message, location: location)
    }
}
