/// `uri`, `uri-reference`, `iri`, `iri-reference` (RFC 3986 / RFC 3987 syntax) and `uri-template` (RFC 6570).
enum URIFormat {
    /// The ASCII bytes every component allows unencoded: RFC 3986 `unreserved` and `sub-delims`.
    private static let plainCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;="
    private static let plain = ASCIIBitmap(characters: plainCharacters)
    private static let userInfo = ASCIIBitmap(characters: plainCharacters + ":")
    private static let path = ASCIIBitmap(characters: plainCharacters + ":@/")
    private static let queryOrFragment = ASCIIBitmap(characters: plainCharacters + ":@/?")

    /// Checks the reference on its UTF-8 bytes: every delimiter is ASCII, and walking bytes rather than
    /// `Character`s keeps a typical link well under a microsecond (a list response carries hundreds).
    static func isValid(_ string: String, absolute: Bool, international: Bool) -> Bool {
        let bytes = Array(string.utf8)
        var end = bytes.endIndex
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            guard isComponent(bytes[(hash + 1)...], allowing: queryOrFragment, international: international) else {
                return false
            }
            end = hash
        }
        if let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
            guard isComponent(bytes[(question + 1)..<end], allowing: queryOrFragment, international: international)
            else { return false }
            end = question
        }
        var start = bytes.startIndex
        // A colon before any slash ends a scheme; in a relative reference it would read as one, so it is invalid.
        if let delimiter = bytes[..<end].firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") }),
            bytes[delimiter] == UInt8(ascii: ":")
        {
            guard isScheme(bytes[..<delimiter]) else { return false }
            start = delimiter + 1
        } else if absolute {
            return false
        }
        if end - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
            let authorityEnd = bytes[(start + 2)..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            guard isAuthority(bytes[(start + 2)..<authorityEnd], international: international) else { return false }
            start = authorityEnd
        }
        return isComponent(bytes[start..<end], allowing: path, international: international)
    }

    /// RFC 3986 §3.1: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { byte in
            isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }

    /// `[userinfo@]host[:port]`, where the host is a registered name or a bracketed IP literal.
    private static func isAuthority(_ authority: ArraySlice<UInt8>, international: Bool) -> Bool {
        var host = authority
        if let at = host.lastIndex(of: UInt8(ascii: "@")) {
            guard isComponent(host[..<at], allowing: userInfo, international: international) else { return false }
            host = host[(at + 1)...]
        }
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = host[(host.startIndex + 1)..<close]
            guard
                literal.first == UInt8(ascii: "v") || literal.first == UInt8(ascii: "V")
                    || IPAddressFormat.isIPv6(String(decoding: literal, as: UTF8.self))
            else { return false }
            let rest = host[(close + 1)...]
            guard let colon = rest.first else { return true }
            return colon == UInt8(ascii: ":") && rest.dropFirst().allSatisfy(isDigit)
        }
        if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
            guard host[(colon + 1)...].allSatisfy(isDigit) else { return false }
            host = host[..<colon]
        }
        return isComponent(host, allowing: plain, international: international)
    }

    /// Whether every byte is allowed, percent-encoded (`%` and two hex digits), or, in an IRI, part of a
    /// non-ASCII character that RFC 3987 allows (`ucschar` and `iprivate`: anything but controls and spaces).
    private static func isComponent(_ bytes: ArraySlice<UInt8>, allowing allowed: ASCIIBitmap, international: Bool)
        -> Bool
    {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, Formats.isHexDigit(bytes[index + 1]),
                    Formats.isHexDigit(bytes[index + 2])
                else { return false }
                index += 3
            } else if byte < 0x80 {
                guard allowed.contains(byte) else { return false }
                index += 1
            } else {
                var iterator = bytes[index...].makeIterator()
                var decoder = UTF8()
                guard international, case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
                let category = scalar.properties.generalCategory
                guard category != .control, category != .spaceSeparator else { return false }
                index += UTF8.width(scalar)
            }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// RFC 6570 level 4: literals outside braces, expressions `{[op]varspec,…}` inside.
    @Sendable static func isTemplate(_ string: String) -> Bool {
        var scalars = Array(string.unicodeScalars)[...]
        let forbidden = Set(" \"<>\\^`|}".unicodeScalars)
        while let scalar = scalars.popFirst() {
            if scalar == "{" {
                guard let close = scalars.firstIndex(of: "}") else { return false }
                guard isExpression(scalars[..<close]) else { return false }
                scalars = scalars[(close + 1)...]
            } else if scalar == "%" {
                guard let a = scalars.popFirst(), let b = scalars.popFirst(), a.isASCII, b.isASCII,
                    Formats.isHexDigit(UInt8(a.value)), Formats.isHexDigit(UInt8(b.value))
                else { return false }
            } else if scalar.value < 0x21 || scalar.value == 0x7F || forbidden.contains(scalar) {
                return false
            }
        }
        return true
    }

    private static func isExpression(_ body: ArraySlice<Unicode.Scalar>) -> Bool {
        var body = body
        if let first = body.first, "+#./;?&".unicodeScalars.contains(first) { body = body.dropFirst() }
        let specs = body.split(separator: ",", omittingEmptySubsequences: false)
        for spec in specs {
            var name = spec[...]
            if name.last == "*" {
                name = name.dropLast()
            } else if let colon = name.firstIndex(of: ":") {
                let length = name[(colon + 1)...]
                guard (1...4).contains(length.count), let first = length.first, first != "0",
                    length.allSatisfy({ $0.isASCII && $0.properties.numericType != nil })
                else { return false }
                name = name[..<colon]
            }
            guard !name.isEmpty, name.first != ".", name.last != ".",
                !zip(name, name.dropFirst()).contains(where: { $0 == "." && $1 == "." })
            else { return false }
            for scalar in name
            where !(scalar.isASCII && (RegexCharacterClass.isWord(scalar.value) || scalar == "." || scalar == "%")) {
                return false
            }
        }
        return true
    }
}
