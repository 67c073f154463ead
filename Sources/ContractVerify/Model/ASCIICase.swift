extension String {
    /// `lowercased()`, skipping the Unicode case mapping (and its new string) when the text is ASCII
    /// without capitals: schemes and hosts arrive that way, and this runs on every request.
    func lowercasedIfNeeded() -> String {
        allBytes { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) } ? self : lowercased()
    }

    /// `uppercased()`, skipping the work when the text is ASCII without small letters (`GET`, `POST`).
    func uppercasedIfNeeded() -> String {
        allBytes { $0 < 0x80 && !($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) } ? self : uppercased()
    }

    /// Whether every UTF-8 byte satisfies `test`, read from contiguous storage when the string has it.
    private func allBytes(_ test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? utf8.allSatisfy(test)
    }

    /// Whether `lowercasedIfNeeded()` would equal `lowered`, without building the lower-cased copy when
    /// both are ASCII (schemes and hosts, compared on every request).
    func lowercasedEquals(_ lowered: String) -> Bool {
        guard utf8.count == lowered.utf8.count else { return lowercasedIfNeeded() == lowered }
        let ascii = utf8.withContiguousStorageIfAvailable { text in
            lowered.utf8.withContiguousStorageIfAvailable { target -> Bool? in
                for (byte, expected) in zip(text, target) {
                    guard byte < 0x80, expected < 0x80 else { return nil }
                    let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                    guard folded == expected else { return false }
                }
                return true
            }
        }
        if let ascii, let ascii, let decided = ascii { return decided }
        return lowercasedIfNeeded() == lowered
    }
}
