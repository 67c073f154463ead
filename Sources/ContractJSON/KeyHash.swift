// Memory safety: `of` loads whole words only where `offset + 8 <= count`, or, for the last partial word, where
// `offset + 8 <= readable` (callers pass a `readable` their buffer really has); the buffers are lent by
// `withContiguousStorageIfAvailable`/`withUnsafeBytes` for the call.

/// The hash of an object key's UTF-8 bytes that `MemberIndex` and the parser share, so that the
/// parser hashes each key once, from the input, while it reads it, and the index does not hash
/// it again from the key's `String`.
package enum KeyHash {
    /// A random seed per process, so that colliding keys cannot be prepared in advance.
    package static let seed = UInt64.random(in: 1...UInt64.max)

    /// The hash of `bytes`, and whether they are all ASCII. `readable` (at least `bytes.count`) is
    /// how many bytes from the start may be loaded: when the last partial word fits in it, that
    /// word is loaded whole and masked instead of being assembled byte by byte. `seed` is `seed`,
    /// passed in by callers that hash many keys (reading a `static let` checks its lazy
    /// initialization every time).
    @inline(__always)
    static func of(_ bytes: UnsafeRawBufferPointer, readable: Int, seed: UInt64) -> (hash: UInt64, isASCII: Bool) {
        let count = bytes.count
        var hash = seed ^ UInt64(truncatingIfNeeded: count)
        var high: UInt64 = 0
        var tail: UInt64 = 0
        if let base = bytes.baseAddress {
            var offset = 0
            while offset + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                high |= word
                hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 32
                offset += 8
            }
            let left = count - offset
            if left > 0, offset + 8 <= readable {
                // In bounds by `readable`; the bytes past the key are masked off.
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                tail = word & (~0 >> UInt64(64 - 8 * left))
            } else if left > 0 {
                for index in 0..<left { tail |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
            }
        }
        high |= tail
        hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
        // Mix the high bits down: tables are indexed by the low ones.
        return (hash ^ (hash >> 29) ^ (hash >> 47), high & 0x8080_8080_8080_8080 == 0)
    }

    /// The hash of a string's UTF-8 bytes, and whether they are all ASCII; `seed` is the process's
    /// unless a caller needs the same hash in every process.
    @inline(__always)
    package static func of(_ string: String, seed: UInt64 = KeyHash.seed) -> (hash: UInt64, isASCII: Bool) {
        let hashed = string.utf8.withContiguousStorageIfAvailable { bytes in
            of(UnsafeRawBufferPointer(bytes), readable: bytes.count, seed: seed)
        }
        if let hashed { return hashed }
        return Array(string.utf8).withUnsafeBytes { of($0, readable: $0.count, seed: seed) }
    }
}
