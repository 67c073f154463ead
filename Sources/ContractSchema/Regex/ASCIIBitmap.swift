/// A set of ASCII bytes as two 64-bit masks, for membership tests without branching on ranges.
struct ASCIIBitmap: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The bytes below 128 for which `includes` is true.
    init(_ includes: (UInt8) -> Bool) {
        for byte in UInt8(0)..<128 where includes(byte) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    /// The ASCII bytes of `characters` (others are left out).
    init(characters: String) {
        let bytes = Array(characters.utf8)
        self.init { bytes.contains($0) }
    }

    /// Whether the set holds `byte`, which must be below 128.
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? (low >> UInt64(byte)) & 1 == 1 : (high >> UInt64(byte &- 64)) & 1 == 1
    }

    /// `contains` for any byte, `false` past ASCII: one word chosen and one shift, without the branch
    /// per half (a pattern's one-pass match tests every byte of the input this way).
    @inline(__always)
    func contains(anyByte byte: UInt8) -> Bool {
        let word = byte & 0x40 == 0 ? low : high
        return byte < 0x80 && (word >> UInt64(byte & 0x3F)) & 1 == 1
    }

    /// Whether no byte is in both sets.
    func isDisjoint(with other: ASCIIBitmap) -> Bool {
        low & other.low == 0 && high & other.high == 0
    }
}
