/// The byte-level reader behind `JSONParser`: one pass, no backtracking, positions tracked in the
/// whitespace it skips (JSON allows line breaks nowhere else).
struct JSONByteReader: ~Copyable {
    /// Uninitialized memory the reader's scratch structures start in (the parser's stack frame);
    /// it must outlive the reader.
    struct Scratch {
        var members: UnsafeMutableBufferPointer<JSONObject.Member>
        var keyHashes: UnsafeMutableBufferPointer<UInt64>
        var elements: UnsafeMutableBufferPointer<JSONValue>
        /// A power of two slots, or none for no string cache.
        var stringCache: UnsafeMutableBufferPointer<StringCache.Slot>
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// Members of the objects being read, innermost last.
    private var members: ScratchStack<JSONObject.Member>
    /// The `KeyHash` of each key in `members`, at the same positions (0 for a key not hashed).
    private var keyHashes: ScratchStack<UInt64>
    /// Elements of the arrays being read, innermost last.
    private var elements: ScratchStack<JSONValue>
    private let strings: StringCache
    /// `KeyHash.seed`, read once.
    private let hashSeed = KeyHash.seed
    /// The string cache's slot of the first key of the last object read (-1 for none): the
    /// prediction for the first key of the next.
    private var firstKeySlot = -1

