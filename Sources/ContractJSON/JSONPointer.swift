// Memory safety: the token buffers are ranges of the bytes `withUTF8` lends to the parsing closure, and
// `unescape` reads only indices below `token.count`.

/// An RFC 6901 JSON Pointer, such as `/paths/~1pets/get`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The last token and the pointer it extends. Walkers append a token per node they visit and
    /// rarely read the result, so appending shares the parent instead of copying every token.
    private final class Link: Sendable {
        let parent: Link?
        let token: String
        let count: Int
        /// A digest of every token up to this one (each token's `KeyHash`, chained), so that hashing a
        /// pointer is one combine, not one per token: schema compilation looks locations up by
        /// pointer constantly. Equality still compares the tokens.
        let digest: UInt64

        init(parent: Link?, token: String) {
            self.parent = parent
            self.token = token
            self.count = (parent?.count ?? 0) + 1
            // The token hashed eight bytes at a time: byte by byte through its UTF-8 view (FNV-1a),
            // making a link was 3% of loading a large contract. A fixed seed: the digest is not
            // seeded per process (see `digest` below).
            let token = KeyHash.of(token, seed: Self.seed).hash
            var digest = ((parent?.digest ?? Self.seed) ^ token) &* 0x9E37_79B9_7F4A_7C15
            digest ^= digest >> 32
            self.digest = digest
        }

        private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    }

    private var last: Link?

    /// The unescaped reference tokens, outermost first.
    public var tokens: [String] {
        var tokens = [String](repeating: "", count: last?.count ?? 0)
        var link = last
        while let current = link {
            tokens[current.count - 1] = current.token
            link = current.parent
        }
        return tokens
    }

    /// The number of tokens.
    public var count: Int { last?.count ?? 0 }

    /// The pointer to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// Creates a pointer from unescaped tokens.
    public init(tokens: [String]) {
        var link: Link?
        for token in tokens { link = Link(parent: link, token: token) }
        self.last = link
    }

    /// Pointers are equal when their tokens are.
    ///
    /// Different digests settle it before any token is read: hash tables probe several entries per
    /// lookup, and walking the tokens of each pointer probed was a twentieth of loading a contract.
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        guard lhs.last === rhs.last || lhs.digest == rhs.digest else { return false }
        var left = lhs.last
        var right = rhs.last
        while true {
            if left === right { return true }
            guard let leftLink = left, let rightLink = right, leftLink.count == rightLink.count,
                leftLink.token == rightLink.token
            else { return false }
            left = leftLink.parent
            right = rightLink.parent
        }
    }

    /// Hashes the tokens (through their chained digest).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(last?.digest ?? 0)
    }

    /// The chained digest of the tokens (not seeded per process: for tables whose keys come from
    /// the documents being read, not from a caller who could choose colliding ones).
    package var digest: UInt64 { last?.digest ?? 0 }

    /// Parses the pointer syntax (`/a/b~1c`). Returns `nil` when the text is neither empty nor starts with `/`,
    /// or when a `~` is not followed by `0` or `1`.
    public init?(_ text: String) {
        self.init(parsing: Substring(text))
    }

    /// The same for pointer text inside a longer string (a fragment after its `#`).
    private init?(parsing text: Substring) {
        var text = text
        // Split on the bytes of `/` rather than on `Character`s: grapheme breaking made parsing the
        // pointers of `$ref`s a twentieth of loading Discord. `/` is ASCII, so every cut is also a
        // character boundary and the tokens are what a `Character` split gave. Read on contiguous
        // bytes: stepping a `String.UTF8View` index was most of parsing a pointer.
        let parsed = text.withUTF8 { bytes -> Link?? in
            guard !bytes.isEmpty else { return .some(nil) }
            guard bytes[0] == UInt8(ascii: "/") else { return nil }
            var link: Link?
            var start = 1
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                guard let token = Self.unescape(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return nil }
                link = Link(parent: link, token: token)
                if end == bytes.count { return link }
                start = end + 1
            }
        }
        guard let parsed else { return nil }
        self.init(last: parsed)
    }

    private init(last: Link?) {
        self.last = last
    }

    /// Parses a URI fragment (`#/components/schemas/Pet%20Type`): percent-decoding first, then pointer syntax.
    public init?(fragment: String) {
        let body = fragment.hasPrefix("#") ? fragment.dropFirst() : fragment[...]
        guard body.containsUTF8Byte(where: { $0 == UInt8(ascii: "%") }) else {
            self.init(parsing: body)
            return
        }
        guard let decoded = PercentEncoding.decode(body) else { return nil }
        self.init(decoded)
    }

    /// One token's text with `~0` and `~1` read back as `~` and `/`; `nil` for a `~` before anything else.
    private static func unescape(_ token: UnsafeBufferPointer<UInt8>) -> String? {
        guard token.contains(UInt8(ascii: "~")) else { return String(decoding: token, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.count)
        var offset = 0
        while offset < token.count {
            let byte = token[offset]
            offset += 1
            guard byte == UInt8(ascii: "~") else {
                bytes.append(byte)
                continue
            }
            guard offset < token.count else { return nil }
            switch token[offset] {
            case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
            case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
            default: return nil
            }
            offset += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Escapes one token (`~` → `~0`, `/` → `~1`).
    public static func escape(_ token: String) -> String {
        guard token.containsUTF8Byte(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return token
        }
        var escaped = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A pointer one level deeper.
    public func appending(_ token: String) -> JSONPointer {
        var copy = self
        copy.last = Link(parent: last, token: token)
        return copy
    }

    /// A pointer one level deeper, into an array element.
    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// A pointer several levels deeper.
    public func appending(contentsOf other: JSONPointer) -> JSONPointer {
        // Onto the root, `other` itself: most `$ref`s name a place in a document, not in a resource below it.
        guard last != nil else { return other }
        var copy = self
        for token in other.tokens { copy = copy.appending(token) }
        return copy
    }

    /// The pointer to the parent, or `nil` for the root.
    public var parent: JSONPointer? {
        guard let last else { return nil }
        var copy = self
        copy.last = last.parent
        return copy
    }

    /// The last token, or `nil` for the root.
    public var lastToken: String? { last?.token }

    /// The identity of the pointer's storage, shared by copies of one pointer (equal pointers built
    /// separately differ); `nil` for the root. Lets a cache find a pointer it has seen without hashing its
    /// tokens, as long as the cache holds the pointer so that the identity is not reused.
    package var storageIdentity: ObjectIdentifier? { last.map(ObjectIdentifier.init) }

    /// Whether `other` is this pointer or below it.
    public func isPrefix(of other: JSONPointer) -> Bool {
        var candidate: JSONPointer? = other
        while let current = candidate, current.count >= count {
            if current == self { return true }
            candidate = current.parent
        }
        return false
    }

    /// The pointer text (`/a/b~1c`), written into one string sized first rather than grown token by token.
    public var description: String {
        let tokens = tokens
        guard !tokens.isEmpty else { return "" }
        // Escapes lengthen a token by one byte each (`~` and `/` become two bytes).
        var length = 0
        for token in tokens { length += 1 + token.utf8.count + Self.escapeCount(token) }
        var text = ""
        text.reserveCapacity(length)
        for token in tokens {
            text.append("/")
            text.append(Self.escape(token))
        }
        return text
    }

    /// How many `~` and `/` bytes `token` holds, each of which `escape(_:)` writes as two.
    private static func escapeCount(_ token: String) -> Int {
        var token = token
        return token.withUTF8 { bytes in
            bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "~") || $1 == UInt8(ascii: "/") ? 1 : 0) }
        }
    }

    /// The pointer as a URI fragment (`#/a/b~1c`, with characters outside the fragment set percent-encoded).
    public var fragment: String {
        "#" + PercentEncoding.encodeFragment(description)
    }

    /// Orders pointers by their text.
    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
    }

    /// The value this pointer names inside `document`, if any.
    public func resolve(in document: JSONValue) -> JSONValue? {
        walk(in: document).value
    }

    /// The value this pointer names and its source position (as `position(in:)` finds it), in one
    /// walk from the root.
    public func resolveWithPosition(in document: JSONValue) -> (value: JSONValue, position: SourcePosition)? {
        let found = walk(in: document)
        guard let value = found.value else { return nil }
        return (value, found.position)
    }

    /// The closest known source position of the value this pointer names: the key that holds it,
    /// or failing that the nearest enclosing object.
    public func position(in document: JSONValue) -> SourcePosition {
        walk(in: document).position
    }

    /// Follows the tokens as far as they go: the value (`nil` when a token names nothing) and the
    /// last known position on the way. Not recursive, so a pointer of any length is safe.
    private func walk(in document: JSONValue) -> (value: JSONValue?, position: SourcePosition) {
        let start = document.objectValue?.position ?? .unknown
        var value = document
        var best = start
        for token in tokens {
            guard let next = Self.step(from: value, to: token, best: &best) else { return (nil, best) }
            value = next
        }
        return (value, best)
    }

    /// The value `token` names inside `value`, with `best` moved to its key (or its element object's
    /// start) when that is known; `nil` when it names nothing.
    static func step(from value: JSONValue, to token: String, best: inout SourcePosition) -> JSONValue? {
        switch value {
        case .object(let object):
            guard let offset = object.offset(of: token) else { return nil }
            let position = object.members[offset].position
            if position.isKnown { best = position }
            return object.members[offset].value
        case .array(let array):
            guard let index = arrayIndex(token), array.indices.contains(index) else { return nil }
            if let start = array[index].objectValue?.position, start.isKnown { best = start }
            return array[index]
        default:
            return nil
        }
    }

    /// Follows `tokens` down from `value`, which stands at `position`: the value they name (`nil` when a
    /// token names nothing) and the last known position on the way (a member's key, an element object's
    /// start). For walkers that hold a value part way down a document and need what is below it.
    public static func follow(
        _ tokens: some Sequence<String>, from value: JSONValue, at position: SourcePosition
    ) -> (value: JSONValue?, position: SourcePosition) {
        var current = value
        var best = position
        for token in tokens {
            guard let next = step(from: current, to: token, best: &best) else { return (nil, best) }
            current = next
        }
        return (current, best)
    }

    /// `follow(_:from:at:)` for tokens in an array: the generic version, called from another module,
    /// is not specialized there and walked the tokens through witness tables (a thirtieth of compiling).
    public static func follow(
        _ tokens: [String], from value: JSONValue, at position: SourcePosition
    ) -> (value: JSONValue?, position: SourcePosition) {
        follow(tokens[...], from: value, at: position)
    }

    /// Reads an array index token: digits only, no leading zeros (RFC 6901 §4).
    public static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if token.count > 1, token.hasPrefix("0") { return nil }
        return Int(token)
    }
}

/// A value of a document with where it is written, as `JSONPointer.resolveWithPosition(in:)` answers:
/// for walkers that hand a value they already found to code that would otherwise find it again.
package typealias PositionedJSONValue = (value: JSONValue, position: SourcePosition)
