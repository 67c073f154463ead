import ContractJSON
import ContractSpec

/// Checks HTTP exchanges against a contract: routes a request to its operation, checks its parameters,
/// credentials, body and `Accept`, then checks the response's status, headers and body.
///
/// Everything is prepared once: the routing tree when the verifier is created; each operation's compiled
/// schemas and parameter decoders when a request is first checked against it. The verifier is `Sendable`;
/// share one across threads.
///
/// ```swift
/// let verifier = ContractVerifier(document: document)
/// let verdict = verifier.verify(exchange: HTTPExchange(request: request, response: response))
/// for violation in verdict.violations { print(violation) }
/// ```
public struct ContractVerifier: Sendable {
    /// What is prepared from the contract alone, whatever the options: each operation with its schemas
    /// compiled and its parameters' decoders. Verifiers of other option sets made with
    /// `init(sharingPreparationOf:options:)` share it rather than prepare the contract again.
    private final class Preparation: Sendable {
        let document: Spec.Document
        let files: FileNames
        /// Each operation is prepared when a request or response is first checked against it, with the
        /// shapes built so far: tests use a few of a contract's operations, and preparing all of them up
        /// front was 40% of a backend's first use of Kubernetes' description in a release build.
        private let prepared: Locked<(operations: [PreparedOperation?], shapes: ShapeBuilder)>

        init(document: Spec.Document) {
            self.document = document
            prepared = Locked(
                (
                    Array(repeating: nil, count: document.operations.count),
                    ShapeBuilder(schemas: document.compiledSchemas)
                ))
            var names: [String: String] = [:]
            for file in document.files { names[file.uri] = file.url.lastPathComponent }
            files = FileNames(rootURI: document.file.uri, names: names)
        }

        /// The operation at `index` in the document, prepared.
        func operation(at index: Int) -> PreparedOperation {
            prepared.withLock { state in
                if let known = state.operations[index] { return known }
                let operation = PreparedOperation(document.operations[index], document: document, shapes: state.shapes)
                state.operations[index] = operation
                return operation
            }
        }
    }

    /// Everything prepared, in one immutable object: copying the verifier (every call through a property
    /// of a class copies it) then retains one reference instead of each table.
    private final class Tables: Sendable {
        let preparation: Preparation
        let options: VerifierOptions
        let router: Router
        let secrets: SecretNames
        /// The body members the contract's schemas mark as secret, per operation, for redacted logs.
        let secretMembers: SecretMembers

        var document: Spec.Document { preparation.document }
        var files: FileNames { preparation.files }

        init(preparation: Preparation, options: VerifierOptions) {
            self.preparation = preparation
            self.options = options
            router = Router(document: preparation.document, options: options)
            secrets = SecretNames(document: preparation.document, extra: options.secretNames)
            secretMembers = SecretMembers(document: preparation.document)
        }
    }

    private let tables: Tables

    /// The names whose values are secret (`ContractVerifier+Redaction.swift`).
    var secretNames: SecretNames { tables.secrets }
    /// The body members each operation's schemas mark as secret (`ContractVerifier+Redaction.swift`).
    var secretMembers: SecretMembers { tables.secretMembers }

    /// The contract.
    public var document: Spec.Document { tables.document }
    /// The options it was created with.
    public var options: VerifierOptions { tables.options }

    /// Prepares a verifier for a loaded contract.
    public init(document: Spec.Document, options: VerifierOptions = VerifierOptions()) {
        // Every schema is compiled from the document read as the options say `nullable` is read.
        tables = Tables(
            preparation: Preparation(document: document.reading(nullable: options.nullable)), options: options)
    }

    /// A verifier of `other`'s contract with other options, sharing what `other` prepared from the contract
    /// (operations, compiled schemas, decoders): options change routing, strictness and redaction, not the
    /// contract, so one copy serves every option set.
    /// Only `nullable` changes what is compiled: a verifier that reads it otherwise prepares its own.
    package init(sharingPreparationOf other: ContractVerifier, options: VerifierOptions) {
        let preparation =
            other.options.nullable == options.nullable
            ? other.tables.preparation : Preparation(document: other.document.reading(nullable: options.nullable))
        tables = Tables(preparation: preparation, options: options)
    }

    /// The operation a request names, or why there is none.
    public func route(_ request: HTTPRequest) -> RouteResult {
        tables.router.route(request)
    }

    /// Routes and checks a request, collecting every violation.
    public func verifyRequest(_ request: HTTPRequest) -> RequestVerdict {
        verifyRequest(request, routed: route(request))
    }

