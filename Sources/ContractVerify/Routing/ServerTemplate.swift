import ContractSpec

/// A server URL template read as OpenAPI means it: the variables are substituted into the URL, then the
/// URL is split into scheme, authority and base path. So a variable may stand for a whole URL
/// (`{origin}` with default `https://uploads.github.com`), a scheme, a host, a port or path segments.
///
/// Where a variable lies is decided by its `default`: a variable whose values hold `/` or `:` covers
/// parts of the URL and is substituted before splitting (each `enum` value spelled out as a shape of its
/// own; without `enum`, every part it covers matches any value of that part: any scheme, any host, any
/// one segment per segment of its default). Other variables stay variables inside the part they sit in,
/// restricted to their `enum` values by the matcher.
package enum ServerTemplate {
    /// One spelling of the server: the parts a request's URL is compared with, as template pieces.
    /// `nil` scheme or authority: the server leaves it out (a relative server matches any host).
    struct Shape: Sendable {
        let scheme: [PathTemplate.Piece]?
        let authority: [PathTemplate.Piece]?
        let segments: [[PathTemplate.Piece]]
    }

    /// A server whose `enum`s over whole URL parts multiply past this many spellings matches the rest
    /// by any value instead.
    static let maximumShapes = 64

    private enum Token {
        case literal(String)
        /// A variable kept as a piece; `sample` stands in for it while the URL is split.
        case variable(String, sample: String)
        /// A variable without `enum` that covers URL parts: any value, or its default (`sample`).
        case open(String, sample: String)
    }

    /// The server's shapes, one per combination of values of the variables that cover URL parts.
    static func shapes(url: String, variables: [String: Spec.ServerVariable]) -> [Shape] {
        tokenLists(url, variables).map { shape($0, openTakesAnyValue: true) }
    }

    /// The shapes with every variable that covers URL parts without `enum` spelled as its default (the
    /// URL the contract names), or `nil` when the server has no such variable.
    static func defaultShapes(url: String, variables: [String: Spec.ServerVariable]) -> [Shape]? {
        let lists = tokenLists(url, variables)
        let hasOpen = lists.contains { list in
            list.contains {
                if case .open = $0 { return true }
                return false
            }
        }
        return hasOpen ? lists.map { shape($0, openTakesAnyValue: false) } : nil
    }

    /// Whether a variable stands for whole parts of the URL: its default or one of its values holds `/` or `:`.
    private static func coversParts(_ declared: Spec.ServerVariable?) -> Bool {
        let values = (declared.map { [$0.defaultValue] } ?? []) + (declared?.allowedValues ?? [])
        return values.contains { $0.contains("/") || $0.contains(":") }
    }

    /// The URL with each variable that covers URL parts spelled as its default (`{full_server_url}` as
    /// `http://localhost:32400`) and the others left as written: where the server's path starts can then
    /// be read from the text.
    package static func spellingPartVariables(url: String, variables: [String: Spec.ServerVariable]) -> String {
        var spelled = ""
        var rest = url[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            spelled += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            let declared = variables[name]
            spelled += coversParts(declared) ? declared?.defaultValue ?? "" : "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return spelled + rest
    }

    /// The URL as literal text and variables, once per spelling of the variables that cover URL parts.
    private static func tokenLists(_ url: String, _ variables: [String: Spec.ServerVariable]) -> [[Token]] {
        var lists: [[Token]] = [[]]
        func append(_ token: Token) { lists = lists.map { $0 + [token] } }
        var rest = url[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { append(.literal(String(rest[..<open]))) }
            let name = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            let declared = variables[name]
            let coversParts = Self.coversParts(declared)
            if coversParts, let allowed = declared?.allowedValues, !allowed.isEmpty,
                lists.count * allowed.count <= maximumShapes
            {
                lists = lists.flatMap { list in allowed.map { list + [.literal($0)] } }
            } else {
                // A variable inside one part only needs some text there while the URL is split.
                append(coversParts ? .open(name, sample: declared?.defaultValue ?? "") : .variable(name, sample: "x"))
            }
        }
        if !rest.isEmpty { append(.literal(String(rest))) }
        return lists
    }

    /// Splits one spelling into scheme, authority and base path segments, each as pieces.
    private static func shape(_ tokens: [Token], openTakesAnyValue: Bool) -> Shape {
        // The URL's characters, each with the token it comes from.
        var characters: [Character] = []
        var owners: [Int] = []
        for (index, token) in tokens.enumerated() {
            let text: String
            switch token {
            case .literal(let literal): text = literal
            case .variable(_, let sample), .open(_, let sample): text = sample
            }
            characters.append(contentsOf: text)
            owners.append(contentsOf: repeatElement(index, count: text.count))
        }
        func pieces(_ range: Range<Int>, lowercased: Bool) -> [PathTemplate.Piece] {
            var pieces: [PathTemplate.Piece] = []
            var start = range.lowerBound
            while start < range.upperBound {
                let owner = owners[start]
                var end = start
                while end < range.upperBound, owners[end] == owner { end += 1 }
                switch tokens[owner] {
                case .variable(let name, _):
                    pieces.append(.variable(name))
                case .open(let name, _) where openTakesAnyValue:
                    pieces.append(.variable(name))
                case .literal, .open:
                    let text = String(characters[start..<end])
                    let literal = lowercased ? text.lowercased() : text
                    if case .literal(let previous) = pieces.last {
                        pieces[pieces.count - 1] = .literal(previous + literal)
                    } else {
                        pieces.append(.literal(literal))
                    }
                }
                start = end
            }
            return pieces
        }
        let slash = characters.firstIndex(of: "/") ?? characters.count
        var pathStart = 0
        var scheme: [PathTemplate.Piece]?
        var authority: [PathTemplate.Piece]?
        var authorityStart: Int?
        if let colon = characters[..<slash].firstIndex(of: ":"), characters[colon...].starts(with: "://") {
            scheme = pieces(0..<colon, lowercased: true)
            authorityStart = colon + 3
        } else if characters.starts(with: "//") {
            authorityStart = 2
        }
        if let authorityStart {
            let end = characters[authorityStart...].firstIndex(of: "/") ?? characters.count
            authority = withoutDefaultPort(pieces(authorityStart..<end, lowercased: true))
            pathStart = end
        }
        var segments: [[PathTemplate.Piece]] = []
        var start = pathStart
        for index in pathStart...characters.count where index == characters.count || characters[index] == "/" {
            if index > start { segments.append(pieces(start..<index, lowercased: false)) }
            start = index + 1
        }
        return Shape(scheme: scheme, authority: authority, segments: segments)
    }

    /// The authority's pieces with a default port (`:443`, `:80`) after the host left out.
    private static func withoutDefaultPort(_ pieces: [PathTemplate.Piece]) -> [PathTemplate.Piece] {
        guard case .literal(let last) = pieces.last else { return pieces }
        let trimmed = withoutDefaultPort(last)
        return pieces.dropLast() + (trimmed.isEmpty ? [] : [.literal(trimmed)])
    }

    /// `host:443` and `host:80` name the same server as `host`; which scheme uses which port is left to
    /// the scheme check.
    static func withoutDefaultPort(_ authority: String) -> String {
        if authority.hasSuffix(":443") { return String(authority.dropLast(4)) }
        if authority.hasSuffix(":80") { return String(authority.dropLast(3)) }
        return authority
    }
}
