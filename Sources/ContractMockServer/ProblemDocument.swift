import ContractJSON
import NIOCore

/// A problem document (RFC 9457) the mock server writes about the traffic itself, rather than about a
/// contract: the control API's refusals, a body over the limit, bytes that are not HTTP.
enum ProblemDocument {
    static let contentType = "application/problem+json"

    /// The document's bytes, written by `JSONWriter` so that a detail quoting the client is escaped.
    static func body(status: Int, title: String, detail: String) -> ByteBuffer {
        let document: JSONValue = .object([
            "type": "about:blank", "title": .string(title), "status": .number(JSONNumber(status)),
            "detail": .string(detail),
        ])
        return ByteBuffer(bytes: JSONWriter.bytes(from: document))
    }
}
