import ContractJSON

/// Reading JSON bytes for `StreamingValidator`: scalars as the parser makes them, containers stepped over
/// with their syntax checked, and the small byte-level helpers.
extension StreamingValidator {
    // MARK: Reading values

    /// A scalar as `JSONParser` reads it; `nil` for anything else.
    mutating func readScalar() -> JSONValue? {
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            return readString()
        case UInt8(ascii: "t"):
            return consumeLiteral("true") ? .bool(true) : nil
        case UInt8(ascii: "f"):
            return consumeLiteral("false") ? .bool(false) : nil
        case UInt8(ascii: "n"):
            return consumeLiteral("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return readNumber()
        default:
            return nil
        }
    }

    /// Any value: a scalar, or a container parsed whole.
    mutating func readValue() -> JSONValue? {
        guard offset < bytes.count else { return nil }
        let byte = bytes[offset]
        return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? readContainer() : readScalar()
    }

    /// The object or array at `offset`, found by skipping it and then parsed by `JSONParser`.
    mutating func readContainer() -> JSONValue? {
        let start = offset
        guard skipValue() else { return nil }
        return parse(start..<offset)
    }

    /// A plain string (printable ASCII, no escapes) is made from its bytes, which is what the parser
    /// makes of it; any other string is handed to the parser.
    mutating func readString() -> JSONValue? {
        let start = offset
        var index = offset + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return .string(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index]), as: UTF8.self))
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else {
                guard let end = stringEnd(from: index) else { return nil }
                offset = end
                return parse(start..<end)
            }
            index += 1
        }
        return nil
    }

    /// The offset after the closing quote of a string whose scan reached `index`, stepping over escapes;
    /// `nil` at a control character or the end of the text. The parser checks escapes and UTF-8.
    func stringEnd(from index: Int) -> Int? {
        var index = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            case 0..<0x20: return nil
            default: index += 1
            }
        }
        return nil
    }

    /// An integer of up to 18 digits is made from its text, as the parser makes it; other numbers (and
    /// malformed ones) are handed to the parser.
    mutating func readNumber() -> JSONValue? {
        let start = offset
        var index = offset
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        offset = index
        guard isPlainInteger(start..<index) else { return parse(start..<index) }
        return .number(
            JSONNumber(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)))
    }

    /// `-?(0|[1-9][0-9]*)` with at most 18 digits: what the parser reads as this very text.
    func isPlainInteger(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        let digits = bytes[range.lowerBound] == UInt8(ascii: "-") ? range.lowerBound + 1..<range.upperBound : range
        return !digits.isEmpty && digits.count <= 18
            && (bytes[digits.lowerBound] != UInt8(ascii: "0") || digits.count == 1)
            && digits.allSatisfy { bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }
    }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    /// An object key of printable ASCII without escapes; `nil` for any other (the parser's job).
    mutating func readKey() -> UnsafeBufferPointer<UInt8>? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        var index = offset + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let key = UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<index])
                offset = index + 1
                return key
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    func parse(_ range: Range<Int>) -> JSONValue? {
        try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    // MARK: Skipping values

    /// Steps over one value, checking its syntax as the parser would (strings and numbers that are not
    /// plain go through the parser).
    mutating func skipValue() -> Bool {
        guard offset < bytes.count else { return false }
        let start = offset
        switch bytes[offset] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if let end = knownEnd(of: start) {
                offset = end
                return true
            }
            guard skipContainer() else { return false }
            recordEnd(of: start)
            return true
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return skipNumber()
        default:
            return readScalar() != nil
        }
    }

    mutating func skipContainer() -> Bool {
        guard enter() else { return false }
        defer { nesting -= 1 }
        let isObject = bytes[offset] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        offset += 1
        skipWhitespace()
        if consume(close) { return true }
        while true {
            if isObject {
                guard readKey() != nil || skipEscapedKey() else { return false }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
            }
            guard skipValue() else { return false }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) {
                skipWhitespace()
                continue
            }
            return consume(close)
        }
    }

    /// Steps over a string: a plain one by its bytes, any other through the parser.
    mutating func skipString() -> Bool {
        var index = offset + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return true
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return readString() != nil }
            index += 1
        }
        return false
    }

    /// Steps over a number: a plain integer by its bytes, any other through the parser.
    mutating func skipNumber() -> Bool {
        let start = offset
        var index = offset
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        guard isPlainInteger(start..<index) else { return readNumber() != nil }
        offset = index
        return true
    }

    func knownEnd(of start: Int) -> Int? {
        guard start < extents.count, extents[start] != 0 else { return nil }
        return Int(extents[start])
    }

    mutating func recordEnd(of start: Int) {
        if start < extents.count { extents[start] = Int32(truncatingIfNeeded: offset) }
    }

    /// Steps over a key that is not plain, checked by the parser as a string.
    mutating func skipEscapedKey() -> Bool {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return false }
        return readString() != nil
    }

    // MARK: Bytes

    /// One container deeper, unless that passes `nestingLimit`.
    mutating func enter() -> Bool {
        guard nesting < Self.nestingLimit else { return false }
        nesting += 1
        return true
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): offset += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
        }
        if matches { offset += count }
        return matches
    }
}
