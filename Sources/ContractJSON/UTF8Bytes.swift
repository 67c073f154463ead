extension StringProtocol {
    /// Whether every UTF-8 byte of the text satisfies `test`, read from its contiguous storage when it
    /// has one: the generic `UTF8View` walk costs more than the work these questions guard (is a name ASCII, does a fragment need percent-decoding, a token escaping).
    @inlinable
    package func allUTF8Bytes(satisfy test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? allUTF8BytesIterating(satisfy: test)
    }

    /// Whether some UTF-8 byte of the text satisfies `test`, read as `allUTF8Bytes(satisfy:)` reads.
    @inlinable
    package func containsUTF8Byte(where test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: test) } ?? !allUTF8BytesIterating { !test($0) }
    }

    /// The walk over a text without contiguous UTF-8 (a bridged string, a substring of one), apart: inlined
    /// where the questions are asked, the generic walk put more code into request paths
    /// that never take it, and those paths find their code out of the processor's caches.
    @usableFromInline
    @inline(never)
    func allUTF8BytesIterating(satisfy test: (UInt8) -> Bool) -> Bool {
        utf8.allSatisfy(test)
    }
}
