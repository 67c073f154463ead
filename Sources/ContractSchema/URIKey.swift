/// An absolute URI as a dictionary key, hashed by its length and last eight bytes only.
///
/// The compiler and the registry look documents up by URI once or more per schema node, and SipHash
/// over a long `file:///…` URI was most of each lookup. URIs that name different documents differ
/// at their end (file names, the numbers of the `urn:contractcheck:synthesized:N` schemas), so the
/// length and the tail spread them; equality still compares the whole text.
struct URIKey: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: URIKey, rhs: URIKey) -> Bool { lhs.text == rhs.text }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        hasher.combine(Self.tail(of: text))
    }

    /// The last eight bytes of `uri`, read from its contiguous storage when it has one (a walk over
    /// `utf8.suffix(8)` went through the generic collection path on every lookup), by offset: a user's
    /// debug build runs a slice's iterator unspecialized, and that was 4% of a Swagger 2.0 contract's first
    /// use there.
    @inline(__always)
    private static func tail(of uri: String) -> UInt64 {
        let fast = uri.utf8.withContiguousStorageIfAvailable { bytes in
            var tail: UInt64 = 0
            var offset = bytes.count > 8 ? bytes.count - 8 : 0
            while offset < bytes.count {
                tail = tail << 8 | UInt64(bytes[offset])
                offset += 1
            }
            return tail
        }
        if let fast { return fast }
        var tail: UInt64 = 0
        for byte in uri.utf8.suffix(8) { tail = tail << 8 | UInt64(byte) }
        return tail
    }
}
