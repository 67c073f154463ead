import ContractExamples
import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How the fake backend answers an operation: a synthesized response (the default), a canned one, one
/// built by a closure, a transport error, or a sequence of these for successive calls; any of them
/// delayed or sent at a limited rate.
///
/// ```swift
/// backend.stub("getPet", .status(404))
/// backend.stub("listPets", .sequence(.status(503), .status(503), .status(200)))
/// backend.stub("GET /pets/{petId}", .failure(.timedOut))
/// backend.stub("createPet", .respond { request in ContractResponse(status: 201, headers: …, body: …) })
/// backend.stub("listPets", .delayed(by: .milliseconds(200)))
/// backend.stub("listPets", .status(503).delayed(by: .seconds(1)))
/// ```
public struct Scenario: Sendable {
    /// What a scenario answers with.
    enum Answer: Sendable {
        case synthesized(SynthesisChoice)
        case canned(HTTPResponse)
        case closure(@Sendable (HTTPRequest) -> HTTPResponse)
        case asyncClosure(@Sendable (HTTPRequest) async throws -> HTTPResponse)
        case failure(URLError.Code)
        case sequence([Scenario])
    }

    var answer: Answer
    /// Time before the response (or error) is delivered.
    public var delay: Duration
    /// Body bytes per second; `nil` sends the body at once.
    public var bytesPerSecond: Int?

    init(_ answer: Answer, delay: Duration = .zero, bytesPerSecond: Int? = nil) {
        self.answer = answer
        self.delay = delay
        self.bytesPerSecond = bytesPerSecond
    }

    /// The contract's response for `status` (`nil`: the first documented 2xx), with the named example
    /// when given, synthesized from the schemas otherwise, in the given mode (`seed` makes a random one).
    public static func synthesized(
        status: Int? = nil, example: String? = nil, mode: ResponseMode = .full
    ) -> Scenario {
        Scenario(.synthesized(SynthesisChoice(status: status, example: example, mode: mode)))
    }

    /// The contract's response for `status` (`nil`: the first documented 2xx) with a body and headers
    /// generated from its schemas, even where the contract has examples: for drilling a client's decoding
    /// on values it has not seen. `mode: .random(seed:)` gives a different value per seed.
    public static func generated(status: Int? = nil, mode: ResponseMode = .random(seed: 0)) -> Scenario {
        var choice = SynthesisChoice(status: status, example: nil, mode: mode)
        choice.generated = true
        return Scenario(.synthesized(choice))
    }

    /// The contract's response for `status`, synthesized. With `undocumented: true`, a status the operation
    /// does not document is answered too (with no body), for drilling a client's handling of what real
    /// servers send anyway (a 503 from a proxy, say); the test is warned that the status is undocumented
    /// instead of failing with a broken answer.
    public static func status(_ status: Int, undocumented: Bool = false) -> Scenario {
        var choice = SynthesisChoice(status: status, example: nil, mode: .full)
        choice.allowsUndocumented = undocumented
        return Scenario(.synthesized(choice))
    }

    /// The named example of the response for `status` (`nil`: the first documented 2xx).
    public static func example(_ name: String, status: Int? = nil) -> Scenario {
        .synthesized(status: status, example: name)
    }

    /// Exactly this response; the backend still verifies it and reports a contract break as a stub problem.
    public static func response(_ response: HTTPResponse) -> Scenario {
        Scenario(.canned(response))
    }

    /// A canned response from its parts; `json` sets `Content-Type: application/json` unless `headers` has one.
    public static func response(status: Int, headers: HTTPHeaders = HTTPHeaders(), json: String) -> Scenario {
        var headers = headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", "application/json") }
        return .response(HTTPResponse(status: status, headers: headers, body: HTTPBody(text: json)))
    }

    /// A response built from the request (verified like a canned one). The closure runs on a URL loading
    /// thread: it must not block, and must not record test issues itself.
    public static func respond(_ build: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> Scenario {
        Scenario(.closure(build))
    }

    /// A response built by a closure that may wait: call a real server, read a file, use any async API.
    /// It runs in a task of its own, not on a URL loading thread, and is verified like a canned response
    /// once it returns. A closure that throws answers with a transport error: the `URLError` it throws,
    /// else `URLError(.badServerResponse)`.
    ///
    /// ```swift
    /// backend.stub("getPet", .respond { request in try await upstream.response(for: request) })
    /// ```
    public static func respond(
        _ build: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) -> Scenario {
        Scenario(.asyncClosure(build))
    }

    /// A transport error instead of a response (`.timedOut`, `.notConnectedToInternet`, `.networkConnectionLost`…).
    public static func failure(_ code: URLError.Code) -> Scenario {
        Scenario(.failure(code))
    }

    /// One scenario per call, in order; the last one answers every call after it. Every call routed to
    /// the operation counts, including one that breaks the contract (and gets an error answer instead).
    public static func sequence(_ steps: Scenario...) -> Scenario {
        sequence(steps)
    }

    /// One scenario per call, in order; the last one answers every call after it.
    public static func sequence(_ steps: [Scenario]) -> Scenario {
        Scenario(.sequence(steps.flatMap(\.steps)))
    }

    /// The default answer (synthesized from the first documented 2xx), delivered after `delay`:
    /// `backend.stub("getPet", .delayed(by: .milliseconds(300)))`.
    public static func delayed(by delay: Duration) -> Scenario {
        synthesized().delayed(by: delay)
    }

    /// The default answer (synthesized from the first documented 2xx), its body sent at `bytesPerSecond`.
    public static func throttled(bytesPerSecond: Int) -> Scenario {
        synthesized().throttled(bytesPerSecond: bytesPerSecond)
    }

    /// This scenario, delivered after `delay` (cancelled with the task).
    public func delayed(by delay: Duration) -> Scenario {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// This scenario, its body sent at `bytesPerSecond` in small chunks.
    public func throttled(bytesPerSecond: Int) -> Scenario {
        var copy = self
        copy.bytesPerSecond = max(1, bytesPerSecond)
        return copy
    }

    /// The steps of a sequence (a nested sequence is flattened into its parent).
    private var steps: [Scenario] {
        if case .sequence(let steps) = answer { return steps }
        return [self]
    }

    /// The scenario for the `call`-th call (0-based).
    func step(_ call: Int) -> Scenario {
        guard case .sequence(let steps) = answer, let last = steps.last else { return self }
        var step = call < steps.count ? steps[call] : last
        // A delay or limit set on the whole sequence applies to each step that sets none.
        if step.delay == .zero { step.delay = delay }
        if step.bytesPerSecond == nil { step.bytesPerSecond = bytesPerSecond }
        return step
    }
}

/// Which documented response a synthesized answer uses.
struct SynthesisChoice: Sendable, Hashable {
    var status: Int?
    var example: String?
    var mode: ResponseMode
    /// Whether the body and headers are generated from the schemas even where the contract has examples.
    var generated = false
    /// Whether a status the operation does not document is answered anyway (see `Scenario.status`).
    var allowsUndocumented = false

    /// The default scenario's: the first documented 2xx, synthesized in full.
    static let standard = SynthesisChoice(status: nil, example: nil, mode: .full)
}
