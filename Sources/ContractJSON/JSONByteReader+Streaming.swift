// Memory safety: the reader's buffer is lent for the whole `JSONParser.read` call and the `MemberKey`/number
// bytes handed out are ranges of it, used only inside that call; `readNumber`, `readString`, `openObject` and
// `openArray` are called only after `nextValueKind` (which checks `offset < bytes.count`) named that kind.

/// Reading a document value by value, for callers that decide as they go what to build: the
/// streaming validator walks objects and arrays here, builds `JSONValue`s only for the values its
/// schema needs whole, and skips the rest, checking their syntax without allocating.
///
/// The grammar, the nesting limit and the error texts are the ones `parseValue` applies, so a
/// document is accepted or refused alike whichever way it is read.
extension JSONByteReader {
    /// What the value at the current offset is, judged by its first byte; whether it is well
    /// formed is checked when it is read or skipped.
    package enum ValueKind {
        case object, array, string, number, boolean, null
    }

    /// The kind of the value at the current offset (whitespace before it already skipped); `nil`
    /// for a byte no value starts with.
    ///
    /// Mutating, like every method here: a non-mutating call from another module passed the whole
    /// reader by value, a copy of it per call.
    package mutating func nextValueKind() -> ValueKind? {
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        default: return nil
        }
    }

    /// Whether `limit` or more objects and arrays are open around the current offset.
    package mutating func isNested(atLeast limit: Int) -> Bool {
        depth >= limit
    }

    /// A place in the document to come back to.
    package struct Bookmark {
        fileprivate let offset: Int
        fileprivate let line: Int
        fileprivate let lineStart: Int
        fileprivate let depth: Int
    }

    /// The current place, for `rewind(to:)`.
    package mutating func bookmark() -> Bookmark {
        Bookmark(offset: offset, line: line, lineStart: lineStart, depth: depth)
    }

    /// Moves back (or on) to a place `bookmark()` gave, to read the same bytes again.
    package mutating func rewind(to bookmark: Bookmark) {
        offset = bookmark.offset
        line = bookmark.line
        lineStart = bookmark.lineStart
        depth = bookmark.depth
    }

    /// The value at the current offset, built in full.
    package mutating func readValue() throws(JSONParseError) -> JSONValue {
        try parseValue()
    }

    /// Enters the object at the current offset (its `{`); whether a member follows (`false`: the
    /// object was empty and has been read).
    package mutating func openObject() throws(JSONParseError) -> Bool {
        try open(closedBy: UInt8(ascii: "}"))
    }

    /// A member's key as `readMemberKey` reads it: where it stands in the document when it has no
    /// escapes (most keys: nothing is built for them), else the decoded string.
    package enum MemberKey {
        /// The key's bytes in the document, checked to be UTF-8; valid as long as the document's buffer.
        case bytes(UnsafeBufferPointer<UInt8>)
        /// A key written with escapes, decoded.
        case decoded(String)

        /// The key as a string (made from its bytes when it was not decoded).
        package var string: String {
            switch self {
            case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .decoded(let string): string
            }
        }

        /// Whether the key is exactly `name`'s UTF-8 bytes.
        package func hasUTF8(of name: String) -> Bool {
            switch self {
            case .bytes(let bytes):
                var name = name
                return name.withUTF8 { $0.elementsEqual(bytes) }
            case .decoded(let string):
                return string.hasSameUTF8(as: name)
            }
        }
    }

    /// Reads a member's key and the `:` after it; the offset is then at the member's value.
    package mutating func readMemberKey() throws(JSONParseError) -> MemberKey {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw error("expected a quoted key, found \(describeCurrent())")
        }
        let key = try readStringContent()
        try expectColon()
        return key
    }

    /// Reads the string value at the current offset (its opening quote), checked as `readValue` checks
    /// it: its bytes in place when it has no escapes (nothing is built), else the decoded string.
    package mutating func readString() throws(JSONParseError) -> MemberKey {
        try readStringContent()
    }

    /// Reads the number at the current offset, checked as `readValue` checks it: its literal's bytes in
    /// the document (valid as long as the document's buffer).
    package mutating func readNumber() throws(JSONParseError) -> UnsafeBufferPointer<UInt8> {
        let start = offset
        try scanNumber()
        return UnsafeBufferPointer(rebasing: bytes[start..<offset])
    }

    /// After a member's value: whether another member follows (`false`: the object's `}` has been read).
    package mutating func nextMember() throws(JSONParseError) -> Bool {
        try next(closedBy: UInt8(ascii: "}"), in: "an object")
    }

    /// Enters the array at the current offset (its `[`); whether an element follows.
    package mutating func openArray() throws(JSONParseError) -> Bool {
        try open(closedBy: UInt8(ascii: "]"))
    }

    /// After an element: whether another follows (`false`: the array's `]` has been read).
    package mutating func nextElement() throws(JSONParseError) -> Bool {
        try next(closedBy: UInt8(ascii: "]"), in: "an array")
    }

    @inline(__always)
    private mutating func open(closedBy closing: UInt8) throws(JSONParseError) -> Bool {
        try enterContainer()
        offset += 1
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == closing else { return true }
        offset += 1
        depth -= 1
        return false
    }

    @inline(__always)
    private mutating func next(closedBy closing: UInt8, in container: StaticString) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ",") || bytes[offset] == closing else {
            throw error(
                "expected ',' or '\(Character(Unicode.Scalar(closing)))' in \(container), found \(describeCurrent())")
        }
        if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            skipWhitespace()
            return true
        }
        offset += 1
        depth -= 1
        return false
    }

    /// Moves past the value at the current offset, checking it as `readValue` would, building
    /// nothing (a string with escapes is decoded, to check them, and dropped).
    package mutating func skipValue() throws(JSONParseError) {
        guard offset < bytes.count else { throw error("expected a value, found end of file") }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            guard try openObject() else { return }
            repeat { try skipMember() } while try nextMember()
        case UInt8(ascii: "["):
            guard try openArray() else { return }
            repeat { try skipValue() } while try nextElement()
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
        default:
            _ = try parseValue()
        }
    }

    /// Moves past the member at the current offset (its key), checking it as `skipValue` does.
    package mutating func skipMember() throws(JSONParseError) {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw error("expected a quoted key, found \(describeCurrent())")
        }
        try skipString()
        try expectColon()
        try skipValue()
    }

    @inline(__always)
    private mutating func expectColon() throws(JSONParseError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
            throw error("expected ':' after the key, found \(describeCurrent())")
        }
        offset += 1
        skipWhitespace()
    }

    /// Moves past the string at the current offset (its opening quote), checking it.
    private mutating func skipString() throws(JSONParseError) {
        _ = try readStringContent()
    }

    /// Reads the string at the current offset (its opening quote), checking it: its bytes in
    /// place when it has no escapes, else decoded.
    @inline(__always)
    private mutating func readStringContent() throws(JSONParseError) -> MemberKey {
        offset += 1
        let start = offset
        let sawNonASCII = try scanPlainRun()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            return .decoded(try parseEscapedString(from: start, sawNonASCII: sawNonASCII))
        }
        let content = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        if sawNonASCII { try checkUTF8(content) }
        return .bytes(content)
    }
}
