import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// The bytes that pass through the proxy: the client's request as it goes upstream, and the upstream's
/// response as it goes back, each without the fields that belong to one connection.
enum ProxyWire {
    /// The client's request for the upstream: method, target, fields in order and body as they came, with
    /// the upstream's `Host` first (the server hands the client's `Host` over apart from the other fields).
    static func forwarded(_ request: Request, body: ByteBuffer, host: String) -> UpstreamClient.Request {
        let fields = request.headers.map { (name: $0.name.rawName, value: $0.value) }
        let dropped = HopByHopFields.names(connectionValues: request.headers[values: .connection])
            // The upstream client writes the framing of the body it sends.
            .union(["content-length", "host"])
        var headers = [(name: "Host", value: host)]
        headers += fields.filter { !dropped.contains($0.name.lowercased()) }
        let hasBody =
            body.readableBytes > 0 || request.headers[.contentLength] != nil
            || request.headers[.transferEncoding] != nil
        return UpstreamClient.Request(
            method: request.method.rawValue, target: request.head.path ?? "/", headers: headers,
            body: hasBody ? body : nil)
    }

    /// The head of the client's response for the upstream's: its status and its fields in order
    /// (`Content-Length` and `Content-Encoding` included, so the body goes back framed as it came), then
    /// `extraHeaders`.
    static func handedBack(_ upstream: UpstreamClient.Response, extraHeaders: HTTPFields) -> HTTPTypes.HTTPResponse {
        let dropped = HopByHopFields.names(connectionValues: upstream.headers["connection"])
        var fields = HTTPFields()
        for (name, value) in upstream.headers where !dropped.contains(name.lowercased()) {
            guard let fieldName = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        fields.append(contentsOf: extraHeaders)
        let status = HTTPTypes.HTTPResponse.Status(
            code: Int(upstream.status.code), reasonPhrase: upstream.status.reasonPhrase)
        return HTTPTypes.HTTPResponse(status: status, headerFields: fields)
    }
}
