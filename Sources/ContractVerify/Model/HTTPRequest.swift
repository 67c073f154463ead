import Foundation

/// A request as the verifier sees it, independent of where it came from (a `URLProtocol`, a HAR file,
/// a server): method, URL parts still percent-encoded, headers and body.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, upper-cased (`GET`).
    public var method: String
    /// `https`, `http`, or `nil` for a request given by path only.
    public var scheme: String?
    /// The host, lower-cased; `nil` for a request given by path only.
    public var host: String?
    /// The port when the URL names one.
    public var port: Int?
    /// The path, still percent-encoded (`/v1/pets/a%20b`); decoding happens per segment, after routing.
    public var path: String
    /// The query after `?`, still percent-encoded, or `nil` when the URL has none.
    public var query: String?
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body.
    public var body: HTTPBody

    /// Creates a request from its parts.
    public init(
        method: String, scheme: String? = nil, host: String? = nil, port: Int? = nil, path: String,
        query: String? = nil, headers: HTTPHeaders = HTTPHeaders(), body: HTTPBody = .empty
    ) {
        self.init(
            method: method, lowercasedScheme: scheme?.lowercasedIfNeeded(), lowercasedHost: host?.lowercasedIfNeeded(),
            port: port, path: path, query: query, headers: headers, body: body)
    }

    /// A request whose scheme and host are lower-cased already (the public initializer lower-cases them
    /// first). The fake backend's request reader calls it directly, having cut both lower-cased from the
    /// URL's text, which saves the public initializer's checks (and the copy of the whole request they
    /// cause) on every request the backend answers.
    package init(
        method: String, lowercasedScheme scheme: String?, lowercasedHost host: String?, port: Int?, path: String,
        query: String?, headers: HTTPHeaders, body: HTTPBody
    ) {
        self.method = method.uppercasedIfNeeded()
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path.isEmpty ? "/" : path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Creates a request for an absolute URL (`https://api.example.com/v1/pets?limit=2`) or a path
    /// (`/v1/pets`); `nil` when the text is not a URL.
    public init?(
        method: String, url: String, headers: HTTPHeaders = HTTPHeaders(), body: HTTPBody = .empty
    ) {
        guard let components = URLComponents(string: url) else { return nil }
        self.init(method: method, components: components, headers: headers, body: body)
    }

    /// Creates a request for a `URL`.
    public init?(method: String, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: HTTPBody = .empty) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        self.init(method: method, components: components, headers: headers, body: body)
    }

    private init(method: String, components: URLComponents, headers: HTTPHeaders, body: HTTPBody) {
        self.init(
            method: method, scheme: components.scheme, host: components.percentEncodedHost, port: components.port,
            path: components.percentEncodedPath, query: components.percentEncodedQuery, headers: headers, body: body)
    }

    /// `GET /v1/pets`: the method and path, without the query (which may carry secrets).
    public var requestLine: String { "\(method) \(path)" }
}
