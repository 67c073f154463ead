/// `uri`, `uri-reference`, `iri`, `iri-reference` (RFC 3986 / RFC 3987 syntax) and `uri-template` (RFC 6570).
enum URIFormat {
    private static let unreserved = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".unicodeScalars)
    private static let subDelimiters = Set("!$&'()*+,;=".unicodeScalars)

    /// Whether `scalar` may appear unencoded in a component whose extra allowed characters are `extra`.
    private static func allowed(_ scalar: Unicode.Scalar, _ extra: String, international: Bool) -> Bool {
        if unreserved.contains(scalar) || subDelimiters.contains(scalar) || extra.unicodeScalars.contains(scalar) {
            return true
        }
        // RFC 3987 ucschar (private-use ranges too, for iprivate in queries).
        return international && !scalar.isASCII && scalar.properties.generalCategory != .control
            && scalar.properties.generalCategory != .spaceSeparator
    }

    private static func isComponent(_ text: Substring, _ extra: String, international: Bool) -> Bool {
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "%" {
                guard scalars.count >= 2, let a = scalars.popFirst(), let b = scalars.popFirst(), a.isASCII, b.isASCII,
                    Formats.isHexDigit(UInt8(a.value)), Formats.isHexDigit(UInt8(b.value))
                else { return false }
                continue
            }
            guard allowed(scalar, extra, international: international) else { return false }
        }
        return true
    }

    static func isValid(_ string: String, absolute: Bool, international: Bool) -> Bool {
        let reference = URIReference(string)
        if absolute, reference.scheme == nil { return false }
        if reference.scheme == nil, let colon = string.firstIndex(of: ":"),
            !string[..<colon].contains("/"), !string[..<colon].contains("?"), !string[..<colon].contains("#")
        {
            // A relative reference whose first segment has a colon would read as a scheme.
            return false
        }
        if let authority = reference.authority {
            var host = Substring(authority)
            if let at = host.lastIndex(of: "@") {
                guard isComponent(host[..<at], ":", international: international) else { return false }
                host = host[host.index(after: at)...]
            }
            if host.hasPrefix("[") {
                guard let close = host.firstIndex(of: "]") else { return false }
                let literal = host[host.index(after: host.startIndex)..<close]
                guard IPAddressFormat.isIPv6(String(literal)) || literal.hasPrefix("v") || literal.hasPrefix("V") else {
                    return false
                }
                host = host[host.index(after: close)...]
                if host.hasPrefix(":") {
                    guard host.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
                } else if !host.isEmpty {
                    return false
                }
            } else {
                if let colon = host.lastIndex(of: ":") {
                    guard host[host.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) else {
                        return false
                    }
                    host = host[..<colon]
                }
                guard isComponent(host, "", international: international) else { return false }
            }
        }
        guard isComponent(Substring(reference.path), ":@/", international: international) else { return false }
        if let query = reference.query, !isComponent(Substring(query), ":@/?", international: international) {
            return false
        }
        if let fragment = reference.fragment, !isComponent(Substring(fragment), ":@/?", international: international) {
            return false
        }
        return true
    }

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
