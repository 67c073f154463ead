/// A path template such as `/pets/{petId}/photos`, split into literal and variable segments.
public struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
    /// One `/`-separated segment.
    public enum Segment: Hashable, Sendable {
        /// Fixed text.
        case literal(String)
        /// A segment made of literal text and variables (`{id}`, `{name}.{ext}`, `v{version}`).
        case template([Piece])
    }

    /// Part of a templated segment.
    public enum Piece: Hashable, Sendable {
        /// Fixed text.
        case literal(String)
        /// A variable.
        case variable(String)
    }

    /// The template as written, without any Box-style `#fragment` suffix.
    public let text: String
    /// The segments after the leading `/`.
    public let segments: [Segment]

    /// Parses a path key. Text after `#` is dropped: some documents use it to tell apart keys
    /// that describe the same URL.
    public init(_ key: String) {
        // Split on UTF-8 bytes: `/` and `#` are ASCII, and a `Character` split showed in load profiles.
        let utf8 = key.utf8
        let path = utf8.firstIndex(of: UInt8(ascii: "#")).map { String(key[..<$0]) } ?? key
        self.text = path
        var body = Substring(path).utf8
        if body.first == UInt8(ascii: "/") { body = body.dropFirst() }
        self.segments = body.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            Self.parseSegment(String(Substring($0)))
        }
    }

    private static func parseSegment(_ segment: String) -> Segment {
        guard segment.utf8.contains(UInt8(ascii: "{")) else { return .literal(segment) }
        var pieces: [Piece] = []
        var current = ""
        var inVariable = false
        for character in segment {
            if character == "{", !inVariable {
                if !current.isEmpty { pieces.append(.literal(current)) }
                current = ""
                inVariable = true
            } else if character == "}", inVariable {
                pieces.append(.variable(current))
                current = ""
                inVariable = false
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { pieces.append(inVariable ? .literal("{" + current) : .literal(current)) }
        return .template(pieces)
    }

    /// The variable names in order.
    public var variables: [String] {
        segments.flatMap { segment -> [String] in
            guard case .template(let pieces) = segment else { return [] }
            return pieces.compactMap {
                if case .variable(let name) = $0 { return name }
                return nil
            }
        }
    }

    /// The template with every variable name replaced by `{}`: two paths with the same shape
    /// match the same URLs, which OpenAPI forbids.
    public var shape: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .template(let pieces):
                    pieces.map {
                        switch $0 {
                        case .literal(let text): text
                        case .variable: "{}"
                        }
                    }.joined()
                }
            }.joined(separator: "/")
    }

    /// The template text.
    public var description: String { text }
}
