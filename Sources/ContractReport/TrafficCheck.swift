import ContractSpec
import ContractVerify
import Foundation

/// Verifies recorded traffic against one or more contracts: each exchange goes to the contract whose
/// servers its URL matches (the first, in the order given); exchanges that no contract's servers
/// match are skipped and counted.
public struct TrafficCheck: Sendable {
    /// A contract with its verifier.
    public struct Contract: Sendable {
        /// The loaded contract.
        public var document: Spec.Document
        /// Its verifier.
        public var verifier: ContractVerifier

        /// Pairs a contract with its verifier.
        public init(document: Spec.Document, verifier: ContractVerifier) {
            self.document = document
            self.verifier = verifier
        }
    }

    /// The contracts, in the order exchanges are offered to them.
    public var contracts: [Contract]

    /// Creates a check.
    public init(contracts: [Contract]) {
        self.contracts = contracts
    }

    /// Verifies every exchange. A recording that names its contract is verified against that contract
    /// only (with the options its test used), or set aside when this check does not include it; any
    /// other exchange goes to the first contract whose servers match its URL.
    public func run(_ records: [TrafficEntry]) -> TrafficResult {
        var results = contracts.map { ContractTrafficResult(document: $0.document) }
        var skipped: [TrafficEntry] = []
        var otherContracts: [TrafficEntry] = []
        var verifiers = VerifierVariants()
        for record in records {
            let index: Int
            if let recorded = record.contract {
                guard let named = contracts.firstIndex(where: { Self.isFile($0, named: recorded) }) else {
                    otherContracts.append(record)
                    continue
                }
                index = named
            } else {
                guard let served = contracts.firstIndex(where: { Self.serves($0, record.exchange.request) }) else {
                    skipped.append(record)
                    continue
                }
                index = served
            }
            let verifier = verifiers.verifier(contracts[index].verifier, index: index, recorded: record.options)
            results[index].add(record, verdict: Self.verdict(of: record, by: verifier))
        }
        return TrafficResult(contracts: results, skipped: skipped, otherContracts: otherContracts)
    }

    /// The exchange's verdict. A recording's response to a request that breaks the contract is the fake
    /// backend's own answer to it (the documented 400 or 422, or its problem+json), not the system under
    /// test, and the backend does not verify it: so neither does this, and an invalid request stays one
    /// violation, as the test saw it.
    private static func verdict(of record: TrafficEntry, by verifier: ContractVerifier) -> ExchangeVerdict {
        var verdict = verifier.verify(exchange: record.exchange)
        if record.isRecording, !verdict.request.isValid { verdict.responseViolations = [] }
        return verdict
    }

    private static func serves(_ contract: Contract, _ request: HTTPRequest) -> Bool {
        if case .serverNotFound = contract.verifier.route(request) { return false }
        return true
    }

    /// Whether `path` (as a test process printed it: relative to its working directory, or absolute)
    /// names the contract's root file.
    private static func isFile(_ contract: Contract, named path: String) -> Bool {
        URL(fileURLWithPath: path).standardizedFileURL.path == contract.document.file.url.standardizedFileURL.path
    }
}

/// The verifiers of recordings: each recording is verified with the options its test used, made once per
/// contract and set of options. What the check's own options add stays: its base URLs (a `--server`),
/// strict mode, secret names and redaction, which a recording cannot turn off (what is printed or
/// written is redacted whatever the test chose).
private struct VerifierVariants {
    private var made: [String: ContractVerifier] = [:]

    mutating func verifier(_ base: ContractVerifier, index: Int, recorded: VerifierOptions?) -> ContractVerifier {
        guard var options = recorded else { return base }
        options.baseURLs += base.options.baseURLs.filter { !options.baseURLs.contains($0) }
        options.strict = options.strict || base.options.strict
        options.secretNames.formUnion(base.options.secretNames)
        options.redactsSecrets = options.redactsSecrets || base.options.redactsSecrets
        let text = RecordedOptions.key(options)
        if text == RecordedOptions.key(base.options) { return base }
        let key = "\(index) " + text
        if let verifier = made[key] { return verifier }
        let verifier = ContractVerifier(document: base.document, options: options)
        made[key] = verifier
        return verifier
    }
}

