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

    /// A server with `behaviour` and a backend that forwards to it in `mode` (built from the server's origin).
    static func start(
        _ behaviour: ClinicTestServer.Behaviour = .keepsContract,
        mode: (URL) -> BackendMode = { .passThrough(to: $0) },
        recording: ExchangeRecording = .off
    ) async throws -> PassThroughFixture {
        let server = try await ClinicTestServer.start(behaviour)
        let origin = try #require(URL(string: server.origin))
        let backend = try ContractBackend(contract: Fixture.contract, recording: recording, mode: mode(origin))
        return PassThroughFixture(server: server, backend: backend)
    }

    /// The server's requests, as `GET /v1/pets/…`.
    func serverRequests() async -> [String] {
        await server.requests()
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
    }

    init(cancelsAfterFirstPiece: Bool = false) {
        self.cancelsAfterFirstPiece = cancelsAfterFirstPiece
    }

    var pieces: Int { state.withLock { $0.pieces } }
    var bytes: Int { state.withLock { $0.bytes } }
    var status: Int { state.withLock { $0.status } }

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
        if first, cancelsAfterFirstPiece { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finished.continuation.yield(error.map { ($0 as? URLError) ?? URLError(.unknown) })
        finished.continuation.finish()
    }
}
