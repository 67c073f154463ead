import ContractJSON

extension Spec {
    /// Where a parameter travels.
    public enum ParameterLocation: String, Hashable, Sendable, CaseIterable {
        /// In the path template.
        case path
        /// In the query string.
        case query
        /// The whole query string as one value (3.2).
        case querystring
        /// In a header.
        case header
        /// In a cookie.
        case cookie
    }

    /// A parameter.
    public struct Parameter: Sendable {
        /// The name (header names compare case-insensitively).
        public var name: String
        /// Where it travels.
        public var location: ParameterLocation
        /// Whether it must be present (always true in the path).
        public var required: Bool
        /// `style` (defaults applied: `simple` for path and header, `form` for query and cookie).
        public var style: String
        /// `explode` (default: true for `form`, false otherwise).
        public var explode: Bool
        /// `allowReserved`.
        public var allowReserved: Bool
        /// `allowEmptyValue`.
        public var allowEmptyValue: Bool
        /// `deprecated`.
        public var deprecated: Bool
        /// The value's schema, unless the parameter uses `content`.
        public var schema: Schema?
        /// The media type the value is encoded with, when `content` is used.
        public var content: [MediaType]
        /// Examples.
        public var examples: [Example]
        /// Where it is written.
        public var sourceLocation: SourceLocation
    }

    /// A request body.
    public struct RequestBody: Sendable {
        /// Whether a body must be sent.
        public var required: Bool
        /// Accepted media types.
        public var content: [MediaType]
        /// Where it is written.
        public var location: SourceLocation
    }

    /// A header of a response (or of a multipart part).
    public struct Header: Sendable {
        /// The name.
        public var name: String
        /// Whether it must be present.
        public var required: Bool
        /// The value's schema.
        public var schema: Schema?
        /// Media-type-encoded value, instead of a schema.
        public var content: [MediaType]
        /// Examples.
        public var examples: [Example]
        /// Where it is written.
        public var location: SourceLocation
    }

    /// A body described for one media type.
    public struct MediaType: Sendable {
        /// The media type or range (`application/json`, `image/*`).
        public var name: String
        /// The body's schema.
        public var schema: Schema?
        /// The schema of each item of a sequential media type (`text/event-stream`, `application/jsonl`),
        /// OpenAPI 3.2's `itemSchema`.
        public var itemSchema: Schema? = nil
        /// `example` and `examples`, in that order.
        public var examples: [Example]
        /// Per-property encodings of form and multipart bodies.
        public var encoding: [String: Encoding]
        /// Where it is written.
        public var location: SourceLocation

        /// Whether `name` is a form (`application/x-www-form-urlencoded` or `multipart/form-data`), whose
        /// body is fields rather than one value.
        package static func isForm(_ name: String) -> Bool {
            name.hasPrefix("multipart/form-data") || name.hasPrefix("application/x-www-form-urlencoded")
        }
    }

    /// How one property of a form or multipart body is encoded.
    public struct Encoding: Sendable {
        /// The part's media type.
        public var contentType: String?
        /// Part headers.
        public var headers: [Header]
        /// `style` for form bodies.
        public var style: String?
        /// `explode` for form bodies.
        public var explode: Bool?
        /// `allowReserved` for form bodies.
        public var allowReserved: Bool
    }
}
