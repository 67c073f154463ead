import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Forwards requests to the real server for `contract-check proxy`: the method, target, headers and
/// body as the client sent them; redirects are handed back to the client, not followed.
final class UpstreamClient: NSObject, URLSessionTaskDelegate, Sendable {
    let upstream: URL
    /// The header fields a hop ends (and `Host`, which the session sets from the upstream's URL).
    static let hopFields: Set<String> = [
        "host", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade",
        "content-length",
    ]

    init(upstream: URL) {
        self.upstream = upstream
    }

    /// The upstream's response to `request`, as the verifier reads it.
    func forward(_ request: HTTPRequest, session: URLSession) async throws -> HTTPResponse {
        var base = upstream.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let target = request.path + (request.query.map { "?" + $0 } ?? "")
        guard let url = URL(string: base + target) else { throw URLError(.badURL) }
        var forwarded = URLRequest(url: url)
        forwarded.httpMethod = request.method
        forwarded.cachePolicy = .reloadIgnoringLocalCacheData
        for field in request.headers where !Self.hopFields.contains(field.name.lowercased()) {
            forwarded.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let bytes = request.body.bytes, !bytes.isEmpty { forwarded.httpBody = Data(bytes) }
        let (data, response) = try await session.data(for: forwarded, delegate: self)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            // The session hands the body decoded; its encoding and length no longer describe it.
            if ["content-encoding", "content-length", "transfer-encoding"].contains(name.lowercased()) { continue }
            headers.add(name, value)
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: HTTPBody(data))
    }

    /// Redirects go back to the client as the upstream sent them.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
