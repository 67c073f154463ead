import ContractSpec
import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the protocol (or the mock server) is to send, and when.
package struct PlannedAnswer: Sendable {
    package enum Outcome: Sendable {
        /// The response, ready for the client (`ResponseWire.response` is the response itself).
        case response(ResponseWire)
        case failure(URLError.Code)
    }

    package var outcome: Outcome
    package var delay: Duration
    package var bytesPerSecond: Int?
    /// The exchange's number, to mark it cancelled.
    package var exchange: Int
    /// An async closure still to build the response (`outcome` is a placeholder until it has).
    var deferred: DeferredAnswer? = nil
    /// The request's violations and the answer's, as recorded.
    package var violations: [ContractViolation] = []
}

/// The answer as `plan` gathers it, before the exchange is recorded (with the request, last, so that the
/// request moves into the record).
struct AnswerDraft {
    var response: HTTPResponse?
    var failure: URLError.Code?
    var source = RecordedExchange.Source.unmatched
    var stubViolations: [ContractViolation] = []
    /// The response ready for the client, when a cached synthesized answer has one.
    var wire: ResponseWire?
    /// An async closure that builds the response after `plan` returns.
    var deferred: DeferredAnswer?
}

extension ContractBackend {
    /// Verifies a request, chooses and verifies the answer, and records the exchange. Runs on the URL
    /// loading thread and only records: reporting happens later, from the test's own task.
    func plan(for urlRequest: URLRequest, isUpload: Bool) -> PlannedAnswer {
        plan(for: RequestReader.httpRequest(from: urlRequest, isUpload: isUpload))
    }

    /// The same for a request already read. The request is consumed: it moves into the recorded exchange
    /// (a copy retained each of its fields). The mock server answers over HTTP with it too.
    package func plan(for request: consuming HTTPRequest) -> PlannedAnswer {
        let receivedAt = Date()
        // The stored verifier, not the `verifier` property: that returns a copy (a retain per field).
        let verdict = contract.verifier.verifyRequest(request)
        // The match taken out once: each `verdict.route.match` copies the operation.
        let match = verdict.route.match
        let operationKey = match.map(contract.key)
        var draft = AnswerDraft()
        var delay = Duration.zero
        var bytesPerSecond: Int?
        if let match, let operationKey {
            var step: Scenario.Answer?
            takeScenario(for: operationKey, index: match.operationIndex) { scenario in
                delay = scenario.delay
                bytesPerSecond = scenario.bytesPerSecond
                step = scenario.answer
            }
            if !verdict.isValid {
                answerInvalid(verdict, match: match, into: &draft)
            } else if let step {
                answer(step, match: match, request: request, into: &draft)
            } else {
                answerSynthesized(.standard, match: match, request: request, into: &draft)
            }
        } else {
            answerUnmatched(verdict, into: &draft)
        }
        let outcome: PlannedAnswer.Outcome =
            if let failure = draft.failure { .failure(failure) } else {
                .response(draft.wire ?? ResponseWire(draft.response ?? HTTPResponse(status: 500)))
            }
        var record = RecordedExchange(
            .init(
                request: request, operation: match.map(contract.reference), response: draft.response,
                failure: draft.failure, source: draft.source, requestViolations: verdict.violations,
                stubViolations: draft.stubViolations, receivedAt: receivedAt,
                scheduledDelay: delay + transferTime(draft.response, bytesPerSecond: bytesPerSecond),
                wasCancelled: false, operationKey: operationKey, number: 0))
        let number = keep(&record, operationIndex: match?.operationIndex)
        let violations = verdict.violations + draft.stubViolations
        guard var deferred = draft.deferred else {
            persist(record)
            return PlannedAnswer(
                outcome: outcome, delay: delay, bytesPerSecond: bytesPerSecond, exchange: number,
                violations: violations)
        }
        // Recorded when the closure has answered.
        deferred.exchange = number
        return PlannedAnswer(
            outcome: outcome, delay: delay, bytesPerSecond: bytesPerSecond, exchange: number, deferred: deferred,
            violations: violations)
    }

    /// Numbers an exchange and keeps it for the test. The first exchange of an operation also reports the
    /// operation's schemas that do not compile, which a backend learns only when it first uses them.
    func keep(_ record: inout RecordedExchange, operationIndex: Int?) -> Int {
        let (number, isFirstUse) = state.withLock { state in
            state.recorded += 1
            record.number = state.recorded
            state.exchanges.append(record)
            let isFirstUse = operationIndex.map { state.requestedOperations.insert($0).inserted } ?? false
            return (state.recorded, isFirstUse)
        }
        if isFirstUse, let operationIndex {
            for problem in contract.schemaProblems(ofOperationAt: operationIndex) { recordProblem(problem) }
        }
        return number
    }

    /// Marks an exchange as cancelled by the client (by number, so a `reset()` in between marks nothing).
    func markCancelled(_ number: Int) {
        state.withLock { state in
            if let index = state.exchanges.lastIndex(where: { $0.number == number }) {
                state.exchanges[index].wasCancelled = true
            }
        }
    }

    /// Counts the call and hands `take` the step of the operation's scenario it gets; does not call it for
    /// the default (a synthesized answer, at once), when the backend has no stubs and no fallback. `key` and
    /// `index` name the same operation. A closure rather than an optional result: an optional scenario
    /// handed back was copied out and destroyed on every request, also when it was `nil`.
    private func takeScenario(for key: String, index: Int, _ take: (borrowing Scenario) -> Void) {
        state.withLock { state in
            // Calls are counted by the operation's index (a hashed key cost more than the rest of this);
            // most tests stub a few operations or none, so the stubs are looked up only when there are any,
            // and without any there is no scenario to make.
            let call = state.countCall(index)
            if state.scenarios.isEmpty, case .none = state.fallback { return }
            let stub = state.scenarios.isEmpty ? nil : state.scenarios[key]
            take((stub ?? state.fallback ?? .synthesized()).step(call))
        }
    }

