/// The byte-level reader behind `JSONParser`: one pass, no backtracking, positions tracked in the
/// whitespace it skips (JSON allows line breaks nowhere else).
struct JSONByteReader: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// Members of the objects being read, innermost last.
    private var members: ScratchStack<JSONObject.Member>
    /// Elements of the arrays being read, innermost last.
    private var elements: ScratchStack<JSONValue>

    /// A reader of `buffer` whose scratch stacks start in `memberScratch` and `elementScratch`
    /// (uninitialized memory that must outlive the reader).
    init(
        buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int,
        memberScratch: UnsafeMutableBufferPointer<JSONObject.Member>,
        elementScratch: UnsafeMutableBufferPointer<JSONValue>
    ) {
        self.bytes = buffer
        self.maximumDepth = maximumDepth
        self.members = ScratchStack(lending: memberScratch)
        self.elements = ScratchStack(lending: elementScratch)
    }

    /// The document's value, or the first problem in it.
    mutating func readDocument() -> Result<JSONValue, JSONParseError> {
        do {
            return .success(try parseDocument())
        } catch {
            return .failure(error)
        }
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        // A UTF-8 byte order mark is tolerated before the value, as RFC 8259 §8.1 allows.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
            lineStart = 3
        }
        skipWhitespace()
        guard offset < bytes.count else { throw error("the file holds no JSON value") }
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else {
            throw error("unexpected \(describeCurrent()) after the JSON value; a file holds exactly one value")
        }
        return value
    }

    private var position: SourcePosition {
        SourcePosition(line: line, column: offset - lineStart + 1)
    }

    private func error(_ message: String) -> JSONParseError {
        JSONParseError(message: message, position: position)
    }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D:
                offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            default:
                return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard offset < bytes.count else { throw error("expected a value, found end of file") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > maximumDepth {
            throw error("nesting deeper than \(maximumDepth) levels; flatten the document")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONObject {
        let start = position
        try enterContainer()
        offset += 1
        let first = members.count
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return JSONObject(members: [], position: start)
        }
        while true {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found \(describeCurrent())")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\", found \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            members.push(JSONObject.Member(key: key, value: value, position: keyPosition))
            skipWhitespace()
            guard offset < bytes.count else { throw error("expected ',' or '}' in an object, found end of file") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                skipWhitespace()
                continue
            }
            if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                break
            }
            throw error("expected ',' or '}' in an object, found \(describeCurrent())")
        }
        depth -= 1
        return JSONObject(members: members.popArray(from: first), position: start)
    }

    private mutating func parseArray() throws(JSONParseError) -> [JSONValue] {
        try enterContainer()
        offset += 1
        let first = elements.count
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return []
        }
        while true {
            elements.push(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw error("expected ',' or ']' in an array, found end of file") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                skipWhitespace()
                continue
            }
            if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                break
            }
            throw error("expected ',' or ']' in an array, found \(describeCurrent())")
        }
        depth -= 1
        return elements.popArray(from: first)
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw error("expected a value, found \(describeCurrent())") }
        var matches = true
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { matches = false }
        guard matches else { throw error("expected a value, found \(describeCurrent())") }
        offset += count
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else {
            throw error("expected a digit in a number, found \(describeCurrent())")
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) {
                throw error("a number may not start with 0 followed by more digits")
            }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw error("expected a digit after the decimal point, found \(describeCurrent())")
            }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw error("expected a digit in the exponent, found \(describeCurrent())")
            }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        return JSONNumber(text: Self.asciiString(UnsafeBufferPointer(rebasing: bytes[start..<offset])))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func parseString() throws(JSONParseError) -> String {
        offset += 1
        let start = offset
        // Fast path: most strings have no escapes and can be decoded straight from the buffer.
        // Eight bytes at a time first, up to the first byte that needs a look.
        var highBits: UInt64 = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                // Little-endian whatever the platform, so that the lowest bits are the first byte.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                let special = StringScan.specialBytes(word)
                if special == 0 {
                    highBits |= word
                    offset += 8
                    continue
                }
                // Bytes before the first special one are plain: keep their high bits only.
                let plain = special.trailingZeroBitCount & ~7
                highBits |= plain == 0 ? 0 : word & (~0 >> (64 - plain))
                offset += plain >> 3
                break
            }
        }
        var sawNonASCII = highBits & StringScan.highBitsMask != 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                if !sawNonASCII { return Self.asciiString(slice) }
                guard UTF8Validation.isValid(slice) else {
                    offset -= 1
                    throw error("the string is not valid UTF-8")
                }
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character 0x\(String(byte, radix: 16)) in a string must be escaped") }
            if byte >= 0x80 { sawNonASCII = true }
            offset += 1
        }
        return try parseEscapedString(from: start)
    }

    /// A string of bytes known to be ASCII. Up to 15 bytes, `String` stores them inline, and
    /// filling that storage directly skips the generic decoding path (a check that the bytes are
    /// ASCII, then a byte-by-byte copy), which was a sixth of parsing a small body.
    @inline(__always)
    private static func asciiString(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        guard slice.count <= 15, let source = slice.baseAddress else { return String(decoding: slice, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: slice.count) { target in
            target.baseAddress?.initialize(from: source, count: slice.count)
            return slice.count
        }
    }

    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        var pendingHighSurrogate: UInt32?
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                if pendingHighSurrogate != nil { appendScalar(0xFFFD, to: &scalars) }
                offset += 1
                guard UTF8Validation.isValid(scalars) else { throw error("the string is not valid UTF-8") }
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte < 0x20 { throw error("control character 0x\(String(byte, radix: 16)) in a string must be escaped") }
            guard byte == UInt8(ascii: "\\") else {
                if pendingHighSurrogate != nil {
                    appendScalar(0xFFFD, to: &scalars)
                    pendingHighSurrogate = nil
                }
                scalars.append(byte)
                offset += 1
                continue
            }
            offset += 1
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            if escape == UInt8(ascii: "u") {
                let unit = try readHex4()
                if (0xD800...0xDBFF).contains(unit) {
                    if pendingHighSurrogate != nil { appendScalar(0xFFFD, to: &scalars) }
                    pendingHighSurrogate = unit
                } else if (0xDC00...0xDFFF).contains(unit) {
                    if let high = pendingHighSurrogate {
                        appendScalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), to: &scalars)
                        pendingHighSurrogate = nil
                    } else {
                        // A lone low surrogate names no character; it becomes U+FFFD.
                        appendScalar(0xFFFD, to: &scalars)
                    }
                } else {
                    if pendingHighSurrogate != nil {
                        appendScalar(0xFFFD, to: &scalars)
                        pendingHighSurrogate = nil
                    }
                    appendScalar(unit, to: &scalars)
                }
                continue
            }
            if pendingHighSurrogate != nil {
                appendScalar(0xFFFD, to: &scalars)
                pendingHighSurrogate = nil
            }
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            default:
                offset -= 1
                throw error("invalid escape '\\\(describeCurrent())' in a string")
            }
        }
        throw error("unterminated string: expected '\"' before end of file")
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw error("expected four hex digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func appendScalar(_ value: UInt32, to buffer: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        buffer.append(contentsOf: String(Character(scalar)).utf8)
    }
}
