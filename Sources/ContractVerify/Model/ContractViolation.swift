import ContractJSON
import ContractSchema

/// One way an exchange breaks the contract, in the shape every part of ContractCheck reports
/// (the fake backend, `contract-check verify`, a mock server), printed as one compiler-style line:
///
/// ```
/// contracts/clinic.yaml:57:11: error: [getPet] GET /pets/{petId} response 200 body $.name: expected string, got integer 42 (#/components/schemas/Pet/properties/name/type)
/// ```
public struct ContractViolation: Hashable, Sendable, CustomStringConvertible {
    /// How serious a violation is.
    public enum Severity: String, Hashable, Sendable {
        /// The exchange breaks the contract.
        case error
        /// Something could not be checked (an unreadable body); the exchange may still be fine.
        case warning
    }

    /// The stable code (`request.body.schema`).
    public var kind: ViolationKind
    /// How serious it is.
    public var severity: Severity
    /// The operation, once the request was routed to one.
    public var operation: OperationReference?
    /// `GET /v1/pets/123`: the method and path as sent (never the query, which may carry keys).
    public var requestLine: String
    /// Where in the exchange.
    public var location: ExchangeLocation
    /// Where inside the value (`$.items[0].name`), for schema violations.
    public var instancePath: InstancePath?
    /// The failing schema keyword (`type`, `required`).
    public var keyword: String?
    /// The keyword's location after `$ref` resolution.
    public var schemaLocation: SchemaLocation?
    /// The schema pointer as printed: `#/components/schemas/Pet/properties/name/type` in the root file,
    /// `common.yaml#/Money/properties/currency` in another.
    public var schemaPointer: String?
    /// Where in the contract the broken rule is written.
    public var sourceLocation: SourceLocation
    /// What the contract wants, in words (`string`, `one of "ASC", "DESC"`).
    public var expected: String?
    /// What the exchange has, in words, cut short (`integer 42`).
    public var actual: String?
    /// What else to say: the nearest paths, what would have satisfied the rule, what to do.
    public var hint: String?
    /// For `oneOf`/`anyOf`: the failing branches, most relevant first.
    public var branches: [SchemaValidationError.Branch]

    /// Creates a violation.
    public init(
        kind: ViolationKind, severity: Severity = .error, operation: OperationReference?, requestLine: String,
        location: ExchangeLocation, sourceLocation: SourceLocation, expected: String? = nil, actual: String? = nil,
        hint: String? = nil, instancePath: InstancePath? = nil, keyword: String? = nil,
        schemaLocation: SchemaLocation? = nil, schemaPointer: String? = nil,
        branches: [SchemaValidationError.Branch] = []
    ) {
        self.kind = kind
        self.severity = severity
        self.operation = operation
        self.requestLine = requestLine
        self.location = location
        self.sourceLocation = sourceLocation
        self.expected = expected
        self.actual = actual
        self.hint = hint
        self.instancePath = instancePath
        self.keyword = keyword
        self.schemaLocation = schemaLocation
        self.schemaPointer = schemaPointer
        self.branches = branches
    }

    /// `expected string, got integer 42; <hint>`.
    public var message: String {
        var text = ""
        if let expected, let actual {
            text = "expected \(expected), got \(actual)"
        } else if let expected {
            text = "expected \(expected)"
        }
        if let hint { text += text.isEmpty ? hint : "; " + hint }
        return text
    }

    /// The one-line compiler-style form.
    public var description: String {
        var line = "\(sourceLocation): \(severity.rawValue): "
        line += operation?.description ?? requestLine
        let phrase = location.phrase
        if !phrase.isEmpty { line += " " + phrase }
        if let instancePath, location.isBody || !instancePath.components.isEmpty {
            line += " \(instancePath)"
        }
        line += ": " + message
        if let schemaPointer { line += " (\(schemaPointer))" }
        return line
    }

    /// The same violation with the exchange's values hidden (`actual`, and the values in branch errors),
    /// for secrets such as API keys that reports must not print.
    public func redacted() -> ContractViolation {
        var copy = self
        if copy.actual != nil { copy.actual = Self.redactedText }
        copy.branches = branches.map(Self.redact)
        return copy
    }

    /// What a hidden value prints as.
    public static let redactedText = "<redacted>"

    private static func redact(_ branch: SchemaValidationError.Branch) -> SchemaValidationError.Branch {
        var copy = branch
        copy.errors = branch.errors.map(redact)
        return copy
    }

    private static func redact(_ error: SchemaValidationError) -> SchemaValidationError {
        var copy = error
        copy.actual = redactedText
        copy.branches = error.branches.map(redact)
        return copy
    }
}
