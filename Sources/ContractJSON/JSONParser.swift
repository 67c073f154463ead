// Memory safety: the input (a string's or an array's bytes) and the scratch allocations
// (`withUnsafeTemporaryAllocation`, `InlineArray`) are lent for the whole read, and the reader that holds them
// never leaves the closure.

/// A strict RFC 8259 JSON parser that builds `JSONValue`s and records where every object key stands.
///
/// It works on raw UTF-8 bytes, keeps number literals as text, and refuses nesting deeper than
/// `maximumDepth` so that hostile input cannot exhaust the stack.
public struct JSONParser {
    /// The nesting depth beyond which input is refused.
    public static let defaultMaximumDepth = 1_000

    /// Parses a complete JSON text.
    /// - Throws: `JSONParseError` naming the line and column of the first problem.
    public static func parse(_ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth)
        throws(JSONParseError)
        -> JSONValue
    {
        try parse(bytes, maximumDepth: maximumDepth, refusingRepeatedKeys: false)
    }

    /// Parses a complete JSON text; with `refusingRepeatedKeys`, an object that writes a key twice is an error
    /// (`isRepeatedKey`) naming both lines, found as the object is read rather than in a walk of the document
    /// afterwards. JSON allows repeated keys (RFC 8259 only says names should be unique), and a body may
    /// repeat one; in a contract the second silently competes with the first.
    package static func parse(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth, refusingRepeatedKeys: Bool
    ) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Self.parse(buffer: buffer, maximumDepth: maximumDepth, refusesRepeatedKeys: refusingRepeatedKeys)
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer {
            Self.parse(buffer: $0, maximumDepth: maximumDepth, refusesRepeatedKeys: refusingRepeatedKeys)
        }.get()
    }

    /// Parses a complete JSON text given as a string.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError)
        -> JSONValue
    {
        var text = text
        let result = text.withUTF8 { Self.parse(buffer: $0, maximumDepth: maximumDepth) }
        return try result.get()
    }

    /// How many members and elements the scratch stacks hold before they move to the heap: enough
    /// for the open containers of a typical body, on the caller's stack.
    ///
    /// Each stack stays within 1 KB: `withUnsafeTemporaryAllocation` keeps up to 1 KB on the stack and asks
    /// the runtime about more, and on Linux the answer is no, so a larger stack would cost every parse, even
    /// of a 200-byte body, a `malloc` and its `free`.
    static let memberScratchCapacity = 1_024 / MemoryLayout<JSONObject.Member>.stride
    static let elementScratchCapacity = 1_024 / MemoryLayout<JSONValue>.stride

    /// The smallest input that gets a `StringCache` (of `StringCache.slotCount` slots, 10 KB of
    /// stack): below it, setting the slots up costs more than sharing a few keys saves.
    static let stringCacheMinimumBytes = 1_024

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int, refusesRepeatedKeys: Bool = false)
        -> Result<JSONValue, JSONParseError>
    {
        withReader(of: buffer, maximumDepth: maximumDepth) { reader in
            reader.refusesRepeatedKeys = refusesRepeatedKeys
            return reader.readDocument()
        }
    }

    /// Runs `body` with a reader of `bytes` for a caller that reads the document value by value (see
    /// `JSONByteReader+Streaming`) and builds a value only now and then: its stacks take storage on their
    /// first push, and it has no string cache, so a small body costs no scratch set-up.
    package static func read(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth,
        _ body: (inout JSONByteReader) throws(JSONParseError) -> Bool
    ) -> Result<Bool, JSONParseError> {
        if let result = bytes.withContiguousStorageIfAvailable({ read($0, maximumDepth: maximumDepth, body) }) {
            return result
        }
        return read(Array(bytes), maximumDepth: maximumDepth, body)
    }

    /// `read` for an array of bytes (a body as the verifier holds it), which the generic form would reach
    /// unspecialized from another module.
    package static func read(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth,
        _ body: (inout JSONByteReader) throws(JSONParseError) -> Bool
    ) -> Result<Bool, JSONParseError> {
        bytes.withUnsafeBufferPointer { read($0, maximumDepth: maximumDepth, body) }
    }

    /// `read` for bytes already in one buffer.
    package static func read(
        _ buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth,
        _ body: (inout JSONByteReader) throws(JSONParseError) -> Bool
    ) -> Result<Bool, JSONParseError> {
        var reader = JSONByteReader(
            buffer: buffer, maximumDepth: maximumDepth,
            scratch: .init(
                members: .init(start: nil, count: 0), keyHashes: .init(start: nil, count: 0),
                elements: .init(start: nil, count: 0), stringCache: .init(start: nil, count: 0)))
        do throws(JSONParseError) {
            return .success(try body(&reader))
        } catch {
            return .failure(error)
        }
    }

    private static func withReader<Value>(
        of buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int,
        _ body: (inout JSONByteReader) -> Result<Value, JSONParseError>
    ) -> Result<Value, JSONParseError> {
        // Scratch space on the stack: no heap blocks to allocate and free for a small body.
        withUnsafeTemporaryAllocation(of: JSONObject.Member.self, capacity: memberScratchCapacity) { members in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: memberScratchCapacity) { hashes in
                withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: elementScratchCapacity) { elements in
                    // Slots record offsets as `UInt32`.
                    guard buffer.count >= stringCacheMinimumBytes, buffer.count < Int(UInt32.max) else {
                        var reader = JSONByteReader(
                            buffer: buffer, maximumDepth: maximumDepth,
                            scratch: .init(
                                members: members, keyHashes: hashes, elements: elements,
                                stringCache: .init(start: nil, count: 0)))
                        return body(&reader)
                    }
                    func read(cache: UnsafeMutableBufferPointer<StringCache.Slot>) -> Result<Value, JSONParseError> {
                        var reader = JSONByteReader(
                            buffer: buffer, maximumDepth: maximumDepth,
                            scratch: .init(members: members, keyHashes: hashes, elements: elements, stringCache: cache))
                        return body(&reader)
                    }
                    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                        var slots = StringCache.emptyStorage()
                        var span = slots.mutableSpan
                        return span.withUnsafeMutableBufferPointer { read(cache: $0) }
                    }
                    // Apple's systems before their 26 releases: the slots where the runtime puts them.
                    return withUnsafeTemporaryAllocation(of: StringCache.Slot.self, capacity: StringCache.slotCount) {
                        cache in
                        cache.initialize(repeating: StringCache.emptySlot)
                        defer { cache.deinitialize() }
                        return read(cache: cache)
                    }
                }
            }
        }
    }
}
