// Memory safety: the key's bytes are lent by `withUTF8` for the split, and every range cut from them lies
// within `0..<end` (`end` at most `bytes.count`).

/// A path template such as `/pets/{petId}/photos`, split into literal and variable segments.
package struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
    /// One `/`-separated segment.
    package enum Segment: Hashable, Sendable {
        /// Fixed text.
        case literal(String)
        /// A segment made of literal text and variables (`{id}`, `{name}.{ext}`, `v{version}`).
        case template([Piece])
    }

    /// Part of a templated segment.
    package enum Piece: Hashable, Sendable {
        /// Fixed text.
        case literal(String)
        /// A variable.
        case variable(String)
    }

    /// The template as written, without any Box-style `#fragment` suffix.
    package let text: String
    /// The segments after the leading `/`.
    package let segments: [Segment]

    /// Parses a path key. Text after `#` is dropped: some documents use it to tell apart keys
    /// that describe the same URL.
    package init(_ key: String) {
        // Split on the UTF-8 bytes in place: `/`, `#`, `{` and `}` are ASCII, and splitting through
        // `Substring.UTF8View` and `Character`s was a percent of loading a contract with long paths.
        // Plain loops over offsets: a user's debug build runs the generic searches of a slice (`firstIndex(of:)`,
        // `contains`, `allSatisfy`) unspecialized, byte by byte, for every path of the contract.
        var bytesOfKey = key
        (text, segments) = bytesOfKey.withUTF8 { bytes in
            /// The offset of the first `byte` in `start..<end`, or `end`.
            func offset(of byte: UInt8, from start: Int, to end: Int) -> Int {
                var offset = start
                while offset < end, bytes[offset] != byte { offset += 1 }
                return offset
            }
            let end = offset(of: UInt8(ascii: "#"), from: 0, to: bytes.count)
            let text = end == bytes.count ? key : Self.string(bytes, 0..<end)
            var start = end > 0 && bytes[0] == UInt8(ascii: "/") ? 1 : 0
            var segments: [Segment] = []
            while true {
                let stop = offset(of: UInt8(ascii: "/"), from: start, to: end)
                segments.append(Self.parseSegment(bytes, start..<stop))
                guard stop < end else { break }
                start = stop + 1
            }
            return (text, segments)
        }
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static func parseSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Segment {
        var hasBrace = false
        var isASCII = true
        var offset = range.lowerBound
        while offset < range.upperBound {
            if bytes[offset] == UInt8(ascii: "{") { hasBrace = true }
            if bytes[offset] >= 0x80 { isASCII = false }
            offset += 1
        }
        guard hasBrace else { return .literal(string(bytes, range)) }
        // Bytes decide an ASCII segment exactly; elsewhere a `{` followed by a combining mark is one
        // `Character` and no brace, as the template grammar is read by `Character`s.
        guard isASCII else { return parseSegment(string(bytes, range)) }
        var pieces: [Piece] = []
        var pieceStart = range.lowerBound
        var inVariable = false
        offset = range.lowerBound
        while offset < range.upperBound {
            if bytes[offset] == UInt8(ascii: "{"), !inVariable {
                if offset > pieceStart { pieces.append(.literal(string(bytes, pieceStart..<offset))) }
                pieceStart = offset + 1
                inVariable = true
            } else if bytes[offset] == UInt8(ascii: "}"), inVariable {
                pieces.append(.variable(string(bytes, pieceStart..<offset)))
                pieceStart = offset + 1
                inVariable = false
            }
            offset += 1
        }
        if range.upperBound > pieceStart {
            let rest = string(bytes, pieceStart..<range.upperBound)
            pieces.append(inVariable ? .literal("{" + rest) : .literal(rest))
        }
        return .template(pieces)
    }

    private static func parseSegment(_ segment: String) -> Segment {
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
    package var variables: [String] {
        var names: [String] = []
        for case .template(let pieces) in segments {
            for case .variable(let name) in pieces { names.append(name) }
        }
        return names
    }

    /// The template with every variable name replaced by `{}`: two paths with the same shape
    /// match the same URLs, which OpenAPI forbids.
    package var shape: String {
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
    package var description: String { text }
}
