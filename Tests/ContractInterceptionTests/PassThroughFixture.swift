import ContractInterception
import ContractTestServer
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A forwarding backend in front of a real server on 127.0.0.1, started for one test.
struct PassThroughFixture {
    let server: ClinicTestServer
    let backend: ContractBackend
    /// The lines an observing backend reported, one per exchange.
    var observed = Locked<[String]>([])

    /// A server with `behaviour` and a backend that forwards to it in `mode` (built from the server's origin).
    static func start(
        _ behaviour: ClinicTestServer.Behaviour = .keepsContract,
        mode: (URL) -> BackendMode = { .passThrough(to: $0) },
        recording: ExchangeRecording = .off, intercepting scope: InterceptionScope = .everything
    ) async throws -> PassThroughFixture {
        let server = try await ClinicTestServer.start(behaviour)
        let origin = try #require(URL(string: server.origin))
        let backend = try ContractBackend(
            contract: Fixture.contract, recording: recording, mode: mode(origin), intercepting: scope)
        return PassThroughFixture(server: server, backend: backend)
    }

    /// A server with `behaviour` and a backend that reaches it by `route`, taking the requests in `scope`.
    static func start(
        _ behaviour: ClinicTestServer.Behaviour = .keepsContract, route: ServerRoute,
        intercepting scope: InterceptionScope = .everything
    ) async throws -> PassThroughFixture {
        let observed = Locked<[String]>([])
        let observer = ExchangeObserver { exchange in observed.withLock { $0.append(exchange.line) } }
        var fixture = try await start(behaviour, mode: { route.mode($0, reporting: observer) }, intercepting: scope)
        fixture.observed = observed
        if route == .asyncClosure, let origin = URL(string: fixture.server.origin) {
            fixture.backend.stubAll(ServerRoute.fetching(from: origin))
        }
        return fixture
    }

    /// How many exchanges the observer was told of: one per exchange for `.observe`, none otherwise.
    func observedCount() -> Int {
        observed.withLock { $0.count }
    }

    /// The server's requests, as `GET /v1/pets/…`.
    func serverRequests() async -> [String] {
        await server.requests()
    }
}

/// How a backend reaches the real server in the end-to-end tests: forwarding (`.passThrough`), observing
/// (`.observe`, reporting to an observer that keeps each line), or the fake backend with a stub whose async
/// closure fetches from the server with a plain `URLSession` and returns its answer.
enum ServerRoute: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case passThrough
    case observe
    case asyncClosure

    static let forwarding: [ServerRoute] = [.passThrough, .observe]

    var testDescription: String { rawValue }

    /// The backend's mode for a server at `origin`; an observing one reports to `observer`.
    func mode(_ origin: URL, reporting observer: ExchangeObserver = ExchangeObserver { _ in }) -> BackendMode {
        switch self {
        case .passThrough: .passThrough(to: origin)
        case .observe: .observe(to: origin, reporting: observer)
        case .asyncClosure: .fake
        }
    }

    /// A stub that sends the request's method, path, query and headers to `origin` with a session of its
    /// own and answers with the server's response; a transport error is thrown, and so answers as one.
    static func fetching(from origin: URL) -> Scenario {
        .respond { request in
            guard var components = URLComponents(url: origin, resolvingAgainstBaseURL: false) else {
                throw URLError(.badURL)
            }
            components.percentEncodedPath = request.path
            components.percentEncodedQuery = request.query
            guard let url = components.url else { throw URLError(.badURL) }
            var forwarded = URLRequest(url: url)
            forwarded.httpMethod = request.method
            for field in request.headers { forwarded.addValue(field.value, forHTTPHeaderField: field.name) }
            forwarded.httpBody = request.body.bytes.map { Data($0) }
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (data, response) = try await session.data(for: forwarded)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            var headers = HTTPHeaders()
            for case (let name as String, let value as String) in http.allHeaderFields
            where !["content-length", "transfer-encoding", "connection", "date"].contains(name.lowercased()) {
                headers.add(name, value)
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: HTTPBody(data))
        }
    }
}

/// Counts the pieces of a body a data delegate receives, and cancels after the first when asked.
final class PieceCounter: NSObject, URLSessionDataDelegate, Sendable {
    private let state = Locked(State())
    private let cancelsAfterFirstPiece: Bool
    private let finished = AsyncStream<URLError?>.makeStream()

    private struct State {
        var pieces = 0
        var bytes = 0
        var status = 0
        var cancelledAt: ContinuousClock.Instant?
        var endedAt: ContinuousClock.Instant?
    }

    init(cancelsAfterFirstPiece: Bool = false) {
        self.cancelsAfterFirstPiece = cancelsAfterFirstPiece
    }

    var pieces: Int { state.withLock { $0.pieces } }
    var bytes: Int { state.withLock { $0.bytes } }
    var status: Int { state.withLock { $0.status } }
    /// From cancelling the task to the session reporting its end, timed on the session's delegate queue: a
    /// test task that awaits the end may resume much later while other suites keep every thread busy.
    var cancellationTook: Duration? {
        state.withLock { state in
            guard let cancelled = state.cancelledAt, let ended = state.endedAt else { return nil }
            return ended - cancelled
        }
    }

    /// Waits for the task's end; its error, if any.
    func end() async -> URLError? {
        var iterator = finished.stream.makeAsyncIterator()
        return await iterator.next() ?? nil
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { $0.status = (response as? HTTPURLResponse)?.statusCode ?? -1 }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let first = state.withLock { state in
            state.pieces += 1
            state.bytes += data.count
            return state.pieces == 1
        }
        if first, cancelsAfterFirstPiece {
            state.withLock { $0.cancelledAt = .now }
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { $0.endedAt = .now }
        finished.continuation.yield(error.map { ($0 as? URLError) ?? URLError(.unknown) })
        finished.continuation.finish()
    }
}
