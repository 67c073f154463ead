extension String {
    /// `lowercased()`, skipping the Unicode case mapping (and its new string) when the text is ASCII
    /// without capitals: schemes and hosts arrive that way, and this runs on every request.
    func lowercasedIfNeeded() -> String {
        utf8.allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) } ? self : lowercased()
    }

    /// `uppercased()`, skipping the work when the text is ASCII without small letters (`GET`, `POST`).
    func uppercasedIfNeeded() -> String {
        utf8.allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) } ? self : uppercased()
    }
}
