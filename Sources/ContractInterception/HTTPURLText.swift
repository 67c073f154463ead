import ContractVerify

// Memory safety: the URL's bytes are lent by `withUTF8` for the cut, and every index is checked against
// `bytes.count` (or lies between bounds that were) before it is read.

/// The parts of an HTTP URL cut from its text in one pass, for the request reader.
///
/// Why not `URL`'s accessors: each of `host`, `port`, `path` and `query` runs code of its own in
/// Foundation, and each request of the fake backend would run all of it.
/// Only the plain shape is cut here: `scheme://host[:port][/path][?query][#fragment]` with an ASCII
/// host and no user info, IP literal or escape in the authority, and a non-empty port and query when
/// their delimiters appear. Anything else is `nil`, and the reader asks `URL`, so the parts always equal
/// what its accessors give (`RequestReadingTests` compares them).
enum HTTPURLText {
    /// The request for `text` (an absolute URL's `absoluteString`) with the given method, headers and body,
    /// or `nil` when the text is not of the plain shape. The request is made where the text is cut: parts
    /// handed back in a value of their own cost more to copy and destroy than cutting them.
    static func request(method: String, url text: String, headers: HTTPHeaders, body: HTTPBody) -> HTTPRequest? {
        var text = text
        return text.withUTF8 { bytes in
            guard let cut = cut(bytes) else { return nil }
            let host = string(bytes, cut.hostStart, cut.hostEnd)
            return HTTPRequest(
                method: method, lowercasedScheme: cut.isHTTPS ? "https" : "http",
                lowercasedHost: cut.hostHasCapitals ? host.lowercased() : host,
                port: cut.port < 0 ? nil : cut.port, path: string(bytes, cut.pathStart, cut.pathEnd),
                query: cut.queryStart < 0 ? nil : string(bytes, cut.queryStart, cut.queryEnd), headers: headers,
                body: body)
        }
    }

    /// The text between `start` and `end`. One function rather than the decoding inlined three times: the
    /// request path finds its code out of the processor's caches, and each copy was lines of its own.
    @inline(never)
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Where the parts are in the text: the host as written, the path (empty when the URL has none) and the
    /// text after `?`, both still percent-encoded. Plain integers, with -1 for none: optional ranges in a
    /// tuple made the runtime look up the tuple's type on every request.
    struct Cut {
        var isHTTPS: Bool
        /// Whether the host has an ASCII capital (the only bytes a plain host can have to lower-case).
        var hostHasCapitals: Bool
        var hostStart: Int
        var hostEnd: Int
        var port: Int
        var pathStart: Int
        var pathEnd: Int
        var queryStart: Int
        var queryEnd: Int
    }

    /// The parts' places, or `nil` for a text not of the plain shape.
    static func cut(_ bytes: UnsafeBufferPointer<UInt8>) -> Cut? {
        guard let scheme = ContractURLProtocol.httpScheme(bytes) else { return nil }
        let slash = UInt8(ascii: "/")
        var index = scheme.utf8.count + 1
        guard index + 1 < bytes.count, bytes[index] == slash, bytes[index + 1] == slash else { return nil }
        index += 2
        let hostStart = index
        var hostEnd = -1
        var capitals = false
        while index < bytes.count {
            let byte = bytes[index]
            // `A`...`Z` as one comparison: below `A`, the subtraction wraps around to 230 and above.
            if byte &- UInt8(ascii: "A") < 26 { capitals = true }
            if byte == slash || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: ":") {
                guard hostEnd < 0 else { return nil }
                hostEnd = index
            } else if !Self.isPlainAuthorityByte(byte) {
                return nil
            }
            index += 1
        }
        let authorityEnd = index
        if hostEnd < 0 { hostEnd = authorityEnd }
        guard hostEnd > hostStart else { return nil }
        var port = -1
        if hostEnd < authorityEnd {
            guard let value = Self.port(bytes, from: hostEnd + 1, to: authorityEnd) else { return nil }
            port = value
        }
        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
        let pathEnd = index
        var queryStart = -1
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            queryStart = index + 1
            index = queryStart
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
            // `URL` tells an empty query from none in ways not worth copying here: the reader asks it.
            guard index > queryStart else { return nil }
        }
        return Cut(
            isHTTPS: scheme.utf8.count == 5, hostHasCapitals: capitals, hostStart: hostStart, hostEnd: hostEnd,
            port: port, pathStart: pathStart,
            pathEnd: pathEnd, queryStart: queryStart, queryEnd: index)
    }

    /// Letters, digits, `-`, `.` and `_`: a host name that needs no decoding (`%`, `@` and `[` are not).
    private static func isPlainAuthorityByte(_ byte: UInt8) -> Bool {
        // `| 0x20` lower-cases a letter; `-`, `.` and the digits are below every letter either way.
        let lowered = byte | 0x20
        return (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }

    /// The decimal port between `start` and `end`: one to five digits, at most 65535.
    private static func port(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard end > start, end - start <= 5 else { return nil }
        var value = 0
        for index in start..<end {
            let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value <= 65_535 ? value : nil
    }
}
