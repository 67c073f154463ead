/// Strict UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
public enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8.
    public static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        firstInvalidOffset(bytes) == nil
    }

    /// The offset of the first byte that starts an ill-formed sequence, or `nil` when all is well-formed.
    public static func firstInvalidOffset(_ bytes: some Collection<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var offset = 0
        while let lead = iterator.next() {
            let start = offset
            offset += 1
            if lead < 0x80 { continue }
            let needed: Int
            var minimum: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: needed = 1; minimum = 0x80; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: needed = 2; minimum = 0x800; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: needed = 3; minimum = 0x10000; scalar = UInt32(lead & 0x07)
            default: return start
            }
            for _ in 0..<needed {
                guard let next = iterator.next(), next & 0xC0 == 0x80 else { return start }
                scalar = scalar << 6 | UInt32(next & 0x3F)
                offset += 1
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return start }
        }
        return nil
    }
}
