/// `email` (RFC 5321 mailbox: dot-atom or quoted local part, host name or address literal) and
/// `idn-email` (RFC 6531: the same with UTF-8 allowed).
enum EmailFormat {
    /// The `atext` specials of RFC 5322, and the dot.
    private static let specials = Set("!#$%&'*+-/=?^_`{|}~.".unicodeScalars.map(\.value))

    static func isEmail(_ string: String, international: Bool) -> Bool {
        guard let at = string.lastIndex(of: "@") else { return false }
        let local = string[..<at]
        let domain = string[string.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, isLocalPart(local, international: international) else { return false }
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return IPAddressFormat.isIPv6(String(literal.dropFirst(5))) }
            return IPAddressFormat.isIPv4(String(literal))
        }
        return HostnameFormat.isHostname(domain, international: international)
    }

    private static func isLocalPart(_ local: Substring, international: Bool) -> Bool {
        if local.hasPrefix("\""), local.hasSuffix("\""), local.count >= 2 {
            var escaped = false
            for scalar in local.dropFirst().dropLast().unicodeScalars {
                if escaped {
                    escaped = false
                    continue
                }
                if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" || (scalar.value < 0x20 && scalar != "\t") {
                    return false
                }
            }
            return !escaped
        }
        guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
        return local.unicodeScalars.allSatisfy { scalar in
            if scalar.isASCII {
                return RegexCharacterClass.isWord(scalar.value) || specials.contains(scalar.value)
            }
            return international
        }
    }
}
