// Memory safety: every index into `bytes` (lent for the reader's life) is checked against `bytes.count` first;
// word loads happen only where `offset + 8 <= bytes.count`, and `asciiString` loads eight bytes only when its
// slice (always a range of `bytes`) has eight readable bytes from its start before the end of `bytes`.

/// Strings and keys for `JSONByteReader`: plain runs scanned eight bytes at a time, escapes decoded,
/// repeated keys and mid-sized values shared through the per-parse `StringCache`.
extension JSONByteReader {
    /// Strings of this many bytes or fewer are built each time they occur: up to 15 bytes,
    /// `String` stores them inline, and longer ones rarely repeat beyond a few dozen bytes.
    private static let sharedStrings = 16...64

    /// Reads a string from its opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        offset += 1
        let start = offset
        let sawNonASCII = try scanPlainRun()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            return try parseEscapedString(from: start, sawNonASCII: sawNonASCII)
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
    mutating func parseKey() throws(JSONParseError) -> (key: String, hash: UInt64?, slot: Int) {
        offset += 1
        let start = offset
        let sawNonASCII = try scanPlainRun()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            return (try parseEscapedString(from: start, sawNonASCII: sawNonASCII), nil, -1)
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
    mutating func scanPlainRun() throws(JSONParseError) -> Bool {
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
        try checkUTF8(slice)
        return String(decoding: slice, as: UTF8.self)
    }

    /// Refuses a string's bytes (`offset` just past its closing quote) that are not UTF-8.
    func checkUTF8(_ slice: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        guard UTF8Validation.isValid(slice) else {
            throw JSONParseError(
                message: "the string is not valid UTF-8",
                position: SourcePosition(line: line, column: offset - lineStart))
        }
    }

    /// A string of bytes known to be ASCII. Up to 15 bytes, `String` stores them inline, and
    /// filling that storage directly skips the generic decoding path (a check that the bytes are
    /// ASCII, then a byte-by-byte copy), which was a sixth of parsing a small body. Up to eight
    /// bytes, when the input has eight bytes from the string's start, they are stored as one
    /// word: `String` reads the storage back as words right away, and a word assembled from a
    /// byte-wise copy cannot be forwarded from the store buffer (a stall that was most of the
    /// time of making a short key).
    @inline(__always)
    func asciiString(_ slice: UnsafeBufferPointer<UInt8>) -> String {
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

    /// The rest of a string with escapes, from its start (`offset` is at the first backslash);
    /// `sawNonASCII`: the plain run before it had non-ASCII bytes.
    mutating func parseEscapedString(from start: Int, sawNonASCII: Bool) throws(JSONParseError) -> String {
        // Whether a plain run had non-ASCII bytes, which must be checked to be UTF-8; what escapes
        // add is UTF-8 by construction, so a string whose runs are ASCII needs no check.
        var sawNonASCII = sawNonASCII
        var scalars: [UInt8] = []
        scalars.reserveCapacity(offset - start + 32)
        scalars.append(contentsOf: bytes[start..<offset])
        var pendingHighSurrogate: UInt32?
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                if pendingHighSurrogate != nil { appendScalar(0xFFFD, to: &scalars) }
                offset += 1
                guard !sawNonASCII || UTF8Validation.isValid(scalars) else {
                    throw error("the string is not valid UTF-8")
                }
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte < 0x20 { throw error("control character 0x\(String(byte, radix: 16)) in a string must be escaped") }
            guard byte == UInt8(ascii: "\\") else {
                if pendingHighSurrogate != nil {
                    appendScalar(0xFFFD, to: &scalars)
                    pendingHighSurrogate = nil
                }
                // The plain run up to the next quote, backslash or control byte, scanned a word at a time
                // and copied at once: byte by byte, the escaped strings of a document with long
                // descriptions (Box's) were a twentieth of loading it.
                let run = offset
                if try scanPlainRun() { sawNonASCII = true }
                scalars.append(contentsOf: bytes[run..<offset])
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
