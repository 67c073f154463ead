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
                guard IPAddressFormat.isIPv6(String(literal)) || literal.hasPrefix("v") else { return false }
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

    @Sendable static func isTemplate(_ string: String) -> Bool {
        var inExpression = false
        for character in string {
            switch character {
            case "{":
                if inExpression { return false }
                inExpression = true
            case "}":
                if !inExpression { return false }
                inExpression = false
            default:
                continue
            }
        }
        return !inExpression
    }
}
