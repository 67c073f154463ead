/// What a backend's tests change while it runs: stubs, call counts, the exchange log. Lives behind a lock.
struct BackendState {
    /// Stubs by operation key.
    var scenarios: [String: Scenario] = [:]
    /// The scenario of operations without a stub of their own (`nil`: synthesized).
    var fallback: Scenario?
    /// Calls answered so far, by operation index (`RouteMatch.operationIndex`; a sequence picks its step
    /// from this). Grown on the first call of an operation past its end; missing counts are 0.
    var calls: [Int] = []
    /// Every exchange, in the order requests arrived.
    var exchanges: [RecordedExchange] = []
    /// How many exchanges were ever recorded (`reset()` keeps the count).
    var recorded = 0
    /// Mistakes in the test's use of the backend.
    var problems: [BackendProblem] = []
    /// How many exchanges and problems `takeFindings()` has handed out.
    var reportedExchanges = 0
    var reportedProblems = 0
    /// Positions in `exchanges` whose request violations a test expected (`expectViolations`): not reported.
    var expectedExchanges: Set<Int> = []
    /// The warnings a test was told about (an operation's unchecked body, an undocumented status it asked
    /// for), each once.
    var reportedWarnings: Set<String> = []
    /// The operations requested so far, by index (`RouteMatch.operationIndex`): the first request of each
    /// reports the operation's schemas that do not compile.
    var requestedOperations: Set<Int> = []
    /// The test using the backend, for recordings.
    var testLocation: String?
    /// Changes made to each request before it is verified, in order.
    var requestModifiers: [RequestModifier] = []
    /// Changes made to each forwarded response before it is verified, in order.
    var responseModifiers: [ResponseModifier] = []
    /// The responses a caching pass-through backend answers repeated GETs with.
    var cache = ResponseCache()
    /// Whether a folder the backend cannot record in was reported (once per backend).
    var reportedRecordingFailure = false

    /// The number of calls to the operation at `index` before this one, counting this one.
    mutating func countCall(_ index: Int) -> Int {
        if index >= calls.count { calls.append(contentsOf: repeatElement(0, count: index + 1 - calls.count)) }
        defer { calls[index] += 1 }
        return calls[index]
    }
}