    /// Answers with a synthesized response as `choice` says; when it names neither status nor example,
    /// Prism's `Prefer` header may pick the response. Most requests get only this (the default scenario).
    private func answerSynthesized(
        _ choice: SynthesisChoice, match: RouteMatch, request: HTTPRequest, into record: inout AnswerDraft
    ) {
        var choice = choice
        if choice.status == nil, choice.example == nil, let prefer = PreferHeader(request.headers) {
            choice.status = prefer.code
            choice.example = prefer.example
            choice.generated = choice.generated || prefer.dynamic
        }
        record.source = .synthesized
        synthesize(choice, match: match, request: request, into: &record)
    }

    /// Answers as a stub's step says. Not inlined, like every answer but the synthesized one: the request
    /// path finds most of its code out of the processor's caches, a cost for each piece of code it fetches, and the stub cases
    /// inlined in `plan` spread its common path over twice the lines.
    @inline(never)
    private func answer(
        _ scenario: Scenario.Answer, match: RouteMatch, request: HTTPRequest, into record: inout AnswerDraft
    ) {
        switch scenario {
        case .synthesized(let chosen):
            answerSynthesized(chosen, match: match, request: request, into: &record)
        case .canned(let response):
            record.source = .canned
            record.response = response
            record.stubViolations = contract.verifier.verifyResponse(response, for: match, request: request)
        case .closure(let build):
            record.source = .closure
            let response = build(request)
            record.response = response
            record.stubViolations = contract.verifier.verifyResponse(response, for: match, request: request)
        case .asyncClosure(let build):
            record.source = .closure
            record.deferred = DeferredAnswer(build: build, match: match, request: request)
        case .failure(let code):
            record.source = .failure
            record.failure = code
        case .sequence:
            // `step(_:)` never returns a sequence; an empty one answers like the default, without `Prefer`.
            record.source = .synthesized
            synthesize(.standard, match: match, request: request, into: &record)
        }
    }

    private func synthesize(
        _ choice: SynthesisChoice, match: RouteMatch, request: HTTPRequest,
        into record: inout AnswerDraft
    ) {
        if choice.allowsUndocumented, let status = choice.status, match.operation.response(for: status) == nil {
            answerUndocumented(status, match: match, request: request, into: &record)
            return
        }
        let accept = request.headers["Accept"]
        let streams = contract.synthesis.asksToStream(
            request, operation: match.operation, operationIndex: match.operationIndex)
        switch contract.synthesis.answer(
            for: match.operation, operationIndex: match.operationIndex, choice: choice, accept: accept,
            streams: streams)
        {
        case .success(var answer):
            record.response = answer.response
            record.wire = answer.wire
            if answer.isClean != true {
                record.stubViolations = contract.verifier.verifyResponse(
                    answer.response, for: match, request: request)
                if answer.isClean == nil {
                    answer.isClean = record.stubViolations.isEmpty
                    contract.synthesis.store(
                        answer, operationIndex: match.operationIndex, choice: choice, accept: accept,
                        streams: streams)
                }
            }
        case .failure(let failure):
            let message = "\(match.operation.method) \(match.operation.path): \(failure.message)"
            recordProblem(message)
            // Said in the answer too, for clients of the mock server, which see no problem list.
            record.response = ProblemResponse.make(
                status: 500, title: "The backend could not build a response", violations: [],
                detail: message + "; stub this operation's answer, or give its response a valid example")
        }
    }

    /// A status the operation does not document, which the test asked for: sent with no body; its
    /// violation is a warning, since the test chose it.
    @inline(never)
    private func answerUndocumented(
        _ status: Int, match: RouteMatch, request: HTTPRequest, into record: inout AnswerDraft
    ) {
        let response = HTTPResponse(status: status)
        record.response = response
        record.stubViolations = contract.verifier.verifyResponse(response, for: match, request: request).map {
            var violation = $0
            violation.severity = .warning
            return violation
        }
    }

    /// The 404 or 405 for a request no operation matches.
    @inline(never)
    private func answerUnmatched(_ verdict: RequestVerdict, into record: inout AnswerDraft) {
        record.response = ProblemResponse.unmatched(verdict.route, violations: verdict.violations)
    }

    /// The contract's own error response for what the request broke, synthesized with the status
    /// `ErrorStatusChoice` picks (a documented code or range, else `default` with that status), else the
    /// backend's problem+json. The answer is not verified: it answers a request already reported, and a
    /// second violation about it would only repeat the first.
    @inline(never)
    private func answerInvalid(
        _ verdict: RequestVerdict, match: RouteMatch, into record: inout AnswerDraft
    ) {
        record.source = .invalidRequest
        let choice = ErrorStatusChoice(violations: verdict.violations, responses: match.operation.responses)
        if choice.isDocumented,
            case .success(let answer) = contract.synthesis.answer(
                for: match.operation, operationIndex: match.operationIndex,
                choice: SynthesisChoice(status: choice.status, example: nil, mode: .full), accept: nil)
        {
            record.response = answer.response
            record.wire = answer.wire
            return
        }
        record.response = ProblemResponse.make(
            status: choice.status, title: "The request breaks the contract", violations: verdict.violations)
    }

    private func transferTime(_ response: HTTPResponse?, bytesPerSecond: Int?) -> Duration {
        guard let bytesPerSecond, let count = response?.body.bytes?.count else { return .zero }
        return .milliseconds(count * 1000 / max(bytesPerSecond, 1))
    }
}
