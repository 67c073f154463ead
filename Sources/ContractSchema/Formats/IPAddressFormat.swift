/// `ipv4` (RFC 2673 dotted-quad, no leading zeros) and `ipv6` (RFC 4291 §2.2 text forms, no zone).
enum IPAddressFormat {
    @Sendable static func isIPv4(_ string: String) -> Bool {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                part == "0" || !part.hasPrefix("0"), let value = Int(part), value <= 255
            else { return false }
        }
        return true
    }

    @Sendable static func isIPv6(_ string: String) -> Bool {
        guard string.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        var text = Substring(string)
        var groupsAvailable = 8
        if let lastColon = text.lastIndex(of: ":"), text[text.index(after: lastColon)...].contains(".") {
            guard isIPv4(String(text[text.index(after: lastColon)...])) else { return false }
            text = text[...lastColon]
            if !text.hasSuffix("::") { text = text.dropLast() }
            groupsAvailable = 6
        }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ half: String) -> Int? {
            guard !half.isEmpty else { return 0 }
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for part in parts {
                guard !part.isEmpty, part.count <= 4, part.utf8.allSatisfy(Formats.isHexDigit) else { return nil }
            }
            return parts.count
        }
        if halves.count == 1 {
            return groups(halves[0]) == groupsAvailable
        }
        guard let left = groups(halves[0]), let right = groups(halves[1]) else { return false }
        return left + right < groupsAvailable
    }
}
