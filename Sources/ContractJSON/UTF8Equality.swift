#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Whether the two strings are the same bytes (not merely canonically equivalent, as `==` says).
    ///
    /// One memory comparison when both strings are contiguous UTF-8, which native strings are; the
    /// generic `elementsEqual` over two views stepped byte by byte through iterators.
    package func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
        if let compared, let compared { return compared }
        return Self.sameUTF8Iterating(self, other)
    }

    /// `hasSameUTF8` for strings without contiguous UTF-8, kept out of line so that the common path stays
    /// small.
    @inline(never)
    private static func sameUTF8Iterating(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }
}
