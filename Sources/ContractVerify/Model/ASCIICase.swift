import ContractJSON

extension String {
    /// `lowercased()`, skipping the Unicode case mapping (and its new string) when the text is ASCII
    /// without capitals: schemes and hosts arrive that way, and this runs on every request.
    func lowercasedIfNeeded() -> String {
        allUTF8Bytes { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) } ? self : lowercased()
    }

    /// `uppercased()`, skipping the work when the text is ASCII without small letters (`GET`, `POST`).
    func uppercasedIfNeeded() -> String {
        allUTF8Bytes { $0 < 0x80 && !($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) } ? self : uppercased()
    }

    /// Whether `lowercasedIfNeeded()` would equal `lowered` (text already lower-cased), without building
    /// the lower-cased copy for ASCII text (schemes and hosts, compared on every request).
    func lowercasedEquals(_ lowered: String) -> Bool {
        if HTTPHeaders.sameName(self, lowered) { return true }
        // ASCII letters are folded above and other bytes compared as they are; only text with non-ASCII
        // bytes can still be equal once Unicode lower-cases it.
        return !allUTF8Bytes { $0 < 0x80 } && lowercasedIfNeeded() == lowered
    }
}
