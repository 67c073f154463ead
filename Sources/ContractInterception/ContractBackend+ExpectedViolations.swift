import ContractVerify

extension ContractBackend {
    /// Runs `body`, whose requests are expected to break the contract, and returns the request
    /// violations they caused. Those violations are expected: the test integrations (the `.contract`
    /// trait, `contractBackend(_:)`, `checkpoint()`) do not fail the test with them. When the requests
    /// sent during `body` break no rule, that is recorded as a problem naming the caller's line, and the
    /// test fails.
    ///
    /// ```swift
    /// let violations = await backend.expectViolations {
    ///     _ = try? await client.pet(id: petID)  // a client that forgets its credentials
    /// }
    /// #expect(violations.map(\.kind) == [.security])
    /// ```
    ///
    /// Violations recorded before the call are reported as usual; a stub's broken response is never
    /// expected (it is the test's own mistake). Errors thrown by `body` are rethrown after its
    /// violations are taken.
    @discardableResult
    public func expectViolations(
        fileID: StaticString = #fileID, line: UInt = #line, during body: () async throws -> Void
    ) async rethrows -> [ContractViolation] {
        let first = state.withLock { $0.exchanges.count }
        do {
            try await body()
        } catch {
            _ = takeExpectedViolations(since: first, fileID: fileID, line: line)
            throw error
        }
        return takeExpectedViolations(since: first, fileID: fileID, line: line)
    }

    /// Marks the request violations of the exchanges from `first` on as expected and returns them; with
    /// none, records a problem at the caller's line.
    private func takeExpectedViolations(since first: Int, fileID: StaticString, line: UInt) -> [ContractViolation] {
        state.withLock { state in
            // A `reset()` inside the body starts the log again.
            let start = min(first, state.exchanges.count)
            let caused = state.exchanges[start...].flatMap { exchange in
                exchange.requestViolations.filter { $0.severity == .error }
            }
            state.expectedExchanges.formUnion(start..<state.exchanges.count)
            if caused.isEmpty {
                state.problems.append(
                    BackendProblem(
                        message: "\(fileID):\(line): expectViolations: the requests sent in its body broke no rule "
                            + "of the contract (\(state.exchanges.count - start) exchanges)"))
            }
            return caused
        }
    }
}
