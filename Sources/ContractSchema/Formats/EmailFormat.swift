// Memory safety: the bytes are lent by `withContiguousStorageIfAvailable` for `plainVerdict`, which reads them
// through collection operations (`lastIndex`, slices from that index, iteration) only.

/// `email` (RFC 5321 mailbox: dot-atom or quoted local part, host name or address literal) and
/// `idn-email` (RFC 6531: the same with UTF-8 allowed).
enum EmailFormat {
    /// The `atext` specials of RFC 5322 and the dot.
    private static let specials = ASCIIBitmap(characters: "!#$%&'*+-/=?^_`{|}~.")

    private static func isSpecial(_ value: UInt32) -> Bool {
        value < 128 && specials.contains(UInt8(value))
    }

    static func isEmail(_ string: String, international: Bool) -> Bool {
        if let plain = string.utf8.withContiguousStorageIfAvailable(plainVerdict), let verdict = plain {
            return verdict
        }
        // Searching the UTF-8 view avoids grapheme breaking; `@` is ASCII, so the index is a boundary.
        guard let at = string.utf8.lastIndex(of: UInt8(ascii: "@")) else { return false }
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

    /// The common case on the bytes, with no `Substring` or scalar walk (which cost ten times
    /// the check): an unquoted ASCII local part and a plain ASCII host name. The same verdict as
    /// the full check, or `nil` when the address needs it (quoted or non-ASCII local part, an
    /// address literal, a host name that is not plain ASCII).
    private static func plainVerdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard let first = local.first, let domainFirst = domain.first else { return false }
        guard first != UInt8(ascii: "\""), domainFirst != UInt8(ascii: "[") else { return nil }
        // A dot-atom: atext and dots, no dot first, last or next to another.
        var previous = UInt8(ascii: ".")
        for byte in local {
            if byte == UInt8(ascii: ".") {
                guard previous != UInt8(ascii: ".") else { return false }
            } else if byte >= 0x80 {
                return nil
            } else if !RegexCharacterClass.isWord(UInt32(byte)) && !isSpecial(UInt32(byte)) {
                return false
            }
            previous = byte
        }
        guard previous != UInt8(ascii: ".") else { return false }
        return HostnameFormat.isPlainASCIIHostname(domain)
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
        var previous: Unicode.Scalar = "."
        return local.unicodeScalars.allSatisfy { scalar in
            defer { previous = scalar }
            if scalar == "." { return previous != "." }
            if scalar.isASCII {
                return RegexCharacterClass.isWord(scalar.value) || isSpecial(scalar.value)
            }
            return international
        } && previous != "."
    }
}
