import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ContractBackend {
    /// Adds request modifiers, run in order (after those added before) on every request before it is
    /// verified and answered or forwarded: a header injected here counts as the client's.
    public func modifyRequests(_ modifiers: RequestModifier...) {
        state.withLock { $0.requestModifiers += modifiers }
    }

    /// Adds response modifiers, run in order on every response from the real server (in a forwarding mode)
    /// before it is verified and delivered.
    public func modifyResponses(_ modifiers: ResponseModifier...) {
        state.withLock { $0.responseModifiers += modifiers }
    }

    var requestModifiers: [RequestModifier] {
        state.withLock { $0.requestModifiers }
    }

    var responseModifiers: [ResponseModifier] {
        state.withLock { $0.responseModifiers }
    }

    /// The verdict on a request this backend forwards, or `nil` when it answers the request itself: in the
    /// fake mode, and in the pass-through mode for operations with a stub (or every operation after
    /// `stubAll`).
    func forwardingVerdict(for request: HTTPRequest) -> RequestVerdict? {
        guard mode.forwards else { return nil }
        let verdict = contract.verifier.verifyRequest(request)
        if mode.kind == .passThrough, let match = verdict.route.match {
            let key = contract.key(match)
            let stubbed = state.withLock { $0.scenarios[key] != nil || $0.fallback != nil }
            if stubbed { return nil }
        }
        return verdict
    }

    /// Records a forwarded exchange (each hop of a redirect is one), writes it to the recording and hands
    /// it to the observer of an observing backend.
    @discardableResult
    func recordForwarded(
        request: HTTPRequest, verdict: RequestVerdict, response: HTTPResponse?, failure: URLError.Code?,
        serverURL: String?, receivedAt: Date, wasCancelled: Bool, serverViolations: [ContractViolation] = [],
        source: RecordedExchange.Source = .forwarded
    ) -> Int {
        let match = verdict.route.match
        var record = RecordedExchange(
            .init(
                request: request, operation: match.map(contract.reference), response: response, failure: failure,
                source: source, requestViolations: verdict.violations, stubViolations: [],
                receivedAt: receivedAt, scheduledDelay: .zero, wasCancelled: wasCancelled,
                operationKey: match.map(contract.key), number: 0, serverViolations: serverViolations,
                serverURL: serverURL))
        let number = keep(&record, operationIndex: match?.operationIndex)
        persist(record)
        if let observer = mode.observer {
            let seconds = Date().timeIntervalSince(receivedAt)
            let duration = Duration.milliseconds(Int((seconds * 1000).rounded()))
            let verifier = contract.verifier
            let line = ObservationLine.line(for: record, duration: duration, verifier: verifier)
            observer.report(ObservedExchange(exchange: record, duration: duration, line: line, verifier: verifier))
        }
        return number
    }

    /// The answer from the response cache for a request a caching backend has seen answered, recorded
    /// with the source `.cached`; `nil` when it is to be forwarded.
    func cachedAnswer(for request: HTTPRequest, verdict: RequestVerdict) -> PlannedAnswer? {
        guard mode.caches, let response = state.withLock({ $0.cache.response(for: request) }) else { return nil }
        return answer(fromCache: response, for: request, verdict: verdict)
    }

    /// `response`, kept by a cache (the backend's or the client session's), as the answer to `request`: verified
    /// as the server's and recorded with the source `.cached`.
    func answer(fromCache response: HTTPResponse, for request: HTTPRequest, verdict: RequestVerdict) -> PlannedAnswer {
        let violations =
            verdict.route.match.map { contract.verifier.verifyResponse(response, for: $0, request: request) } ?? []
        let number = recordForwarded(
            request: request, verdict: verdict, response: response, failure: nil, serverURL: nil,
            receivedAt: Date(), wasCancelled: false, serverViolations: violations, source: .cached)
        return PlannedAnswer(
            outcome: .response(ResponseWire(response)), delay: .zero, bytesPerSecond: nil, exchange: number)
    }

    /// Keeps the server's response for later requests, when the backend caches.
    func cache(_ response: HTTPResponse, for request: HTTPRequest) {
        guard mode.caches else { return }
        state.withLock { $0.cache.store(response, for: request) }
    }
}
