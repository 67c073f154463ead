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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendDate(variant, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendTime(variant * 7, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func date(_ variant: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        appendDate(variant, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func time(_ variant: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        appendTime(variant, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    // Samples are written as bytes: building them by `String` concatenation was a third of generating
    // a small response.
    private static func appendDate(_ variant: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: [0x32, 0x30, 0x32, 0x35, 0x2D])  // "2025-"
        appendTwoDigits(1 + variant % 12, to: &bytes)
        bytes.append(0x2D)
        appendTwoDigits(1 + (variant * 5 + 14) % 28, to: &bytes)
    }

    private static func appendTime(_ variant: Int, to bytes: inout [UInt8]) {
        appendTwoDigits(8 + variant % 10, to: &bytes)
        bytes.append(0x3A)
        appendTwoDigits((variant * 15 + 30) % 60, to: &bytes)
        bytes.append(contentsOf: [0x3A, 0x30, 0x30])  // ":00"
    }

    private static func appendTwoDigits(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(48 + value / 10))
        bytes.append(UInt8(48 + value % 10))
    }

    /// A version-4-shaped UUID derived from the variant and the property name, stable across runs.
    static func uuid(_ variant: Int, salt: UInt64) -> String {
        var generator = SplitMix64(seed: salt &+ UInt64(variant))
        let bits = (generator.next(), generator.next())
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for index in 0..<32 {
            if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(UInt8(ascii: "-")) }
            let word = index < 16 ? bits.0 : bits.1
            var nibble = Int((word >> UInt64((index % 16) * 4)) & 0xF)
            if index == 12 { nibble = 4 }
            if index == 16 { nibble = 8 | (nibble & 3) }
            bytes.append(UInt8(nibble < 10 ? 48 + nibble : 87 + nibble))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
