import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An answer an async closure (`Scenario.respond { request async throws in … }`) builds after the request
/// was planned: run in a task of its own, so the closure may wait on anything, the URL loading system
/// included, without holding a URL loading thread.
struct DeferredAnswer: Sendable {
    let build: @Sendable (HTTPRequest) async throws -> HTTPResponse
    let match: RouteMatch
    let request: HTTPRequest
    /// The exchange's number, set when it is recorded.
    var exchange = 0

    /// Runs the closure, completes the recorded exchange with its response (verified) or transport error,
    /// and hands the outcome to `deliver`.
    func resolve(for backend: ContractBackend, _ deliver: @escaping @Sendable (PlannedAnswer.Outcome) -> Void) {
        Task {
            let outcome: PlannedAnswer.Outcome
            do {
                let response = try await build(request)
                let violations = backend.contract.verifier.verifyResponse(response, for: match, request: request)
                backend.completeDeferred(exchange, response: response, stubViolations: violations)
                outcome = .response(ResponseWire(response))
            } catch {
                let code = (error as? URLError)?.code ?? .badServerResponse
                backend.completeDeferred(exchange, failure: code)
                outcome = .failure(code)
            }
            deliver(outcome)
        }
    }
}

extension ContractBackend {
    /// Completes exchange `number` with what an async closure answered, and writes it to the recording.
    func completeDeferred(
        _ number: Int, response: HTTPResponse? = nil, failure: URLError.Code? = nil,
        stubViolations: [ContractViolation] = []
    ) {
        let record = state.withLock { state -> RecordedExchange? in
            guard let index = state.exchanges.lastIndex(where: { $0.number == number }) else { return nil }
            state.exchanges[index].response = response
            state.exchanges[index].failure = failure
            state.exchanges[index].stubViolations = stubViolations
            return state.exchanges[index]
        }
        if let record { persist(record) }
    }
}
