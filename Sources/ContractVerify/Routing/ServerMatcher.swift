import ContractSpec

/// One `servers` entry (or a base URL from the options), read once by `ServerTemplate` into scheme,
/// authority and path templates, to find the part of a request's path that the path templates describe. A class, so
/// trying each server per request retains one reference instead of copying its tables.
final class ServerMatcher: Sendable {
    /// The URL as written, for messages.
    let url: String
    /// The server's spellings (one unless a variable with `enum` stands for whole URL parts).
    private let shapes: [ServerTemplate.Shape]
    /// The spellings with each variable that stands for whole URL parts without `enum` as its default;
    /// `nil` when there is no such variable.
    private let defaultShapes: [ServerTemplate.Shape]?
    private let allowed: [String: Set<String>]
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
        shapes = ServerTemplate.shapes(url: url, variables: variables)
        defaultShapes = ServerTemplate.defaultShapes(url: url, variables: variables)
        literal = shapes.count == 1 ? Self.literalForm(shapes[0]) : nil
    }

    /// The shape's text when every part is a single literal.
    private static func literalForm(_ shape: ServerTemplate.Shape) -> Literal? {
        func text(_ pieces: [PathTemplate.Piece]) -> String? {
            if pieces.isEmpty { return "" }
            guard pieces.count == 1, case .literal(let literal) = pieces[0] else { return nil }
            return literal
        }
        var literalSegments: [String] = []
        for segment in shape.segments {
            guard let literal = text(segment) else { return nil }
            literalSegments.append(literal)
        }
        let literalScheme = shape.scheme.map(text)
        let literalAuthority = shape.authority.map(text)
        // A part that is present but has a variable rules the literal form out.
        if literalScheme == .some(nil) || literalAuthority == .some(nil) { return nil }
        return Literal(scheme: literalScheme ?? nil, authority: literalAuthority ?? nil, segments: literalSegments)
    }

    /// How many leading path segments the server's base path takes, or `nil` when the server does not
    /// match the request; of several spellings that match, the longest base path counts.
    func match(_ request: HTTPRequest, _ segments: PathSegments, _ numbers: Range<Int>) -> Int? {
        if let literal { return matchLiteral(literal, request, segments, numbers) }
        return match(shapes, request, segments, numbers)
    }

    /// Whether a request this server matches but whose path it does not document is its business: a
    /// server that takes any host (`{origin}`) claims only the URL its defaults spell, so a request to
    /// some other host is reported as matching no server rather than as an unknown path.
    func claimsUnknownPath(_ request: HTTPRequest, _ segments: PathSegments, _ numbers: Range<Int>) -> Bool {
        guard let defaultShapes else { return true }
        return match(defaultShapes, request, segments, numbers) != nil
    }

    private func match(
        _ shapes: [ServerTemplate.Shape], _ request: HTTPRequest, _ segments: PathSegments, _ numbers: Range<Int>
    ) -> Int? {
        var depth: Int?
        for shape in shapes {
            guard let found = match(shape, request, segments, numbers), found >= (depth ?? 0) else { continue }
            depth = found
        }
        return depth
    }

    private func match(
        _ shape: ServerTemplate.Shape, _ request: HTTPRequest, _ segments: PathSegments, _ numbers: Range<Int>
    ) -> Int? {
        if let scheme = shape.scheme {
            guard let actual = request.scheme?.lowercasedIfNeeded(),
                TemplateMatcher.match(scheme[...], actual[...], allowed: allowed) != nil
            else { return nil }
        }
        if let authority = shape.authority {
            guard let host = request.host?.lowercasedIfNeeded() else { return nil }
            var matches =
                TemplateMatcher.match(authority[...], Self.authority(host, request.port)[...], allowed: allowed) != nil
            // A template with a port variable (`{port}` with default 443) still matches a URL that leaves
            // the default port out.
            let defaultPort = request.scheme == "http" ? 80 : 443
            if !matches, Self.hasPortVariable(authority), request.port == nil || request.port == defaultPort {
                matches = TemplateMatcher.match(authority[...], "\(host):\(defaultPort)"[...], allowed: allowed) != nil
            }
            guard matches else { return nil }
        }
        guard numbers.count >= shape.segments.count else { return nil }
        for (template, number) in zip(shape.segments, numbers) {
            guard TemplateMatcher.match(template[...], segments.substring(number), allowed: allowed) != nil
            else { return nil }
        }
        return shape.segments.count
    }

    /// Whether the authority ends in a port variable (`host:{port}`).
    private static func hasPortVariable(_ authority: [PathTemplate.Piece]) -> Bool {
        zip(authority, authority.dropFirst()).contains { pair in
            guard case .literal(let text) = pair.0, case .variable = pair.1 else { return false }
            return text.hasSuffix(":")
        }
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
    private static func matchesHost(_ request: HTTPRequest, scheme: String?, authority: String?) -> Bool {
        if let scheme {
            guard let actual = request.scheme, actual.lowercasedEquals(scheme) else { return false }
        }
        guard let authority else { return true }
        guard let host = request.host else { return false }
        // Without a port the authority is the host: compared without a lower-cased copy.
        return request.port == nil
            ? host.lowercasedEquals(authority) : Self.authority(host.lowercasedIfNeeded(), request.port) == authority
    }

    /// The base path's length, to prefer the most specific server.
    var depth: Int { shapes.map(\.segments.count).max() ?? 0 }

    /// How much of the server is fixed text, to try a server with a literal host before one whose host
    /// is any value (`{origin}`) when their base paths are equally long.
    var literalLength: Int {
        shapes.map { shape in
            ([shape.scheme ?? [], shape.authority ?? []] + shape.segments).joined().reduce(0) { total, piece in
                if case .literal(let text) = piece { return total + text.count }
                return total
            }
        }.min() ?? 0
    }

    /// The request's `host[:port]` as servers are written, the default ports left out.
    private static func authority(_ host: String, _ port: Int?) -> String {
        port.map { ServerTemplate.withoutDefaultPort("\(host):\($0)") } ?? host
    }
}
