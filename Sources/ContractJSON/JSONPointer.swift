import Foundation

/// An RFC 6901 JSON Pointer, such as `/paths/~1pets/get`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The unescaped reference tokens, outermost first.
    public private(set) var tokens: [String]

    /// The pointer to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// Creates a pointer from unescaped tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses the pointer syntax (`/a/b~1c`). Returns `nil` when the text is neither empty nor starts with `/`,
    /// or when a `~` is not followed by `0` or `1`.
    public init?(_ text: String) {
        if text.isEmpty {
            self.tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = Self.unescape(raw) else { return nil }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    /// Parses a URI fragment (`#/components/schemas/Pet%20Type`): percent-decoding first, then pointer syntax.
    public init?(fragment: String) {
        let body = fragment.hasPrefix("#") ? String(fragment.dropFirst()) : fragment
        guard let decoded = PercentEncoding.decode(body) else { return nil }
        self.init(decoded)
    }

    private static func unescape(_ token: Substring) -> String? {
        guard token.contains("~") else { return String(token) }
        var result = ""
        var iterator = token.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: return nil
            }
        }
        return result
    }

    /// Escapes one token (`~` → `~0`, `/` → `~1`).
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// A pointer one level deeper.
    public func appending(_ token: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(token)
        return copy
    }

    /// A pointer one level deeper, into an array element.
    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// A pointer several levels deeper.
    public func appending(contentsOf other: JSONPointer) -> JSONPointer {
        var copy = self
        copy.tokens.append(contentsOf: other.tokens)
        return copy
    }

    /// The pointer to the parent, or `nil` for the root.
    public var parent: JSONPointer? {
        guard !tokens.isEmpty else { return nil }
        return JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// The last token, or `nil` for the root.
    public var lastToken: String? { tokens.last }

    /// Whether `other` is this pointer or below it.
    public func isPrefix(of other: JSONPointer) -> Bool {
        other.tokens.count >= tokens.count && Array(other.tokens.prefix(tokens.count)) == tokens
    }

    /// The pointer text (`/a/b~1c`).
    public var description: String {
        tokens.map { "/" + Self.escape($0) }.joined()
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
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let array):
                guard let index = Self.arrayIndex(token), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The closest known source position of the value this pointer names: the key that holds it,
    /// or failing that the nearest enclosing object.
    public func position(in document: JSONValue) -> SourcePosition {
        var current = document
        var best = document.objectValue?.position ?? .unknown
        for token in tokens {
            switch current {
            case .object(let object):
                guard let offset = object.offset(of: token) else { return best }
                let member = object.members[offset]
                if member.position.isKnown { best = member.position }
                current = member.value
            case .array(let array):
                guard let index = Self.arrayIndex(token), array.indices.contains(index) else { return best }
                current = array[index]
                if let start = current.objectValue?.position, start.isKnown { best = start }
            default:
                return best
            }
        }
        return best
    }

    /// Reads an array index token: digits only, no leading zeros (RFC 6901 §4).
    public static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if token.count > 1, token.hasPrefix("0") { return nil }
        return Int(token)
    }
}
