import ContractSchema

/// Choices that change what the verifier accepts.
public struct VerifierOptions: Sendable, Hashable {
    /// What a trailing slash on the request path means.
    public enum TrailingSlash: Sendable, Hashable {
        /// `/pets/` is a different path from `/pets` (OpenAPI's reading); it matches only a template
        /// written with the slash.
        case exact
        /// `/pets/` matches `/pets` when no template is written with the slash.
        case ignore
    }

    /// Base URLs tried before the contract's `servers` (`https://staging.example.com/v1`, or a test's
    /// own `http://clinic.test/v1`): their path is removed before the path templates are matched.
    public var baseURLs: [String]
    /// What a trailing slash means; `.exact` by default.
    public var trailingSlash: TrailingSlash
    /// Strict mode: also report query parameters the operation does not declare, and reserved characters
    /// sent unencoded where `allowReserved` is false. Off by default, since real clients add tracking and
    /// cache-busting parameters that a contract does not list.
    public var strict: Bool
    /// Whether a request whose `Accept` no documented success media type satisfies is reported. On by default.
    public var checksAccept: Bool
    /// Whether a `HEAD` request may use the `GET` operation of its path when no `HEAD` is documented
    /// (HTTP servers answer `HEAD` wherever they answer `GET`). On by default.
    public var headUsesGet: Bool
    /// Whether values of secrets are hidden in violations: every cookie, and every header, query item,
    /// form or multipart field and JSON body member named `Authorization`, `Cookie`, `Set-Cookie`,
    /// `Proxy-Authorization`, like an API-key scheme of the contract, or in `secretNames`. On by default.
    public var redactsSecrets: Bool
    /// More names (headers, query items, body fields) whose values are hidden (case-insensitive).
    public var secretNames: Set<String>
    /// How `nullable: true` in OpenAPI 3.0 (and `x-nullable` in 2.0) schemas is read: `.lenient` (the
    /// default) lets `null` through wherever a schema object says `nullable: true`, whatever stands beside
    /// it; `.strict` reads OAS 3.0.3 literally. The verifier compiles the contract's schemas this way, and
    /// the fake backend's synthesizer, given the verifier's document, follows it.
    public var nullable: NullableReading = .lenient

    /// Creates options; every argument has the default described on its property.
    public init(
        baseURLs: [String] = [], trailingSlash: TrailingSlash = .exact, strict: Bool = false,
        checksAccept: Bool = true, headUsesGet: Bool = true, redactsSecrets: Bool = true, secretNames: Set<String> = []
    ) {
        self.baseURLs = baseURLs
        self.trailingSlash = trailingSlash
        self.strict = strict
        self.checksAccept = checksAccept
        self.headUsesGet = headUsesGet
        self.redactsSecrets = redactsSecrets
        self.secretNames = secretNames
    }
}
