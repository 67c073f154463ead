// Memory safety: each `String(unsafeUninitializedCapacity:)` buffer is as long as the fixed-width text written
// into it (10, 8, 20 or 36 bytes), and the writers' offsets stay inside that width.

/// Values for each `format` the schema engine asserts, plausible and fixed (dates are recent but constant,
/// so the same seed gives the same bytes next year too).
enum FormatSamples {
    /// A value of `format`; `variant` makes siblings differ, `random` draws the variant from `rng`.
    static func sample(_ format: StringFormat, salt: UInt64, variant: Int, rng: inout SplitMix64, random: Bool)
        -> String
    {
        let pick = random ? rng.below(1 << 20) : variant
        switch format {
        case .dateTime: return dateTime(pick)
        case .date: return date(pick)
        case .time: return time(pick) + "Z"
        case .duration: return ["P1D", "PT30M", "P2W", "PT1H15M", "P1Y2M"][pick % 5]
        case .email, .idnEmail: return RealisticValues.email(pick)
        case .hostname, .idnHostname: return ["api.example.com", "mail.example.org", "localhost"][pick % 3]
        case .ipv4: return "192.0.2.\(10 + pick % 240)"
        case .ipv6: return "2001:db8::\(String(10 + pick % 4000, radix: 16))"
        case .uri, .iri:
            return "https://example.com/" + ["resources/\(1000 + pick % 9000)", "docs", "images/1.png"][pick % 3]
        case .uriReference, .iriReference: return ["/resources/\(1 + pick % 99)", "docs/index.html"][pick % 2]
        case .uriTemplate: return "https://example.com/items/{id}"
        case .uuid: return uuid(pick, salt: salt)
        case .jsonPointer: return ["/items/\(pick % 10)", "/name", ""][pick % 3]
        case .relativeJSONPointer: return ["0/name", "1", "0#"][pick % 3]
        case .regex: return ["^[a-z]+$", "[0-9]{3}", "^\\w+@\\w+$"][pick % 3]
        case .byte: return ["aGVsbG8=", "Q29udHJhY3RDaGVjaw==", "ZXhhbXBsZQ=="][pick % 3]
        case .binary: return "binary-content"
        case .password: return ["correct-horse-battery-staple", "s3cr3t-Passw0rd!"][pick % 2]
        }
    }

    /// A UTC date-time in 2025: recent-looking, and fixed so the same seed gives the same bytes next year.
    static func dateTime(_ variant: Int) -> String {
        String(unsafeUninitializedCapacity: 20) { bytes in
            writeDate(variant, to: bytes, at: 0)
            bytes[10] = UInt8(ascii: "T")
            writeTime(variant * 7, to: bytes, at: 11)
            bytes[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    static func date(_ variant: Int) -> String {
        String(unsafeUninitializedCapacity: 10) { bytes in
            writeDate(variant, to: bytes, at: 0)
            return 10
        }
    }

    static func time(_ variant: Int) -> String {
        String(unsafeUninitializedCapacity: 8) { bytes in
            writeTime(variant, to: bytes, at: 0)
            return 8
        }
    }

    // Samples are written straight into the string's storage: building them by `String` concatenation
    // was a third of generating a small response, and through a byte array still two allocations.

    /// `2025-MM-DD` at `start` (10 bytes).
    private static func writeDate(_ variant: Int, to bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        for (offset, byte) in "2025-".utf8.enumerated() { bytes[start + offset] = byte }
        writeTwoDigits(1 + variant % 12, to: bytes, at: start + 5)
        bytes[start + 7] = UInt8(ascii: "-")
        writeTwoDigits(1 + (variant * 5 + 14) % 28, to: bytes, at: start + 8)
    }

    /// `HH:MM:00` at `start` (8 bytes).
    private static func writeTime(_ variant: Int, to bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        writeTwoDigits(8 + variant % 10, to: bytes, at: start)
        bytes[start + 2] = UInt8(ascii: ":")
        writeTwoDigits((variant * 15 + 30) % 60, to: bytes, at: start + 3)
        bytes[start + 5] = UInt8(ascii: ":")
        bytes[start + 6] = UInt8(ascii: "0")
        bytes[start + 7] = UInt8(ascii: "0")
    }

    private static func writeTwoDigits(_ value: Int, to bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        bytes[start] = UInt8(48 + value / 10)
        bytes[start + 1] = UInt8(48 + value % 10)
    }

    /// A version-4-shaped UUID derived from the variant and the property name, stable across runs.
    static func uuid(_ variant: Int, salt: UInt64) -> String {
        var generator = SplitMix64(seed: salt &+ UInt64(variant))
        let (low, high) = (generator.next(), generator.next())
        // Digit k of each group is nibble k of its word, counted from the least significant; the version
        // digit is 4 and the variant digit one of 8, 9, a, b.
        return String(unsafeUninitializedCapacity: 36) { bytes in
            writeHex(low, nibbles: 0..<8, to: bytes, at: 0)
            bytes[8] = UInt8(ascii: "-")
            writeHex(low, nibbles: 8..<12, to: bytes, at: 9)
            bytes[13] = UInt8(ascii: "-")
            writeHex(low, nibbles: 12..<16, to: bytes, at: 14)
            bytes[14] = UInt8(ascii: "4")
            bytes[18] = UInt8(ascii: "-")
            writeHex((high & ~0xC) | 0x8, nibbles: 0..<4, to: bytes, at: 19)
            bytes[23] = UInt8(ascii: "-")
            writeHex(high, nibbles: 4..<16, to: bytes, at: 24)
            return 36
        }
    }

    /// Writes nibbles `nibbles` of `word` (least significant first) as lower-case hex digits.
    private static func writeHex(
        _ word: UInt64, nibbles: Range<Int>, to bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) {
        var position = start
        for nibble in nibbles {
            let digit = UInt8(truncatingIfNeeded: word >> UInt64(nibble * 4)) & 0xF
            bytes[position] = digit < 10 ? 48 + digit : 87 + digit
            position += 1
        }
    }
}