    /// A reader of `buffer` whose scratch structures start in `scratch`.
    init(buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int, scratch: Scratch) {
        self.bytes = buffer
        self.maximumDepth = maximumDepth
        self.members = ScratchStack(lending: scratch.members)
        self.keyHashes = ScratchStack(lending: scratch.keyHashes)
        self.elements = ScratchStack(lending: scratch.elements)
        self.strings = StringCache(lending: scratch.stringCache)
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

    // These three are always inlined and read only scalar fields: a call passed the whole reader
    // by value, a copy of it per call and a copy's room in the frame of every function that may
    // throw, the recursive ones included (deep documents need that stack).
    @inline(__always)
    private var position: SourcePosition {
        SourcePosition(line: line, column: offset - lineStart + 1)
    }

    @inline(__always)
    private func error(_ message: String) -> JSONParseError {
        JSONParseError(message: message, position: position)
    }

    @inline(__always)
    private func describeCurrent() -> String {
        Self.describe(bytes, at: offset)
    }

    /// The byte at `offset` in words, for error messages.
    @inline(never)
    private static func describe(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    @inline(__always)
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
        // Keys are hashed (and their hashes kept for the index) only with a string cache.
        let hashing = strings.isEnabled
        // Whether every key was plain ASCII and hashed while read, so the index can use the hashes.
        var hashedKeys = hashing
        // The string cache's slot of the previous key (-1: none), whose successor is predicted.
        var previousSlot = -1
        while true {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found \(describeCurrent())")
            }
            let keyPosition = position
            // Without a cache (a small body) keys are read like other strings, and not hashed:
            // the hash would only serve an index, which few small bodies need (it hashes keys itself).
            let (key, hash) = hashing ? try readKey(after: &previousSlot) : (try parseString(), nil)
            hashedKeys = hashedKeys && hash != nil
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\", found \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            members.push(JSONObject.Member(key: key, value: value, position: keyPosition))
            if hashing { keyHashes.push(hash ?? 0) }
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
        guard hashing else { return JSONObject(members: members.popArray(from: first), position: start) }
        let object =
            hashedKeys
            ? JSONObject(members: members.popArray(from: first), position: start, keyHashes: keyHashes.top(from: first))
            : JSONObject(members: members.popArray(from: first), position: start)
        keyHashes.pop(to: first)
        return object
    }

    /// Reads the key at `offset` (its opening quote) with a string cache, with its `KeyHash` when
    /// it was hashed: first as the key the cache predicts after the one in `previousSlot` (or,
    /// for a first key, as the last object's first key), then in full. `previousSlot` becomes
    /// this key's slot.
    @inline(__always)
    private mutating func readKey(after previousSlot: inout Int) throws(JSONParseError) -> (key: String, hash: UInt64?)
    {
        let predicted = previousSlot >= 0 ? strings.next(after: previousSlot) : firstKeySlot
        if let hit = strings.predicted(predicted, at: offset + 1, in: bytes) {
            previousSlot = hit.slot
            offset += hit.count + 2
            return (hit.string, hit.hash)
        }
        let (key, hash, slot) = try parseKey()
        if previousSlot >= 0 { strings.link(previousSlot, to: slot) } else { firstKeySlot = slot }
        previousSlot = slot
        return (key, hash)
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
        guard offset + count <= bytes.count, let base = bytes.baseAddress else {
            throw error("expected a value, found \(describeCurrent())")
        }
        // Four bytes at once (each literal is four letters, or `f` and four): in bounds by the guard.
        let matches =
            UnsafeRawPointer(base + offset + count - 4).loadUnaligned(as: UInt32.self)
            == UnsafeRawPointer(word.utf8Start + count - 4).loadUnaligned(as: UInt32.self)
        guard matches, count == 4 || bytes[offset] == word.utf8Start[0] else {
            throw error("expected a value, found \(describeCurrent())")
        }
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
        return JSONNumber(text: asciiString(UnsafeBufferPointer(rebasing: bytes[start..<offset])))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Strings of this many bytes or fewer are built each time they occur: up to 15 bytes,
    /// `String` stores them inline, and longer ones rarely repeat beyond a few dozen bytes.
    private static let sharedStrings = 16...64

    /// Reads a string from its opening quote.
    private mutating func parseString() throws(JSONParseError) -> String {
        offset += 1
        let start = offset
        let sawNonASCII = try scanPlainRun()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            return try parseEscapedString(from: start)
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        if sawNonASCII { return try decodedString(slice) }
        guard strings.isEnabled, Self.sharedStrings.contains(slice.count) else { return asciiString(slice) }
        // Long enough to be allocated: share it with an earlier copy if there is one.
        let hash = KeyHash.of(UnsafeRawBufferPointer(slice), readable: bytes.count - start, seed: hashSeed).hash
        return strings.string(hash: hash, start: start, count: slice.count, in: bytes) { asciiString(slice) }.string
    }

    /// Reads an object key from its opening quote (with a string cache), with its `KeyHash` when
    /// it is plain ASCII (no escapes): such keys are hashed here, once, for the string cache and
    /// the object's index. Also the key's slot in the string cache (-1 when it has none).
    private mutating func parseKey() throws(JSONParseError) -> (key: String, hash: UInt64?, slot: Int) {
        offset += 1
        let start = offset
        let sawNonASCII = try scanPlainRun()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            return (try parseEscapedString(from: start), nil, -1)
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        if sawNonASCII { return (try decodedString(slice), nil, -1) }
        let hash = KeyHash.of(UnsafeRawBufferPointer(slice), readable: bytes.count - start, seed: hashSeed).hash
        let (key, slot) = strings.string(hash: hash, start: start, count: slice.count, in: bytes) { asciiString(slice) }
        return (key, hash, slot)
    }

    /// Moves `offset` over the plain run of a string (from just after its opening quote) to the
    /// closing quote, the first backslash or the end of the input; whether the run had non-ASCII bytes.
    @inline(__always)
    private mutating func scanPlainRun() throws(JSONParseError) -> Bool {
        // Most strings have no escapes and can be decoded straight from the buffer. Eight bytes
        // at a time first, up to the first byte that needs a look.
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
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character 0x\(String(byte, radix: 16)) in a string must be escaped") }
            if byte >= 0x80 { sawNonASCII = true }
            offset += 1
        }
        return sawNonASCII
    }

    /// A string of bytes with some non-ASCII, once they are checked to be UTF-8 (`offset` is just
    /// past its closing quote).
    private func decodedString(_ slice: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> String {
        guard UTF8Validation.isValid(slice) else {
            throw JSONParseError(
                message: "the string is not valid UTF-8",
                position: SourcePosition(line: line, column: offset - lineStart))
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A string of bytes known to be ASCII. Up to 15 bytes, `String` stores them inline, and
    /// filling that storage directly skips the generic decoding path (a check that the bytes are
    /// ASCII, then a byte-by-byte copy), which was a sixth of parsing a small body. Up to eight
    /// bytes, when the input has eight bytes from the string's start, they are stored as one
    /// word: `String` reads the storage back as words right away, and a word assembled from a
    /// byte-wise copy cannot be forwarded from the store buffer (a stall that was most of the
    /// time of making a short key).
    @inline(__always)
    private func asciiString(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        guard slice.count <= 15, let source = slice.baseAddress, let base = bytes.baseAddress else {
            return String(decoding: slice, as: UTF8.self)
        }
        let count = slice.count
        if count <= 8, source - base + 8 <= bytes.count {
            // In bounds: eight bytes from `source` lie in the input (checked above).
            let word = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
            // Eight bytes of capacity, `count` of them the string's: `String` zeroes the rest.
            return String(unsafeUninitializedCapacity: 8) { target in
                UnsafeMutableRawBufferPointer(target).storeBytes(of: word, as: UInt64.self)
                return count
            }
        }
        return String(unsafeUninitializedCapacity: count) { target in
            target.baseAddress?.initialize(from: source, count: count)
            return count
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