/// What a traffic check found.
public struct TrafficResult: Sendable {
    /// One result per contract, in the order the contracts were given.
    public var contracts: [ContractTrafficResult]
    /// Exchanges whose URL no contract's servers match.
    public var skipped: [TrafficEntry]
    /// Recordings made against contracts this check does not include (a test's own fixture contract).
    public var otherContracts: [TrafficEntry] = []

    /// Every violation found, across contracts.
    public var violations: [ContractViolation] {
        contracts.flatMap { $0.operations.flatMap { $0.findings.map(\.violation) } + $0.unrouted.map(\.violation) }
    }

    /// Whether any violation is an error.
    public var hasErrors: Bool { violations.contains { $0.severity == .error } }
}

/// One violation with the exchange it came from.
public struct Finding: Sendable {
    /// The violation.
    public var violation: ContractViolation
    /// The exchange.
    public var record: TrafficEntry
}

/// Traffic results for one contract, per operation in document order.
public struct ContractTrafficResult: Sendable {
    /// One operation's share of the traffic.
    public struct Operation: Sendable {
        /// The operation.
        public var operation: Spec.Operation
        /// Exchanges that reached it.
        public var exchanges = 0
        /// Status codes it answered with.
        public var statuses: Set<Int> = []
        /// Its violations.
        public var findings: [Finding] = []
        /// Seconds its exchanges took, as recorded.
        public var time = 0.0
    }

    /// The contract.
    public var document: Spec.Document
    /// Every operation, exercised or not, in document order.
    public var operations: [Operation]
    /// Violations of requests that matched no path or method of the contract.
    public var unrouted: [Finding] = []
    /// Exchanges verified against this contract.
    public var exchanges = 0

    init(document: Spec.Document) {
        self.document = document
        self.operations = document.operations.map { Operation(operation: $0) }
    }

    mutating func add(_ record: TrafficEntry, verdict: ExchangeVerdict) {
        exchanges += 1
        let findings = verdict.violations.map { Finding(violation: $0, record: record) }
        guard let matched = verdict.request.operation,
            let index = operations.firstIndex(where: {
                $0.operation.method == matched.method && $0.operation.path == matched.path
            })
        else {
            unrouted += findings
            return
        }
        operations[index].exchanges += 1
        if record.hasResponse { operations[index].statuses.insert(record.exchange.response.status) }
        operations[index].findings += findings
        operations[index].time += record.duration ?? 0
    }

    /// Operations exercised at least once.
    public var exercised: Int { operations.filter { $0.exchanges > 0 }.count }

    /// A documented response: its operation (`displayName`) and status key (`200`, `4XX`, `default`).
    public struct ResponseKey: Sendable, Hashable {
        /// The operation's `operationId`, else `METHOD /path`.
        public var operation: String
        /// The status key as the contract writes it.
        public var status: String

        /// Names a documented response.
        public init(operation: String, status: String) {
            self.operation = operation
            self.status = status
        }
    }

    /// The documented responses the traffic exercised (any status the key covers was answered), and those
    /// of the error responses (4XX, 5XX and `default`) exercised with an error status (400 and above), in
    /// document order. Kept by key so that the coverage of shards adds up without counting twice.
    public var exercisedResponses: (all: [ResponseKey], errors: [ResponseKey]) {
        var all: [ResponseKey] = []
        var errors: [ResponseKey] = []
        for entry in operations {
            for response in entry.operation.responses {
                let key = ResponseKey(operation: entry.operation.displayName, status: response.status.description)
                let answered = entry.statuses.filter { entry.operation.response(for: $0)?.status == response.status }
                if !answered.isEmpty { all.append(key) }
                if Self.isError(response.status), answered.contains(where: { $0 >= 400 }) { errors.append(key) }
            }
        }
        return (all, errors)
    }

    /// Documented responses (operation and status key) that the traffic exercised, and how many are documented.
    public var responsesExercised: (exercised: Int, documented: Int) {
        (exercisedResponses.all.count, operations.reduce(0) { $0 + $1.operation.responses.count })
    }

    /// Documented error responses (4XX, 5XX and default) that the traffic exercised, and how many are documented.
    public var errorResponsesExercised: (exercised: Int, documented: Int) {
        let documented = operations.reduce(0) { $0 + $1.operation.responses.filter { Self.isError($0.status) }.count }
        return (exercisedResponses.errors.count, documented)
    }

    private static func isError(_ status: Spec.ResponseStatus) -> Bool {
        switch status {
        case .code(let code): code >= 400
        case .range(let digit): digit >= 4
        case .default: true
        }
    }
}
