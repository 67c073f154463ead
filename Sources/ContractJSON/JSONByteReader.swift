// Memory safety: `bytes` (a string's or an array's) is lent by `JSONParser` for the reader's whole life; every
// index is compared with `bytes.count` before it is read (`scanNumber`'s first byte by its callers, which have just
// read it), and `parseLiteral`'s four-byte loads come after `offset + count <= bytes.count`.

/// The byte-level reader behind `JSONParser`: one pass, no backtracking, positions tracked in the
/// whitespace it skips (JSON allows line breaks nowhere else).
package struct JSONByteReader: ~Copyable {
    /// Uninitialized memory the reader's scratch structures start in (the parser's stack frame);
    /// it must outlive the reader.
    struct Scratch {
        var members: UnsafeMutableBufferPointer<JSONObject.Member>
        var keyHashes: UnsafeMutableBufferPointer<UInt64>
        var elements: UnsafeMutableBufferPointer<JSONValue>
        /// A power of two slots, or none for no string cache.
        var stringCache: UnsafeMutableBufferPointer<StringCache.Slot>
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    var offset = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    /// Members of the objects being read, innermost last.
    var members: ScratchStack<JSONObject.Member>
    /// The `KeyHash` of each key in `members`, at the same positions (0 for a key not hashed).
    var keyHashes: ScratchStack<UInt64>
    /// Whether an object that writes a key twice is an error (see `JSONByteReader+RepeatedKeys`).
    var refusesRepeatedKeys = false
    /// Elements of the arrays being read, innermost last.
    private var elements: ScratchStack<JSONValue>
    let strings: StringCache
    /// `KeyHash.seed`, read once.
    let hashSeed = KeyHash.seed
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
        try startDocument()
        let value = try parseValue()
        try finishDocument()
        return value
    }

    /// Moves to the document's value: past a byte order mark and whitespace.
    package mutating func startDocument() throws(JSONParseError) {
        // A UTF-8 byte order mark is tolerated before the value, as RFC 8259 §8.1 allows.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
            lineStart = 3
        }
        skipWhitespace()
        guard offset < bytes.count else { throw error("the file holds no JSON value") }
    }

    /// Checks that only whitespace follows the document's value.
    package mutating func finishDocument() throws(JSONParseError) {
        skipWhitespace()
        guard offset == bytes.count else {
            throw error("unexpected \(describeCurrent()) after the JSON value; a file holds exactly one value")
        }
    }

    // These three are always inlined and read only scalar fields: a call passed the whole reader
    // by value, a copy of it per call and a copy's room in the frame of every function that may
    // throw, the recursive ones included (deep documents need that stack).
    @inline(__always)
    private var position: SourcePosition {
        SourcePosition(line: line, column: offset - lineStart + 1)
    }

    @inline(__always)
    func error(_ message: String) -> JSONParseError {
        JSONParseError(message: message, position: position)
    }

    @inline(__always)
    func describeCurrent() -> String {
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
    mutating func skipWhitespace() {
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

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
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

    mutating func enterContainer() throws(JSONParseError) {
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
        if refusesRepeatedKeys { try refuseRepeatedKeyAmongFew(from: first, hashed: hashing && hashedKeys) }
        let object: JSONObject
        if !hashing {
            object = JSONObject(members: members.popArray(from: first), position: start)
        } else {
            object =
                hashedKeys
                ? JSONObject(
                    members: members.popArray(from: first), position: start, keyHashes: keyHashes.top(from: first))
                : JSONObject(members: members.popArray(from: first), position: start)
            keyHashes.pop(to: first)
        }
        if refusesRepeatedKeys, object.keysAreDistinct == false { try Self.refuseRepeatedKey(in: object) }
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
        try scanNumber()
        return JSONNumber(text: asciiString(UnsafeBufferPointer(rebasing: bytes[start..<offset])))
    }

    /// Moves `offset` over the number literal that starts there, checking its syntax.
    @inline(__always)
    mutating func scanNumber() throws(JSONParseError) {
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
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
