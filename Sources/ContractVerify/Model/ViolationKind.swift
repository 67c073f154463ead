/// The stable code of a violation (`request.body.schema`). A string-backed struct rather than an enum,
/// so kinds added later break no caller's `switch`.
public struct ViolationKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The code.
    public let rawValue: String

    /// Creates a kind from its code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a kind from a literal code.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The code.
    public var description: String { rawValue }

    /// No `servers` entry (nor a base URL given in the options) matches the request's URL.
    public static let serverNotFound: ViolationKind = "route.server-not-found"
    /// No documented path matches the request's path.
    public static let routeNotFound: ViolationKind = "route.not-found"
    /// The path is documented, the method is not.
    public static let methodNotAllowed: ViolationKind = "route.method-not-allowed"
    /// A required parameter is absent.
    public static let parameterMissing: ViolationKind = "request.parameter.missing"
    /// A parameter's decoded value breaks its schema.
    public static let parameterSchema: ViolationKind = "request.parameter.schema"
    /// A parameter cannot be decoded for its style (a `deepObject` without brackets, bad JSON content).
    public static let parameterMalformed: ViolationKind = "request.parameter.malformed"
    /// A query parameter the operation does not declare (strict mode only).
    public static let parameterUnknown: ViolationKind = "request.parameter.unknown"
    /// A reserved character sent unencoded where `allowReserved` is false (strict mode only).
    public static let parameterReserved: ViolationKind = "request.parameter.reserved"
    /// A required body is absent.
    public static let bodyMissing: ViolationKind = "request.body.missing"
    /// A body was sent to an operation that takes none.
    public static let bodyUnexpected: ViolationKind = "request.body.unexpected"
    /// The body could not be read, so it was not checked.
    public static let bodyUnavailable: ViolationKind = "request.body.unavailable"
    /// The body's `Content-Type` is not one the operation accepts (a server would answer 415).
    public static let bodyMediaType: ViolationKind = "request.body.media-type"
    /// The body breaks its schema.
    public static let bodySchema: ViolationKind = "request.body.schema"
    /// The body cannot be parsed as its media type (bad JSON, a multipart body without its boundary).
    public static let bodyMalformed: ViolationKind = "request.body.malformed"
    /// No alternative of the operation's `security` is satisfied.
    public static let security: ViolationKind = "request.security"
    /// No documented response media type satisfies the request's `Accept`.
    public static let accept: ViolationKind = "request.accept"
    /// The response status is not documented (no code, range or `default`).
    public static let statusUndocumented: ViolationKind = "response.status.undocumented"
    /// A required response header is absent.
    public static let responseHeaderMissing: ViolationKind = "response.header.missing"
    /// A response header breaks its schema.
    public static let responseHeaderSchema: ViolationKind = "response.header.schema"
    /// The response's `Content-Type` is absent or not documented for its status.
    public static let responseContentType: ViolationKind = "response.content-type"
    /// The response body breaks its schema.
    public static let responseBodySchema: ViolationKind = "response.body.schema"
    /// The response body cannot be parsed as its media type.
    public static let responseBodyMalformed: ViolationKind = "response.body.malformed"
    /// A body was sent with a status whose response documents no content.
    public static let responseBodyUnexpected: ViolationKind = "response.body.unexpected"
    /// A documented response body with a schema was not sent.
    public static let responseBodyMissing: ViolationKind = "response.body.missing"
    /// The response body could not be read, so it was not checked.
    public static let responseBodyUnavailable: ViolationKind = "response.body.unavailable"
}
