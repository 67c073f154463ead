import HTTPTypes
import HummingbirdCore

/// CORS for browser clients (`--cors`): any origin, method and header the request asks for.
enum CORSHeaders {
    /// The answer to a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`), else `nil`.
    static func preflight(_ request: Request) -> Response? {
        guard request.method == .options, request.headers[.origin] != nil,
            let method = request.headers[.accessControlRequestMethod]
        else { return nil }
        var headers = simple(request)
        headers[.accessControlAllowMethods] = method
        if let asked = request.headers[.accessControlRequestHeaders] {
            headers[.accessControlAllowHeaders] = asked
        }
        headers[.accessControlMaxAge] = "600"
        return Response(status: .noContent, headers: headers)
    }

    /// The headers of an answer to a cross-origin request: its origin allowed, with credentials, and every
    /// response header readable.
    static func simple(_ request: Request) -> HTTPFields {
        var headers = HTTPFields()
        headers[.accessControlAllowOrigin] = request.headers[.origin] ?? "*"
        if request.headers[.origin] != nil {
            headers[.accessControlAllowCredentials] = "true"
            headers[.vary] = "Origin"
        }
        headers[.accessControlExposeHeaders] = "*"
        return headers
    }
}
