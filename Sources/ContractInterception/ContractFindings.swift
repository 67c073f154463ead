import ContractVerify

/// What a test integration reports: the violations and problems recorded since the last report, each
/// with the exact line it fails the test with.
public struct ContractFindings: Sendable {
    /// Requests that broke the contract (errors only; warnings such as an unreadable body are left out).
    public var requestViolations: [ContractViolation]
    /// Responses from stubs (or the contract's own examples) that broke the contract.
    public var stubViolations: [ContractViolation]
    /// Responses from the real server that broke the contract, each with the server's URL.
    public var serverViolations: [ServerViolation] = []
    /// Mistakes in the test's use of the backend.
    public var problems: [BackendProblem]
    /// What the test should know but that does not fail it: request bodies that could not be checked (an
    /// upload task's body is not visible to a `URLProtocol` on Linux), once per operation, and
    /// undocumented statuses the test asked for, once per operation and status. The integrations report
    /// them as warnings.
    public var notes: [String] = []

    /// Whether there is nothing to report.
    public var isEmpty: Bool {
        requestViolations.isEmpty && stubViolations.isEmpty && serverViolations.isEmpty && problems.isEmpty
    }

    /// One line per finding: a request violation as its compiler-style line, a stub's prefixed with
    /// `stub response: `, a server's with `server response from <URL>: `, a problem as
    /// `ContractCheck: <message>`.
    public var messages: [String] {
        requestViolations.map(\.description)
            + stubViolations.map { "stub response: " + $0.description }
            + serverViolations.map(\.description)
            + problems.map { "ContractCheck: " + $0.message }
    }
}

extension ContractBackend {
    /// The findings recorded since the last call, marking them reported; the test integrations call it
    /// from the test's own task, after the test body or at a checkpoint.
    public func takeFindings() -> ContractFindings {
        state.withLock { state in
            let fresh = state.exchanges.indices[state.reportedExchanges...]
            let problems = Array(state.problems[state.reportedProblems...])
            state.reportedExchanges = state.exchanges.count
            state.reportedProblems = state.problems.count
            let unexpected = fresh.filter { !state.expectedExchanges.contains($0) }
            let notes = warningNotes(fresh, &state)
            return ContractFindings(
                requestViolations: unexpected.flatMap { index in
                    state.exchanges[index].requestViolations.filter { $0.severity == .error }
                },
                stubViolations: fresh.flatMap { index in
                    state.exchanges[index].stubViolations.filter { $0.severity == .error }
                },
                serverViolations: fresh.flatMap { index in
                    let exchange = state.exchanges[index]
                    return exchange.serverViolations.filter { $0.severity == .error }.map {
                        ServerViolation(serverURL: exchange.serverURL ?? "", violation: $0)
                    }
                },
                problems: problems, notes: notes)
        }
    }

    /// A note for each operation whose request body could not be read, and for each undocumented status
    /// a stub sent, the first time it happens.
    private func warningNotes(_ fresh: Range<Int>, _ state: inout BackendState) -> [String] {
        var notes: [String] = []
        for index in fresh {
            let exchange = state.exchanges[index]
            guard let operation = exchange.operation else { continue }
            if exchange.requestViolations.contains(where: { $0.kind == .bodyUnavailable }),
                state.reportedWarnings.insert("body \(operation)").inserted
            {
                notes.append(
                    "ContractCheck: \(operation): the request body was not checked, because the URL loading "
                        + "system did not hand it to the backend (an upload task's body, on Linux); send it as the "
                        + "request's httpBody with data(for:) to have it checked")
            }
            if let status = exchange.response?.status,
                exchange.stubViolations.contains(where: { $0.kind == .statusUndocumented && $0.severity == .warning }),
                state.reportedWarnings.insert("status \(status) \(operation)").inserted
            {
                notes.append(
                    "ContractCheck: \(operation): answered with status \(status), which the contract does not "
                        + "document for this operation (the test asked for it with undocumented: true)")
            }
        }
        return notes
    }
}
