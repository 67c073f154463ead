// Memory safety: the buffer is lent for the call; eight-byte loads happen only where `index + 8 <= count`, and
// a sequence's continuation bytes are read only after `index + needed < count`.

/// Strict UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
package enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8.
    @inlinable
    package static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        firstInvalidOffset(bytes) == nil
    }

    /// The offset of the first byte that starts an ill-formed sequence, or `nil` when all is well-formed.
    @inlinable
    package static func firstInvalidOffset(_ bytes: some Collection<UInt8>) -> Int? {
        if let result = bytes.withContiguousStorageIfAvailable({ firstInvalidOffset(in: $0) }) {
            return result
        }
        return Array(bytes).withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }

    /// The offset of the first byte that starts an ill-formed sequence in a buffer, or `nil`.
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII runs dominate real documents: test eight bytes at a time.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let needed: Int
            let minimum: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: (needed, minimum, scalar) = (1, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (needed, minimum, scalar) = (2, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (needed, minimum, scalar) = (3, 0x10000, UInt32(lead & 0x07))
            default: return index
            }
            guard index + needed < count else { return index }
            for offset in 1...needed {
                let next = base[index + offset]
                guard next & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            index += needed + 1
        }
        return nil
    }
}
