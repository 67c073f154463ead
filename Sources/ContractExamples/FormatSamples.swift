/// Values for each `format` the schema engine asserts, plausible and fixed (dates are recent but constant,
/// so the same seed gives the same bytes next year too).
enum FormatSamples {
    /// Formats that constrain strings.
    static let stringFormats: Set<String> = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer",
        "relative-json-pointer", "regex", "byte", "binary", "password",
    ]

    static func isStringFormat(_ name: String) -> Bool { stringFormats.contains(name) }

    /// A value of `format`; `variant` makes siblings differ, `random` draws the variant from `rng`.
    static func sample(_ format: String, name: String?, variant: Int, rng: inout SplitMix64, random: Bool) -> String {
        let pick = random ? rng.below(1 << 20) : variant
        switch format {
        case "date-time": return dateTime(pick)
        case "date": return date(pick)
        case "time": return time(pick) + "Z"
        case "duration": return ["P1D", "PT30M", "P2W", "PT1H15M", "P1Y2M"][pick % 5]
        case "email", "idn-email":
            return RealisticValues.email(pick)
        case "hostname", "idn-hostname": return ["api.example.com", "mail.example.org", "localhost"][pick % 3]
        case "ipv4": return "192.0.2.\(10 + pick % 240)"
        case "ipv6": return "2001:db8::\(String(10 + pick % 4000, radix: 16))"
        case "uri", "iri":
            return "https://example.com/" + ["resources/\(1000 + pick % 9000)", "docs", "images/1.png"][pick % 3]
        case "uri-reference", "iri-reference": return ["/resources/\(1 + pick % 99)", "docs/index.html"][pick % 2]
        case "uri-template": return "https://example.com/items/{id}"
        case "uuid": return uuid(pick, salt: name)
        case "json-pointer": return ["/items/\(pick % 10)", "/name", ""][pick % 3]
        case "relative-json-pointer": return ["0/name", "1", "0#"][pick % 3]
        case "regex": return ["^[a-z]+$", "[0-9]{3}", "^\\w+@\\w+$"][pick % 3]
        case "byte": return ["aGVsbG8=", "Q29udHJhY3RDaGVjaw==", "ZXhhbXBsZQ=="][pick % 3]
        case "binary": return "binary-content"
        default: return ["correct-horse-battery-staple", "s3cr3t-Passw0rd!"][pick % 2]
        }
    }

    /// A UTC date-time in 2025: recent-looking, and fixed so the same seed gives the same bytes next year.
    static func dateTime(_ variant: Int) -> String {
        date(variant) + "T" + time(variant * 7) + "Z"
    }

    static func date(_ variant: Int) -> String {
        let month = 1 + variant % 12
        let day = 1 + (variant * 5 + 14) % 28
        return "2025-" + twoDigits(month) + "-" + twoDigits(day)
    }

    static func time(_ variant: Int) -> String {
        twoDigits(8 + variant % 10) + ":" + twoDigits((variant * 15 + 30) % 60) + ":00"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// A version-4-shaped UUID derived from the variant and the property name, stable across runs.
    static func uuid(_ variant: Int, salt: String?) -> String {
        var generator = SplitMix64(seed: SplitMix64.stableHash(salt ?? "") &+ UInt64(variant))
        let bits = (generator.next(), generator.next())
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for index in 0..<32 {
            if [8, 12, 16, 20].contains(index) { bytes.append(UInt8(ascii: "-")) }
            let word = index < 16 ? bits.0 : bits.1
            var nibble = Int((word >> UInt64((index % 16) * 4)) & 0xF)
            if index == 12 { nibble = 4 }
            if index == 16 { nibble = 8 | (nibble & 3) }
            bytes.append(digits[nibble])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
