import ContractVerify
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Converts between Hummingbird's requests and responses and the verifier's.
enum WireConversion {
    /// The verifier's request for what arrived: the mock's own scheme and authority (from `Host`), the
    /// target's path and query as sent, every header field in order, the collected body.
    static func request(_ request: Request, body: ByteBuffer) -> ContractVerify.HTTPRequest {
        var fields: [ContractVerify.HTTPHeaders.Field] = []
        fields.reserveCapacity(request.headers.count)
        for field in request.headers {
            fields.append(.init(name: field.name.rawName, value: field.value))
        }
        let target = request.head.path ?? "/"
        let path: Substring
        let query: Substring?
        if let mark = target.firstIndex(of: "?") {
            path = target[..<mark]
            query = target[target.index(after: mark)...]
        } else {
            path = target[...]
            query = nil
        }
        let authority = request.head.authority
        var host = authority
        var port: Int?
        if let authority, let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            host = String(authority[..<colon])
            port = Int(authority[authority.index(after: colon)...])
        }
        return ContractVerify.HTTPRequest(
            method: request.method.rawValue, scheme: "http", host: host, port: port, path: String(path),
            query: query.map(String.init), headers: HTTPHeaders(fields),
            body: .bytes(Array(buffer: body)))
    }

    /// Hummingbird's response for one of the verifier's, its body sent whole, in `pieces`, or at
    /// `bytesPerSecond`; a `HEAD` request gets the head only.
    static func response(
        _ response: ContractVerify.HTTPResponse, body: Data, pieces: [Data], bytesPerSecond: Int?,
        isHead: Bool, extraHeaders: HTTPFields = [:]
    ) -> Response {
        var fields = HTTPFields()
        for field in response.headers {
            guard let name = HTTPField.Name(field.name), name != .contentLength, name != .transferEncoding
            else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        fields.append(contentsOf: extraHeaders)
        let status = HTTPResponse.Status(code: response.status)
        if isHead || body.isEmpty && pieces.isEmpty {
            if isHead { fields[.contentLength] = String(body.count) }
            return Response(status: status, headers: fields, body: ResponseBody())
        }
        if let bytesPerSecond {
            return Response(status: status, headers: fields, body: throttled(body, bytesPerSecond: bytesPerSecond))
        }
        if !pieces.isEmpty {
            let buffers = pieces.map { ByteBuffer(bytes: $0) }
            return Response(status: status, headers: fields, body: ResponseBody(contentsOf: buffers))
        }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A body sent a tenth of a second's worth at a time.
    private static func throttled(_ body: Data, bytesPerSecond: Int) -> ResponseBody {
        let chunk = max(1, bytesPerSecond / 10)
        return ResponseBody(contentLength: body.count) { writer in
            var offset = 0
            while offset < body.count {
                let end = min(body.count, offset + chunk)
                try await writer.write(ByteBuffer(bytes: body[offset..<end]))
                offset = end
                if offset < body.count { try await Task.sleep(for: .milliseconds(100)) }
            }
            try await writer.finish(nil)
        }
    }
}
