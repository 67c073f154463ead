import ContractSpec

/// One `servers` entry (or a base URL from the options), split once into scheme, authority and path
/// templates, to find the part of a request's path that the path templates describe. A class, so
/// trying each server per request retains one reference instead of copying its tables.
final class ServerMatcher: Sendable {
    /// The URL as written, for messages.
    let url: String
    private let scheme: [PathTemplate.Piece]?
    private let authority: [PathTemplate.Piece]?
    /// The base path's segments (`/v1` → one segment).
    private let pathSegments: [[PathTemplate.Piece]]
    private let allowed: [String: Set<String>]
    private let hasPortVariable: Bool
    /// The scheme, authority and base path segments as plain text when none has a variable (most servers):
    /// then a request is compared with `==`, which is what matching an all-literal template amounts to.
    private let literal: Literal?

    /// `literal`'s parts, in an object: taking a tuple of them out per request retained each part.
    private final class Literal: Sendable {
        let scheme: String?
        let authority: String?
        let segments: [String]

        init(scheme: String?, authority: String?, segments: [String]) {
            self.scheme = scheme
            self.authority = authority
            self.segments = segments
        }
    }

    init(url: String, variables: [String: Spec.ServerVariable] = [:]) {
        self.url = url
        allowed = variables.compactMapValues { $0.allowedValues.map(Set.init) }
        var rest = url[...]
        if let range = rest.range(of: "://") {
            scheme = Self.pieces(rest[..<range.lowerBound].lowercased())
            rest = rest[range.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = Self.pieces(Self.withoutDefaultPort(String(rest[..<slash]).lowercased()))
            rest = rest[slash...]
        } else if rest.hasPrefix("//") {
            scheme = nil
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = Self.pieces(Self.withoutDefaultPort(String(rest[..<slash]).lowercased()))
            rest = rest[slash...]
        } else {
            // A relative server URL (`/v1`) matches any host.
            scheme = nil
            authority = nil
        }
        pathSegments = rest.split(separator: "/").map { Self.pieces(String($0)) }
        hasPortVariable = url.contains(":{")
        literal = Self.literalForm(scheme: scheme, authority: authority, segments: pathSegments)
    }

    /// The pieces' text when every part is a single literal.
    private static func literalForm(
        scheme: [PathTemplate.Piece]?, authority: [PathTemplate.Piece]?, segments: [[PathTemplate.Piece]]
    ) -> Literal? {
        func text(_ pieces: [PathTemplate.Piece]) -> String? {
            guard pieces.count == 1, case .literal(let literal) = pieces[0] else { return nil }
            return literal
        }
        var literalSegments: [String] = []
        for segment in segments {
            guard let literal = text(segment) else { return nil }
            literalSegments.append(literal)
        }
        let literalScheme = scheme.map(text)
        let literalAuthority = authority.map(text)
        // A part that is present but has a variable rules the literal form out.
        if literalScheme == .some(nil) || literalAuthority == .some(nil) { return nil }
        return Literal(scheme: literalScheme ?? nil, authority: literalAuthority ?? nil, segments: literalSegments)
    }

    /// How many leading path segments the server's base path takes, or `nil` when the server does not
    /// match the request.
    func match(_ request: HTTPRequest, _ segments: PathSegments, _ numbers: Range<Int>) -> Int? {
        if let literal { return matchLiteral(literal, request, segments, numbers) }
        if let scheme {
            guard let actual = request.scheme?.lowercasedIfNeeded(),
                TemplateMatcher.match(scheme[...], actual[...], allowed: allowed) != nil
            else { return nil }
        }
        if let authority {
            guard let host = request.host?.lowercasedIfNeeded() else { return nil }
            var matches =
                TemplateMatcher.match(authority[...], Self.authority(host, request.port)[...], allowed: allowed) != nil
            // A template with a port variable (`{port}` with default 443) still matches a URL that leaves
            // the default port out.
            let defaultPort = request.scheme == "http" ? 80 : 443
            if !matches, hasPortVariable, request.port == nil || request.port == defaultPort {
                matches = TemplateMatcher.match(authority[...], "\(host):\(defaultPort)"[...], allowed: allowed) != nil
            }
            guard matches else { return nil }
        }
        guard numbers.count >= pathSegments.count else { return nil }
        for (template, number) in zip(pathSegments, numbers) {
            guard TemplateMatcher.match(template[...], segments.substring(number), allowed: allowed) != nil
            else { return nil }
        }
        return pathSegments.count
    }

    /// `match` for a server without variables: the same comparisons, as string equality.
    private func matchLiteral(
        _ literal: Literal, _ request: HTTPRequest, _ segments: PathSegments, _ numbers: Range<Int>
    ) -> Int? {
        guard Self.matchesHost(request, scheme: literal.scheme, authority: literal.authority),
            numbers.count >= literal.segments.count
        else { return nil }
        for (expected, number) in zip(literal.segments, numbers) where !segments.segment(number, equals: expected) {
            return nil
        }
        return literal.segments.count
    }

    /// Whether the request's scheme and authority are those of a server without variables (a part the
    /// server leaves out matches any).
    static func matchesHost(_ request: HTTPRequest, scheme: String?, authority: String?) -> Bool {
        if let scheme {
            guard let actual = request.scheme, actual.lowercasedEquals(scheme) else { return false }
        }
        guard let authority else { return true }
        guard let host = request.host else { return false }
        // Without a port the authority is the host: compared without a lower-cased copy.
        return request.port == nil
            ? host.lowercasedEquals(authority) : Self.authority(host.lowercasedIfNeeded(), request.port) == authority
    }

    /// The scheme, authority and base path segments as text, when none has a variable.
    var literalParts: (scheme: String?, authority: String?, segments: [String])? {
        literal.map { ($0.scheme, $0.authority, $0.segments) }
    }

    /// The base path's length, to prefer the most specific server.
    var depth: Int { pathSegments.count }

    private static func pieces(_ text: String) -> [PathTemplate.Piece] {
        guard text.contains("{") else { return [.literal(text)] }
        guard case .template(let pieces) = PathTemplate("/" + text).segments.first else { return [.literal(text)] }
        return pieces
    }

    /// The request's `host[:port]` as servers are written, the default ports left out.
    private static func authority(_ host: String, _ port: Int?) -> String {
        port.map { withoutDefaultPort("\(host):\($0)") } ?? host
    }

    /// `host:443` and `host:80` name the same server as `host`; which scheme uses which port is left to
    /// the scheme check.
    private static func withoutDefaultPort(_ authority: String) -> String {
        if authority.hasSuffix(":443") { return String(authority.dropLast(4)) }
        if authority.hasSuffix(":80") { return String(authority.dropLast(3)) }
        return authority
    }
}
