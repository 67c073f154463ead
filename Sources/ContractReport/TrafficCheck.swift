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
    /// only (with the base URLs its test used), or set aside when this check does not include it; any
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
            let verifier = verifiers.verifier(contracts[index].verifier, index: index, baseURLs: record.baseURLs)
            results[index].add(record, verdict: Self.verify(record, with: verifier))
        }
        return TrafficResult(contracts: results, skipped: skipped, otherContracts: otherContracts)
    }

    /// The exchange's verdict; a response the fake backend made for a request that is still invalid is not
    /// checked (see `TrafficEntry.answersInvalidRequest`).
    private static func verify(_ record: TrafficEntry, with verifier: ContractVerifier) -> ExchangeVerdict {
        guard record.answersInvalidRequest else { return verifier.verify(exchange: record.exchange) }
        // Status 0 is no response: only the request is verified.
        let requestOnly = verifier.verify(
            exchange: HTTPExchange(request: record.exchange.request, response: HTTPResponse(status: 0)))
        return requestOnly.request.isValid ? verifier.verify(exchange: record.exchange) : requestOnly
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

/// Verifiers that also accept the base URLs a recording's test declared, made once per contract and set.
private struct VerifierVariants {
    private var made: [String: ContractVerifier] = [:]

    mutating func verifier(_ base: ContractVerifier, index: Int, baseURLs: [String]) -> ContractVerifier {
        let extra = baseURLs.filter { !base.options.baseURLs.contains($0) }
        guard !extra.isEmpty else { return base }
        let key = "\(index) " + extra.joined(separator: " ")
        if let verifier = made[key] { return verifier }
        var options = base.options
        options.baseURLs += extra
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

    /// Documented responses (operation and status key) that the traffic exercised, and how many are documented.
    public var responsesExercised: (exercised: Int, documented: Int) {
        var exercised = 0
        var documented = 0
        for entry in operations {
            for response in entry.operation.responses {
                documented += 1
                if entry.statuses.contains(where: { entry.operation.response(for: $0)?.status == response.status }) {
                    exercised += 1
                }
            }
        }
        return (exercised, documented)
    }

    /// Documented error responses (4XX, 5XX and default) that the traffic exercised, and how many are documented.
    public var errorResponsesExercised: (exercised: Int, documented: Int) {
        var exercised = 0
        var documented = 0
        for entry in operations {
            for response in entry.operation.responses where Self.isError(response.status) {
                documented += 1
                if entry.statuses.contains(where: {
                    $0 >= 400 && entry.operation.response(for: $0)?.status == response.status
                }) {
                    exercised += 1
                }
            }
        }
        return (exercised, documented)
    }

    private static func isError(_ status: Spec.ResponseStatus) -> Bool {
        switch status {
        case .code(let code): code >= 400
        case .range(let digit): digit >= 4
        case .default: true
        }
    }
}
