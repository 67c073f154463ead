import ContractJSON
import ContractSchema

/// Collects the violations of one exchange, filling in what they share (operation, request line, how
/// schema pointers are printed).
struct ViolationRecorder {
    /// The operation checked, held by its prepared form: a recorder is made for every request, and
    /// copying the reference's strings in (and releasing them) cost more than retaining one object.
    private let prepared: PreparedOperation
    let files: FileNames
    private(set) var violations: [ContractViolation] = []
    /// The request's method and path: the request line is built only when a violation needs it, since
    /// most requests have none.
    private let method: String
    private let path: String

    init(prepared: PreparedOperation, request: HTTPRequest, files: FileNames) {
        self.prepared = prepared
        self.method = request.method
        self.path = request.path
        self.files = files
    }

    /// The operation checked.
    var operation: OperationReference? { prepared.reference }

    /// `GET /v1/pets`, as `HTTPRequest.requestLine` writes it.
    private var requestLine: String { "\(method) \(path)" }

    /// Records a violation that is not a schema error.
    mutating func add(
        _ kind: ViolationKind, at location: ExchangeLocation, source: SourceLocation, expected: String? = nil,
        actual: String? = nil, hint: String? = nil, severity: ContractViolation.Severity = .error
    ) {
        violations.append(
            ContractViolation(
                kind: kind, severity: severity, operation: operation, requestLine: requestLine, location: location,
                sourceLocation: source, expected: expected, actual: actual, hint: hint))
    }

    /// Records each schema error as a violation, located at the failing keyword in the contract. The
    /// `oneOf`/`anyOf` branches travel along; the schema engine's message already names the closest one.
    mutating func add(
        _ kind: ViolationKind, at location: ExchangeLocation, errors: [SchemaValidationError], fallback: SourceLocation
    ) {
        for error in errors {
            violations.append(
                ContractViolation(
                    kind: kind, operation: operation, requestLine: requestLine, location: location,
                    sourceLocation: error.sourceLocation ?? fallback, expected: error.expected, actual: error.actual,
                    instancePath: error.instancePath, keyword: error.keyword,
                    schemaLocation: error.schemaLocation, schemaPointer: files.pointer(error.schemaLocation),
                    branches: error.branches))
        }
    }

    /// Hides the values of the violations that would print a secret.
    mutating func redact(where isSecret: (ContractViolation) -> Bool) {
        violations = violations.map { isSecret($0) ? $0.redacted() : $0 }
    }
}
