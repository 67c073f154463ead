import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Memory safety: `stream.read` writes at most `pointer.count` bytes into the array's buffer, lent for that call.

/// Turns what a `URLProtocol` is given into the verifier's `HTTPRequest`.
enum RequestReader {
    /// The request; the body comes from `httpBody`, else `httpBodyStream`. An upload task's body is not
    /// part of the request on Linux, so without a stream it is `.unavailable` (never "missing").
    static func httpRequest(from request: URLRequest, isUpload: Bool) -> HTTPRequest {
        let headers = Self.headers(request.allHTTPHeaderFields ?? [:])
        let body: HTTPBody
        if !isUpload, let data = request.httpBody {
            body = HTTPBody(data)
        } else if let stream = request.httpBodyStream {
            body = read(stream)
        } else {
            body = isUpload ? .unavailable : .empty
        }
        let method = request.httpMethod ?? "GET"
        guard let url = request.url else { return HTTPRequest(method: method, path: "/", headers: headers, body: body) }
        let text = url.absoluteString
        if let request = HTTPURLText.request(method: method, url: text, headers: headers, body: body) {
            return request
        }
        return httpRequest(method: method, url: url, text: text, headers: headers, body: body)
    }

    /// A request whose URL is not of the plain shape `HTTPURLText` cuts, read with the URL's own accessors,
    /// not `URLComponents` (parsing the URL again cost a tenth of the request). The scheme of an HTTP URL (the
    /// only kind the protocol takes) is read off its text, as `canInit` reads it: `URL.scheme` cut the text
    /// and built a string from it. Not inlined, as `read(_:)` is not: the request path finds its code out of
    /// the processor's caches, and paths it rarely takes, inlined, spread the common one over more lines.
    @inline(never)
    private static func httpRequest(
        method: String, url: URL, text: String, headers: HTTPHeaders, body: HTTPBody
    ) -> HTTPRequest {
        let scheme = ContractURLProtocol.httpScheme(text) ?? url.scheme
        return HTTPRequest(
            method: method, scheme: scheme, host: url.host(percentEncoded: true), port: url.port,
            path: url.path(percentEncoded: true), query: url.query(percentEncoded: true), headers: headers, body: body)
    }

    /// The header fields sorted by name (Foundation keeps them in a dictionary, whose order varies), in one
    /// array.
    static func headers(_ fields: [String: String]) -> HTTPHeaders {
        var list: [HTTPHeaders.Field] = []
        list.reserveCapacity(fields.count)
        for (name, value) in fields { list.append(HTTPHeaders.Field(name: name, value: value)) }
        if list.count > 1 { list.sort { $0.name < $1.name } }
        return HTTPHeaders(list)
    }

    /// Reads a body stream to its end; a stream that fails (`read` returns -1) gives `.unavailable`.
    @inline(never)
    static func read(_ stream: InputStream) -> HTTPBody {
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
                guard let base = pointer.baseAddress else { return -1 }
                return stream.read(base, maxLength: pointer.count)
            }
            if count < 0 { return .unavailable }
            if count == 0 { return .bytes(bytes) }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }
}
