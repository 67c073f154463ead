import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// Forwards requests to the real server for `contract-check proxy` and hands back its responses as they
/// arrived: AsyncHTTPClient over HTTP/1.1, with no decompression, no redirects followed (a 3xx goes back
/// to the client), no cookie store and no fields of its own beside the body's framing.
final class UpstreamClient: Sendable {
    /// A request as it goes to the upstream.
    struct Request: Sendable {
        /// The method as the client sent it.
        var method: String
        /// The path and query as the client sent them.
        var target: String
        /// The client's fields in their order, without the hop-by-hop ones; `Host` is the upstream's.
        var headers: [(name: String, value: String)]
        /// The client's body, `nil` when it sent none.
        var body: ByteBuffer?
    }

    /// A response as the upstream sent it.
    struct Response: Sendable {
        /// The status code and reason.
        var status: HTTPResponseStatus
        /// Every field in the upstream's order and spelling, framing fields included.
        var headers: HTTPHeaders
        /// The body's bytes as they come over the wire (still compressed when the upstream compressed it),
        /// read as the proxy hands them on.
        var body: HTTPClientResponse.Body
    }

    /// Why the proxy cannot start.
    struct SetupError: Error, CustomStringConvertible {
        /// What went wrong, in words.
        let description: String
    }

    /// The real server; request targets are appended to it.
    let upstream: URL
    /// The value of the `Host` field sent upstream: its host, and its port when not the scheme's default.
    let host: String
    private let client: HTTPClient

    /// A client for `upstream` that, beside the system's trust roots, trusts the PEM certificates in
    /// `trustedCertificates` (a test server's own CA or self-signed certificate).
    init(upstream: URL, trustedCertificates: String? = nil) throws(SetupError) {
        self.upstream = upstream
        host = Self.authority(of: upstream)
        var tls = TLSConfiguration.makeClientConfiguration()
        if let trustedCertificates {
            do {
                let certificates = try NIOSSLCertificate.fromPEMFile(trustedCertificates)
                guard !certificates.isEmpty else { throw SetupError(description: "no certificate in it") }
                tls.additionalTrustRoots = [.certificates(certificates)]
            } catch {
                throw SetupError(description: "cannot read the certificates in \(trustedCertificates): \(error)")
            }
        }
        // A minute without a byte from the upstream ends the exchange with 502.
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(60)), decompression: .disabled)
        // The client is served over HTTP/1.1, so the upstream is asked in HTTP/1.1 too: field names keep
        // their spelling and the body its framing.
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// The upstream's response to `request`, once its head has arrived.
    func forward(_ request: Request) async throws -> Response {
        var base = upstream.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var outgoing = HTTPClientRequest(url: base + request.target)
        outgoing.method = HTTPMethod(rawValue: request.method)
        outgoing.headers = HTTPHeaders(request.headers.map { ($0.name, $0.value) })
        if let body = request.body { outgoing.body = .bytes(body) }
        let response = try await client.execute(outgoing, deadline: .distantFuture)
        return Response(status: response.status, headers: response.headers, body: response.body)
    }

    /// Closes the connections to the upstream; the proxy calls it once it has stopped serving.
    func shutdown() async throws {
        try await client.shutdown()
    }

    /// `host` or `host:port` of `url`, the port only when it is not the scheme's default.
    private static func authority(of url: URL) -> String {
        var host = url.host ?? ""
        if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
        guard let port = url.port else { return host }
        let scheme = url.scheme?.lowercased()
        if (scheme == "http" && port == 80) || (scheme == "https" && port == 443) { return host }
        return "\(host):\(port)"
    }
}
