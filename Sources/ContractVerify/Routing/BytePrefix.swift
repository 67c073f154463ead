// Memory safety: the buffers are lent by `withContiguousStorageIfAvailable` for the call; `text` is read only
// at offsets checked against `text.count`, and `literal` below its own count.

/// Whether text starts with a literal, decided on UTF-8 bytes where that gives the same answer as
/// comparing characters: a printable ASCII literal against ASCII text. Non-ASCII text is left to
/// `Character` comparison, since it may be canonically equivalent to ASCII (the Kelvin sign is a `K`)
/// or put a combining mark on the literal's last letter.
enum BytePrefix: Equatable {
    /// The text starts with the literal, which takes `count` bytes of it.
    case matches(count: Int)
    /// The text does not start with the literal.
    case differs
    /// Only comparing characters can tell.
    case undecided

    /// The comparison of the strings' bytes; `nil` when either has no contiguous UTF-8 storage.
    static func compare(_ literal: String, _ text: Substring) -> BytePrefix? {
        let decided = literal.utf8.withContiguousStorageIfAvailable { literal in
            text.utf8.withContiguousStorageIfAvailable { text in compare(literal, text) }
        }
        return decided ?? nil
    }

    static func compare(_ literal: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> BytePrefix {
        // A printable literal has no CR, so no CR LF pair can join its last byte to the text's next.
        for byte in literal where byte < 0x20 || byte >= 0x7F { return .undecided }
        for offset in 0..<literal.count {
            guard offset < text.count else { return .differs }
            let byte = text[offset]
            if byte >= 0x80 { return .undecided }
            if byte != literal[offset] { return .differs }
        }
        // A non-ASCII byte next may be a combining mark, making the last character a different one.
        if literal.count < text.count, text[literal.count] >= 0x80 { return .undecided }
        return .matches(count: literal.count)
    }
}
