import AsyncHTTPClient
import NIOCore

/// The start of an upstream's body: all of it when it fits the limit, otherwise the first bytes past it.
struct ReceivedBody {
    /// The bytes read.
    var bytes = ByteBuffer()
    /// Whether the body ended within the limit.
    var isComplete = false

    /// Reads `body` until it ends or more than `limit` bytes have arrived; the rest stays in `body`.
    static func read(
        from body: inout HTTPClientResponse.Body.AsyncIterator, limit: Int
    ) async throws -> ReceivedBody {
        var received = ReceivedBody()
        while received.bytes.readableBytes <= limit {
            guard var chunk = try await body.next() else {
                received.isComplete = true
                break
            }
            received.bytes.writeBuffer(&chunk)
        }
        return received
    }
}