    /// Checks a request that this verifier's `route(_:)` has routed already, collecting every violation:
    /// a caller that routes first (to choose among contracts) does not pay for routing twice, which for a
    /// request that matches no path includes the search for the nearest documented paths. A match made
    /// by another verifier is looked up by method and path; one of another contract is routed again.
    ///
    /// Where several operations share the request's method and path (keys told apart by a `#fragment`),
    /// the request calls the first one it satisfies; when it satisfies none, the first declared.
    public func verifyRequest(_ request: HTTPRequest, routed route: RouteResult) -> RequestVerdict {
        guard let match = route.match else {
            return RequestVerdict(route: route, violations: [routeViolation(route, request)])
        }
        guard let operation = prepared(for: match) else { return verifyRequest(request) }
        let violations = check(request, match: match, prepared: operation)
        if !violations.isEmpty {
            for alternative in tables.router.alternatives(to: match) {
                guard let other = prepared(for: alternative) else { continue }
                if check(request, match: alternative, prepared: other).isEmpty {
                    return RequestVerdict(route: .matched(alternative), violations: [])
                }
            }
        }
        return RequestVerdict(route: route, violations: violations)
    }

    /// The request's violations of the operation `match` names.
    private func check(_ request: HTTPRequest, match: RouteMatch, prepared: PreparedOperation) -> [ContractViolation] {
        var recorder = ViolationRecorder(prepared: prepared, request: request, files: tables.files)
        // The two flags the checker reads, not the options: copying those retained their arrays and set.
        RequestChecker(prepared: prepared, strict: tables.options.strict, checksAccept: tables.options.checksAccept)
            .check(request, match: match, into: &recorder)
        finish(&recorder)
        return recorder.violations
    }

    /// Checks a response to a request routed to `match` (status, headers, `Content-Type`, body in the
    /// response context, where `writeOnly` properties must not appear).
    public func verifyResponse(_ response: HTTPResponse, for match: RouteMatch, request: HTTPRequest)
        -> [ContractViolation]
    {
        guard let prepared = prepared(for: match) else { return [] }
        var recorder = ViolationRecorder(prepared: prepared, request: request, files: tables.files)
        ResponseChecker(prepared: prepared, method: request.method).check(response, into: &recorder)
        finish(&recorder)
        return recorder.violations
    }

    /// Checks a request and, when it names an operation, its response. A response with status 0 is
    /// no response at all (HAR's failed request, a recorded transport error): only the request is checked.
    public func verify(exchange: HTTPExchange) -> ExchangeVerdict {
        verify(exchange: exchange, routed: route(exchange.request))
    }

    /// `verify(exchange:)` for an exchange whose request this verifier's `route(_:)` has routed already
    /// (see `verifyRequest(_:routed:)`).
    public func verify(exchange: HTTPExchange, routed route: RouteResult) -> ExchangeVerdict {
        let requestVerdict = verifyRequest(exchange.request, routed: route)
        guard let match = requestVerdict.route.match, exchange.response.status != 0 else {
            return ExchangeVerdict(request: requestVerdict, responseViolations: [])
        }
        return ExchangeVerdict(
            request: requestVerdict,
            responseViolations: verifyResponse(exchange.response, for: match, request: exchange.request))
    }

    /// The prepared operation of a match; a match made by another verifier is looked up by method and path.
    private func prepared(for match: RouteMatch) -> PreparedOperation? {
        let operations = tables.document.operations
        let operation = match.operation
        if match.index < operations.count && operations[match.index].method == operation.method
            && operations[match.index].path == operation.path
        {
            return tables.preparation.operation(at: match.index)
        }
        return operations.firstIndex { $0.method == operation.method && $0.path == operation.path }
            .map(tables.preparation.operation(at:))
    }

    private func finish(_ recorder: inout ViolationRecorder) {
        guard tables.options.redactsSecrets else { return }
        recorder.redact(where: tables.secrets.isSecret)
    }

    private func routeViolation(_ route: RouteResult, _ request: HTTPRequest) -> ContractViolation {
        let file = SourceLocation(file: document.file.displayPath, position: .unknown)
        let line = request.requestLine
        switch route {
        case .matched, .serverNotFound:
            let servers = document.servers.first?.location ?? file
            var url = request.host.map { "\(request.scheme ?? "http")://\($0)" } ?? ""
            if let port = request.port { url += ":\(port)" }
            return ContractViolation(
                kind: .serverNotFound, operation: nil, requestLine: line, location: .request(.url),
                sourceLocation: servers,
                expected: "a URL under " + Excerpt.list(route.servers, conjunction: "or"), actual: url + request.path,
                hint: "add the base URL to the options or the contract's servers")
        case .pathNotFound(let path, let nearest):
            return ContractViolation(
                kind: .routeNotFound, operation: nil, requestLine: line, location: .request(.url), sourceLocation: file,
                expected: "a documented path", actual: path,
                hint: nearest.isEmpty ? nil : "nearest: " + nearest.joined(separator: ", "))
        case .methodNotAllowed(let path, let allowed):
            let source = document.operations.first { $0.template.text == path }?.location ?? file
            return ContractViolation(
                kind: .methodNotAllowed, operation: nil, requestLine: line, location: .request(.method),
                sourceLocation: source, expected: Excerpt.list(allowed, conjunction: "or") + " for \(path)",
                actual: request.method, hint: "a server would answer 405")
        }
    }
}

extension RouteResult {
    fileprivate var servers: [String] {
        if case .serverNotFound(let servers) = self { return servers }
        return []
    }
}
