import Foundation

/// Starts a test's server on a queue of its own and waits until it listens.
///
/// On a queue of its own, so that a test suite filling Swift concurrency's pool does not starve it (see
/// `DedicatedExecutor`).
public enum LoopbackServerTask {
    /// The server stopped before it reported a port.
    public struct NotListening: Error {}

    /// Runs `serve`, which reports its port through its argument once it listens, on an executor named
    /// `label`; returns that port and the task that serves (cancel it to stop the server).
    /// - Throws: `NotListening` when `serve` ends without reporting a port above 0.
    public static func start(
        label: String, _ serve: @escaping @Sendable (@escaping @Sendable (Int) async -> Void) async throws -> Void
    ) async throws -> (port: Int, task: Task<Void, any Error>) {
        let (ports, sink) = AsyncStream.makeStream(of: Int.self)
        let task = Task(executorPreference: DedicatedExecutor(label: label)) {
            defer { sink.finish() }
            try await serve { port in sink.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw NotListening()
        }
        return (port, task)
    }
}
