import ContractJSON

// Memory safety: `isUUID` passes `UUIDWords` a buffer's base only after `count == 36`, the 36 bytes it reads;
// the buffer is lent for the call (or is a JSON string's bytes, valid during the read).

/// How one format is checked.
enum FormatValidator: Sendable {
    /// A check on string instances (other types pass).
    case string(@Sendable (String) -> Bool)
    /// A check on number instances (other types pass).
    case number(@Sendable (JSONNumber) -> Bool)
}

/// The formats this package asserts. Names not listed here pass, as JSON Schema requires of unknown formats.
enum Formats {
    static func validator(named name: String) -> FormatValidator? {
        switch name {
        case "date-time": .string(DateTimeFormats.isDateTime)
        case "date": .string(DateTimeFormats.isDate)
        case "time": .string(DateTimeFormats.isTime)
        case "duration": .string(DateTimeFormats.isDuration)
        case "email": .string { EmailFormat.isEmail($0, international: false) }
        case "idn-email": .string { EmailFormat.isEmail($0, international: true) }
        case "hostname": .string { HostnameFormat.isHostname($0, international: false) }
        case "idn-hostname": .string { HostnameFormat.isHostname($0, international: true) }
        case "ipv4": .string(IPAddressFormat.isIPv4)
        case "ipv6": .string(IPAddressFormat.isIPv6)
        case "uri": .string { URIFormat.isValid($0, absolute: true, international: false) }
        case "uri-reference": .string { URIFormat.isValid($0, absolute: false, international: false) }
        case "iri": .string { URIFormat.isValid($0, absolute: true, international: true) }
        case "iri-reference": .string { URIFormat.isValid($0, absolute: false, international: true) }
        case "uri-template": .string(URIFormat.isTemplate)
        case "uuid": .string(isUUID)
        case "json-pointer": .string(isJSONPointer)
        case "relative-json-pointer": .string(isRelativeJSONPointer)
        case "regex": .string { (try? ECMARegex($0, strict: true)) != nil }
        case "byte": .string(isBase64)
        case "int32": .number { isInteger($0, bits: 32) }
        case "int64": .number { isInteger($0, bits: 64) }
        case "float", "double": .number { $0.decimal != nil }
        // `binary` and `password` name no constraint on the value.
        default: nil
        }
    }

    static func isInteger(_ number: JSONNumber, bits: Int) -> Bool {
        // Plain digits (nearly every int32/int64 value) are read without building a DecimalText.
        guard let value = NumberFacts.plainInt64(number.text) ?? number.int64Value else { return false }
        return bits == 64 || (value >= Int64(Int32.min) && value <= Int64(Int32.max))
    }

    static func isUUID(_ string: String) -> Bool {
        guard string.utf8.count == 36 else { return false }
        return string.utf8.withContiguousStorageIfAvailable(isUUID)
            ?? Array(string.utf8).withUnsafeBufferPointer(isUUID)
    }

    /// `isUUID` on UTF-8 bytes: `8-4-4-4-12` hex digits (either case) with hyphens between. Read as five
    /// overlapping eight-byte words (see `UUIDWords`) rather than byte by byte: it runs on every request
    /// whose body carries an id.
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36, let base = bytes.baseAddress else { return false }
        return UUIDWords.isUUID(UnsafeRawPointer(base))
    }

    /// The formats whose check reads UTF-8 bytes as well, for strings validated where they stand in a
    /// document (the others are given a `String` made from the bytes).
    static func bytesValidator(named name: String) -> (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)? {
        switch name {
        case "uuid": isUUID
        default: nil
        }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        // Two unsigned range tests: `| 0x20` maps `A`-`F` onto `a`-`f` and no other byte into that range.
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6
    }

    static func isJSONPointer(_ string: String) -> Bool {
        guard string.isEmpty || string.hasPrefix("/") else { return false }
        return isEscapesValid(string)
    }

    private static func isEscapesValid(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "~") {
                guard index + 1 < bytes.count, bytes[index + 1] == 0x30 || bytes[index + 1] == 0x31 else {
                    return false
                }
                index += 1
            }
            index += 1
        }
        return true
    }

    static func isRelativeJSONPointer(_ string: String) -> Bool {
        let digits = string.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0") else { return false }
        let rest = string.dropFirst(digits.count)
        if rest == "#" { return true }
        if rest.hasPrefix("+") || rest.hasPrefix("-") {
            // The index-manipulation extension (`0+1/…`) of the 2020-12 era drafts.
            let amount = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !amount.isEmpty, amount == "0" || !amount.hasPrefix("0") else { return false }
            return isJSONPointer(String(rest.dropFirst(1 + amount.count)))
        }
        return isJSONPointer(String(rest))
    }

    /// RFC 4648 base64 with padding.
    static func isBase64(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count % 4 == 0 else { return false }
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "+"), UInt8(ascii: "/"): continue
            case UInt8(ascii: "="):
                guard offset >= bytes.count - 2, bytes[offset...].allSatisfy({ $0 == UInt8(ascii: "=") }) else {
                    return false
                }
            default: return false
            }
        }
        return true
    }
}
