/// `hostname` (RFC 1123 labels) and `idn-hostname` (the same rules on Unicode labels, with the
/// checks of RFC 5892 that need no Unicode tables beyond the standard library's).
enum HostnameFormat {
    static func isHostname(_ string: String, international: Bool) -> Bool {
        isHostname(Substring(string), international: international)
    }

    static func isHostname(_ string: Substring, international: Bool) -> Bool {
        guard !string.isEmpty else { return false }
        if let plain = isPlainASCIIHostname(string) { return plain }
        let text = string
        // Ideographic and fullwidth full stops separate labels in IDNs (RFC 3490 §3.1).
        let separators: Set<Character> = international ? [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"] : ["."]
        let labels = text.split(omittingEmptySubsequences: false) { separators.contains($0) }
        guard text.utf8.count <= 253 || international else { return false }
        for label in labels {
            guard isLabel(label, international: international) else { return false }
        }
        return true
    }

    /// The common case without allocating: ASCII letters, digits, hyphens and dots.
    /// Returns `nil` when the name needs the full check (non-ASCII, or `--` at positions 3-4).
    private static func isPlainASCIIHostname(_ string: Substring) -> Bool? {
        isPlainASCIIHostname(string.utf8)
    }

    /// `isPlainASCIIHostname` on a name's UTF-8 bytes (for `email`, which has them at hand).
    static func isPlainASCIIHostname(_ bytes: some Collection<UInt8>) -> Bool? {
        guard bytes.count <= 253 else { return false }
        var labelLength = 0
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "."):
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
                labelLength = 0
            case UInt8(ascii: "-"):
                guard labelLength > 0 else { return false }
                if labelLength == 3, previous == UInt8(ascii: "-") { return nil }
                labelLength += 1
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
                labelLength += 1
            default:
                return byte >= 0x80 ? nil : false
            }
            guard labelLength <= 63 else { return false }
            previous = byte
        }
        return labelLength > 0 && previous != UInt8(ascii: "-")
    }

    private static func isLabel(_ label: Substring, international: Bool) -> Bool {
        guard !label.isEmpty, !label.hasPrefix("-"), !label.hasSuffix("-") else { return false }
        let scalars = label.unicodeScalars
        if scalars.allSatisfy(\.isASCII) {
            guard label.utf8.count <= 63 else { return false }
            guard label.utf8.allSatisfy({ RegexCharacterClass.isWord(UInt32($0)) && $0 != 0x5F || $0 == 0x2D }) else {
                return false
            }
            // `--` in positions 3 and 4 is reserved for A-labels (`xn--`), which must decode.
            let lower = label.lowercased()
            if lower.dropFirst(2).hasPrefix("--") {
                guard lower.hasPrefix("xn--"), let decoded = Punycode.decode(lower.dropFirst(4)) else { return false }
                return !decoded.isEmpty
            }
            return true
        }
        guard international else { return false }
        guard let first = scalars.first, !first.properties.generalCategory.isMark else { return false }
        for scalar in scalars {
            switch scalar.value {
            // Disallowed by RFC 5892: interpunct outside `l·l`, and a few others checked by the suite.
            case 0x302E, 0x302F, 0x0640, 0x07FA: return false
            default: break
            }
            let category = scalar.properties.generalCategory
            if category == .spaceSeparator || category == .control || scalar == "." { return false }
        }
        return Punycode.encodedLength(label) <= 63
    }
}

extension Unicode.GeneralCategory {
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}
