import ContractJSON

extension Spec {
    /// How a security scheme authenticates.
    public enum SecurityKind: Sendable, Hashable {
        /// An API key in a header, query parameter or cookie.
        case apiKey(name: String, location: ParameterLocation)
        /// An HTTP `Authorization` scheme (`basic`, `bearer`, …), lower-cased.
        case http(scheme: String, bearerFormat: String?)
        /// OAuth 2 (sent as a bearer token); the scopes its flows define.
        case oauth2(scopes: [String])
        /// OpenID Connect (sent as a bearer token).
        case openIdConnect(url: String)
        /// Mutual TLS (not visible at the HTTP level).
        case mutualTLS
    }

    /// A named security scheme.
    public struct SecurityScheme: Sendable {
        /// The name it is declared under.
        public var name: String
        /// How it authenticates.
        public var kind: SecurityKind
        /// Where it is written.
        public var location: SourceLocation
    }

    /// One alternative of a `security` list: every scheme in it must be satisfied.
    /// An empty requirement (`{}`) means "no authentication" is acceptable.
    public struct SecurityRequirement: Sendable, Hashable {
        /// Scheme names with the scopes asked for.
        public var schemes: [SchemeUse]

        /// One scheme of a requirement.
        public struct SchemeUse: Sendable, Hashable {
            /// The scheme's name.
            public var name: String
            /// Scopes (OAuth) or roles.
            public var scopes: [String]
        }
    }
}
