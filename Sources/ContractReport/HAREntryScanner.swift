import ContractJSON

/// The entries of a HAR file's `log.entries` array, found in a file read a chunk at a time: each entry's
/// bytes are handed out as soon as it ends, and nothing else of the file is kept, so a HAR of any size is
/// read in the memory of its largest entry.
///
/// Outside the entries the scanner follows only the structure (strings, objects, arrays, the keys of the
/// first two levels) and refuses bytes no JSON value has; each entry is parsed in full by `JSONParser`.
struct HAREntryScanner {
    /// One entry: its bytes and where it starts in the file.
    struct Entry {
        var bytes: [UInt8]
        var position: SourcePosition
    }

    /// The keys whose values lead to the entries; every other key is `.other`.
    private enum Key {
        case none, log, entries, other
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let newline = UInt8(ascii: "\n")

    private let chunks: FileChunks
    private var chunk: [UInt8] = []
    private var offset = 0
    /// Where `chunk` starts in the file, and where the current line starts, as byte offsets.
    private var chunkStart = 0
    private var lineStart = 0
    private var line = 1
    /// The open objects (`{`) and arrays (`[`), outermost first, with the key each is the value of.
    private var containers: [(opener: UInt8, key: Key)] = []
    /// In an object, whether the next string is a key; and the last key read at the first two levels.
    private var expectsKey = false
    private var lastKey = Key.none
    private var isRootRead = false
    /// Whether `log.entries` was an array.
    private(set) var foundEntries = false
    /// The entry being read: its bytes from earlier chunks, and where it starts in this one.
    private var captured: [UInt8] = []
    private var capturedFrom: Int?
    private var capturedPosition = SourcePosition.unknown

    init(_ chunks: FileChunks) {
        self.chunks = chunks
    }

    /// The next entry; `nil` after the last.
    /// - Throws: `JSONParseError` for text that is not JSON, and whatever reading the file throws.
    mutating func next() throws -> Entry? {
        if chunkStart == 0, offset == 0, try refillIfNeeded() { skipByteOrderMark() }
        while let byte = try nextToken() {
            guard !isRootRead else { throw failure("more text after the end of the HAR's object") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                startEntryIfAtEntries()
                open(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                try close(byte)
                if let entry = finishEntryIfAtEntries() { return entry }
            case UInt8(ascii: ","):
                offset += 1
                expectsKey = containers.last?.opener == UInt8(ascii: "{")
            case UInt8(ascii: ":"):
                offset += 1
            case Self.quote where expectsKey:
                lastKey = try readKey()
                expectsKey = false
            case Self.quote:
                startEntryIfAtEntries()
                try skipString()
                if let entry = finishEntryIfAtEntries() { return entry }
                isRootRead = containers.isEmpty
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
                UInt8(ascii: "n"):
                startEntryIfAtEntries()
                try skipScalar()
                if let entry = finishEntryIfAtEntries() { return entry }
                isRootRead = containers.isEmpty
            default:
                throw failure("unexpected character '\(Unicode.Scalar(byte))'")
            }
        }
        if !containers.isEmpty { throw failure("the file ends before its objects and arrays are closed") }
        return nil
    }

    /// Where the next byte is, as a line and column.
    private var position: SourcePosition {
        SourcePosition(line: line, column: chunkStart + offset - lineStart + 1)
    }

    private func failure(_ message: String) -> JSONParseError {
        JSONParseError(message: message, position: position)
    }

    private var isAtEntries: Bool {
        containers.count == 3 && containers[2].key == .entries && containers[2].opener == UInt8(ascii: "[")
    }

    private mutating func open(_ opener: UInt8) {
        // Only the keys that lead to `log.entries` matter: `log` in the root, `entries` in `log`.
        let key: Key
        switch (containers.count, containers.last?.opener) {
        case (1, UInt8(ascii: "{")): key = lastKey == .log ? .log : .other
        case (2, UInt8(ascii: "{")): key = containers[1].key == .log && lastKey == .entries ? .entries : .other
        default: key = .none
        }
        containers.append((opener, key))
        if isAtEntries { foundEntries = true }
        expectsKey = opener == UInt8(ascii: "{")
        offset += 1
    }

    private mutating func close(_ closer: UInt8) throws {
        let opener = closer == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
        guard containers.last?.opener == opener else { throw failure("unexpected '\(Unicode.Scalar(closer))'") }
        containers.removeLast()
        expectsKey = false
        offset += 1
        isRootRead = containers.isEmpty
    }

    private mutating func startEntryIfAtEntries() {
        guard isAtEntries, capturedFrom == nil else { return }
        capturedFrom = offset
        capturedPosition = position
    }

    private mutating func finishEntryIfAtEntries() -> Entry? {
        guard isAtEntries, let from = capturedFrom else { return nil }
        var bytes = captured
        bytes += chunk[from..<offset]
        captured = []
        capturedFrom = nil
        return Entry(bytes: bytes, position: capturedPosition)
    }

    /// The first byte of the next token, after whitespace; `nil` at the end of the file.
    private mutating func nextToken() throws -> UInt8? {
        while try refillIfNeeded() {
            let byte = chunk[offset]
            switch byte {
            case Self.newline:
                offset += 1
                line += 1
                lineStart = chunkStart + offset
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            default:
                return byte
            }
        }
        return nil
    }

    /// Whether a byte is left to read, reading the next chunk when this one is done.
    private mutating func refillIfNeeded() throws -> Bool {
        if offset < chunk.count { return true }
        if let from = capturedFrom {
            captured += chunk[from...]
            capturedFrom = 0
        }
        chunkStart += chunk.count
        chunk = try chunks.next()
        offset = 0
        return !chunk.isEmpty
    }

    private mutating func skipByteOrderMark() {
        if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// Skips a string from its opening quote past its closing one, keeping up to `limit` of its bytes.
    @discardableResult
    private mutating func skipString(keeping limit: Int = 0) throws -> [UInt8] {
        offset += 1
        var kept: [UInt8] = []
        var isEscaped = false
        while try refillIfNeeded() {
            let byte = chunk[offset]
            offset += 1
            if isEscaped {
                isEscaped = false
            } else if byte == Self.backslash {
                isEscaped = true
            } else if byte == Self.quote {
                return kept
            }
            if kept.count < limit { kept.append(byte) }
        }
        throw failure("the file ends inside a string")
    }

    /// Reads a key: at the first two levels (where `log` and `entries` are) which of those it is.
    private mutating func readKey() throws -> Key {
        // A key longer than "entries" is none of those sought, so no more of it is kept.
        let text = try skipString(keeping: containers.count <= 2 ? 8 : 0)
        switch text {
        case Array("log".utf8) where containers.count == 1: return .log
        case Array("entries".utf8) where containers.count == 2: return .entries
        default: return .other
        }
    }

    /// Skips a number, `true`, `false` or `null` (each is checked when its entry is parsed).
    private mutating func skipScalar() throws {
        while try refillIfNeeded() {
            switch chunk[offset] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                offset += 1
            default:
                return
            }
        }
    }
}
