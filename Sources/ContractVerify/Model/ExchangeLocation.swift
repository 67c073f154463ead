/// Where in an exchange a violation is: `request.query(limit)`, `response(200).body`.
public enum ExchangeLocation: Hashable, Sendable, CustomStringConvertible {
    /// A part of the request.
    case request(RequestPart)
    /// A part of the response with this status.
    case response(status: Int, ResponsePart)

    /// A part of a request.
    public enum RequestPart: Hashable, Sendable {
        /// The URL as a whole (routing).
        case url
        /// The method.
        case method
        /// A path parameter.
        case path(String)
        /// A query parameter.
        case query(String)
        /// The whole query string (OpenAPI 3.2 `querystring`).
        case querystring
        /// A header.
        case header(String)
        /// A cookie.
        case cookie(String)
        /// The credentials.
        case security
        /// The body.
        case body
        /// One field (form) or part (multipart) of the body.
        case bodyPart(String)
    }

    /// A part of a response.
    public enum ResponsePart: Hashable, Sendable {
        /// The status code.
        case status
        /// A header.
        case header(String)
        /// The `Content-Type`.
        case contentType
        /// The body.
        case body
    }

    /// The code form: `request.query(limit)`, `response(200).body`.
    public var description: String {
        switch self {
        case .request(let part):
            switch part {
            case .url: "request.url"
            case .method: "request.method"
            case .path(let name): "request.path(\(name))"
            case .query(let name): "request.query(\(name))"
            case .querystring: "request.querystring"
            case .header(let name): "request.header(\(name))"
            case .cookie(let name): "request.cookie(\(name))"
            case .security: "request.security"
            case .body: "request.body"
            case .bodyPart(let name): "request.body.part(\(name))"
            }
        case .response(let status, let part):
            switch part {
            case .status: "response(\(status)).status"
            case .header(let name): "response(\(status)).header(\(name))"
            case .contentType: "response(\(status)).content-type"
            case .body: "response(\(status)).body"
            }
        }
    }

    /// The words the one-line form uses: `request query limit`, `response 200 body`.
    public var phrase: String {
        switch self {
        case .request(let part):
            switch part {
            case .url: ""
            case .method: ""
            case .path(let name): "request path parameter \(name)"
            case .query(let name): "request query parameter \(name)"
            case .querystring: "request query string"
            case .header(let name): "request header \(name)"
            case .cookie(let name): "request cookie \(name)"
            case .security: "request security"
            case .body: "request body"
            case .bodyPart(let name): "request body part \(name)"
            }
        case .response(let status, let part):
            switch part {
            case .status: "response \(status)"
            case .header(let name): "response \(status) header \(name)"
            case .contentType: "response \(status) Content-Type"
            case .body: "response \(status) body"
            }
        }
    }

    /// Whether the location holds a body, where the instance path is printed even at the root (`$`).
    var isBody: Bool {
        switch self {
        case .request(.body), .request(.bodyPart), .response(_, .body): true
        default: false
        }
    }
}
