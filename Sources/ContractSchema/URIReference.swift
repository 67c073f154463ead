// Memory safety: the bytes are lent by `withUTF8` for the split, and every offset read is below `end`,
// which starts at `bytes.count` and only decreases.

/// A URI reference split into its RFC 3986 parts, with reference resolution (§5.2).
///
/// Written by hand rather than with Foundation's `URL` because schema identifiers include forms
/// `URL` treats inconsistently across platforms (`urn:uuid:…`, `tag:`, empty fragments), and
/// resolution must follow the RFC exactly for `$id` and `$ref` to agree with other validators.
struct URIReference: Hashable, Sendable, CustomStringConvertible {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text` per RFC 3986 appendix B. Every delimiter is ASCII, so the search runs on the
    /// UTF-8 bytes, in place when the string is contiguous; each piece is cut at an ASCII delimiter, so
    /// it is valid UTF-8 whenever `text` is. The searches are plain loops over offsets: a contract
    /// registers a URI per Swagger 2.0 parameter, and the generic `firstIndex(of:)` and `allSatisfy` over
    /// buffer slices run unspecialized in a debug build.
    init(_ text: String) {
        var text = text
        self = text.withUTF8 { Self(splitting: $0) }
    }

    private init(splitting bytes: UnsafeBufferPointer<UInt8>) {
        func piece(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[start..<end], as: UTF8.self)
        }
        /// The offset of the first `byte` in `start..<end`, or `end`.
        func first(_ byte: UInt8, from start: Int, to end: Int) -> Int {
            var offset = start
            while offset < end, bytes[offset] != byte { offset += 1 }
            return offset
        }
        var end = bytes.count
        let hash = first(UInt8(ascii: "#"), from: 0, to: end)
        if hash < end {
            fragment = piece(hash + 1, end)
            end = hash
        }
        let question = first(UInt8(ascii: "?"), from: 0, to: end)
        if question < end {
            query = piece(question + 1, end)
            end = question
        }
        var start = 0
        let colon = first(UInt8(ascii: ":"), from: 0, to: end)
        if colon < end, Self.isScheme(bytes, end: colon) {
            scheme = piece(0, colon)
            start = colon + 1
        }
        if end - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
            let authorityEnd = first(UInt8(ascii: "/"), from: start + 2, to: end)
            authority = piece(start + 2, authorityEnd)
            start = authorityEnd
        }
        path = piece(start, end)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// RFC 3986 §3.1: the bytes before `end` are a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Bool {
        guard end > 0, isLetter(bytes[0]) else { return false }
        var offset = 1
        while offset < end {
            let byte = bytes[offset]
            let allowed =
                isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !allowed { return false }
            offset += 1
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// Whether the reference has a scheme (is absolute, possibly with a fragment).
    var isAbsolute: Bool { scheme != nil }

    /// The reference without its fragment.
    var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `reference` against this base (RFC 3986 §5.2.2, strict).
    func resolving(_ reference: URIReference) -> URIReference {
        if reference.scheme != nil {
            return URIReference(
                scheme: reference.scheme, authority: reference.authority, path: Self.removeDots(reference.path),
                query: reference.query, fragment: reference.fragment)
        }
        if reference.authority != nil {
            return URIReference(
                scheme: scheme, authority: reference.authority, path: Self.removeDots(reference.path),
                query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return URIReference(
                scheme: scheme, authority: authority, path: path, query: reference.query ?? query,
                fragment: reference.fragment)
        }
        let merged: String
        if reference.path.hasPrefix("/") {
            merged = reference.path
        } else if authority != nil, path.isEmpty {
            merged = "/" + reference.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = path[...slash] + reference.path
        } else {
            merged = reference.path
        }
        return URIReference(
            scheme: scheme, authority: authority, path: Self.removeDots(merged), query: reference.query,
            fragment: reference.fragment)
    }

    /// Resolves a reference given as text.
    func resolving(_ text: String) -> URIReference { resolving(URIReference(text)) }

    /// RFC 3986 §5.2.4 dot-segment removal.
    private static func removeDots(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let absolute = path.hasPrefix("/")
        for (offset, segment) in segments.enumerated() {
            if offset == 0 && absolute { continue }
            switch segment {
            case ".":
                if offset == segments.count - 1 { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if offset == segments.count - 1 { output.append("") }
            default:
                output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }

    /// The reference as text.
    var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }
}
