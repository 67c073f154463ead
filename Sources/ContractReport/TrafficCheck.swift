import ContractJSON
import ContractSpec
import ContractVerify
import Foundation

/// Verifies recorded traffic against one or more contracts: each exchange goes to the contract whose
/// servers its URL matches (the first, in the order given); exchanges that no contract's servers
/// match are skipped and counted.
package struct TrafficCheck: Sendable {
    /// A contract with its verifier.
    package struct Contract: Sendable {
        /// The loaded contract.
        package var document: Spec.Document
        /// Its verifier.
        package var verifier: ContractVerifier

        /// Pairs a contract with its verifier.
        package init(document: Spec.Document, verifier: ContractVerifier) {
            self.document = document
            self.verifier = verifier
        }
    }

    /// The contracts, in the order exchanges are offered to them.
    package var contracts: [Contract]

    /// Creates a check.
    package init(contracts: [Contract]) {
        self.contracts = contracts
    }

    /// Verifies every exchange. A recording that names its contract is verified against that contract
    /// only (with the options its test used), or set aside when this check does not include it; any
    /// other exchange goes to the first contract whose servers match its URL. For traffic read from
    /// files, `TrafficVerification` verifies each exchange as it is read instead.
    package func run(_ records: [TrafficEntry]) -> TrafficResult {
        var verification = TrafficVerification(self)
        for record in records { verification.verify(record) }
        return verification.result
    }

    /// The contract an exchange is verified against, by its position in `contracts`, with the route its
    /// verifier found when servers chose the contract (so that verifying does not route again); `nil` when
    /// no contract's servers match its URL, or when it is a recording of a contract this check does not
    /// include (then `isRecordingOfOtherContract`).
    func contractIndex(for record: TrafficEntry, files: inout ContractFileNames) -> (
        index: Int?, route: RouteResult?, isRecordingOfOtherContract: Bool
    ) {
        if let recorded = record.contract {
            let named = files.index(named: recorded)
            return (named, nil, named == nil)
        }
        for (index, contract) in contracts.enumerated() {
            let route = contract.verifier.route(record.exchange.request)
            if case .serverNotFound = route { continue }
            return (index, route, false)
        }
        return (nil, nil, false)
    }
}

/// What a traffic check found.
package struct TrafficResult: Sendable {
    /// One result per contract, in the order the contracts were given.
    package var contracts: [ContractTrafficResult]
    /// How many exchanges matched no contract's servers.
    package var skippedExchanges = 0
    /// How many recorded exchanges were made against each contract this check does not include (a
    /// test's own fixture contract), by the contract's path as the recording names it.
    package var otherContracts: [String: Int] = [:]

    /// Every violation found, across contracts.
    package var violations: [ContractViolation] {
        contracts.flatMap { $0.operations.flatMap { $0.findings.map(\.violation) } + $0.unrouted.map(\.violation) }
    }

    /// Whether any violation is an error.
    package var hasErrors: Bool { violations.contains { $0.severity == .error } }
}

/// One violation with where its exchange was read: the exchange itself is not kept, so a run over
/// millions of exchanges holds only its findings.
package struct Finding: Sendable {
    /// The violation.
    package var violation: ContractViolation
    /// Where the exchange was read: a HAR entry or a recording line.
    package var source: SourceLocation
    /// The test that sent the exchange, for recordings.
    package var test: String?
}

/// Traffic results for one contract, per operation in document order.
package struct ContractTrafficResult: Sendable {
    /// One operation's share of the traffic.
    package struct Operation: Sendable {
        /// The operation.
        package var operation: Spec.Operation
        /// Exchanges that reached it.
        package var exchanges = 0
        /// Status codes it answered with.
        package var statuses: Set<Int> = []
        /// Its violations.
        package var findings: [Finding] = []
        /// Seconds its exchanges took, as recorded.
        package var time = 0.0
    }

    /// The contract.
    package var document: Spec.Document
    /// Every operation, exercised or not, in document order.
    package var operations: [Operation]
    /// Violations of requests that matched no path or method of the contract.
    package var unrouted: [Finding] = []
    /// Exchanges verified against this contract.
    package var exchanges = 0
    /// The position in `operations` of each operation, by method and path: an exchange costs a lookup,
    /// not a search through a contract's thousands of operations.
    private let operationIndex: [String: Int]

    init(document: Spec.Document) {
        self.document = document
        self.operations = document.operations.map { Operation(operation: $0) }
        var operationIndex: [String: Int] = [:]
        for (index, operation) in document.operations.enumerated() {
            operationIndex[Self.key(operation)] = operationIndex[Self.key(operation)] ?? index
        }
        self.operationIndex = operationIndex
    }

    private static func key(_ operation: Spec.Operation) -> String {
        operation.method + " " + operation.path
    }

    mutating func add(_ record: TrafficEntry, verdict: ExchangeVerdict) {
        exchanges += 1
        let findings = verdict.violations.map { Finding(violation: $0, source: record.source, test: record.test) }
        guard let matched = verdict.request.operation, let index = operationIndex[Self.key(matched)] else {
            unrouted += findings
            return
        }
        operations[index].exchanges += 1
        if record.hasResponse { operations[index].statuses.insert(record.exchange.response.status) }
        operations[index].findings += findings
        operations[index].time += record.duration ?? 0
    }

    /// Operations exercised at least once.
    package var exercised: Int { operations.filter { $0.exchanges > 0 }.count }

    /// A documented response: its operation (`displayName`) and status key (`200`, `4XX`, `default`).
    package struct ResponseKey: Sendable, Hashable {
        /// The operation's `operationId`, else `METHOD /path`.
        package var operation: String
        /// The status key as the contract writes it.
        package var status: String

        /// Names a documented response.
        package init(operation: String, status: String) {
            self.operation = operation
            self.status = status
        }
    }

    /// The documented responses the traffic exercised (any status the key covers was answered), and those
    /// of the error responses (4XX, 5XX and `default`) exercised with an error status (400 and above), in
    /// document order. Kept by key so that the coverage of shards adds up without counting twice.
    package var exercisedResponses: (all: [ResponseKey], errors: [ResponseKey]) {
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
    package var responsesExercised: (exercised: Int, documented: Int) {
        (exercisedResponses.all.count, operations.reduce(0) { $0 + $1.operation.responses.count })
    }

    /// Documented error responses (4XX, 5XX and default) that the traffic exercised, and how many are documented.
    package var errorResponsesExercised: (exercised: Int, documented: Int) {
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
