/// A set of ASCII bytes as a 128-bit mask: membership is two shifts, with no hashing per character.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The set of `characters`, which must all be ASCII (others are left out).
    init(_ characters: String) {
        for byte in characters.utf8 { insert(byte) }
    }

    /// This set with `characters` added.
    func adding(_ characters: String) -> ASCIISet {
        var copy = self
        for byte in characters.utf8 { copy.insert(byte) }
        return copy
    }

    private mutating func insert(_ byte: UInt8) {
        if byte < 64 {
            low |= 1 << UInt64(byte)
        } else if byte < 128 {
            high |= 1 << UInt64(byte - 64)
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        return byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}
