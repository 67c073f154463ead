/// Finds a property name among a schema's fixed names without hashing.
///
/// Hashing a `String` (seeding and finalising SipHash) cost more than the rest of the lookup in
/// profiles of the benchmark. Names are grouped by UTF-8 length instead, in one flat array so that
/// a lookup copies and retains nothing, and each carries its first eight bytes as an integer: most
/// misses (`etag` against `type`, `name`, `size`, `sha1`) are one integer comparison, and names of
/// up to eight bytes need no other.
struct PropertyTable: Sendable {
    private struct Entry: Sendable {
        var head: UInt64
        var key: String
        var index: Int
    }

    private static let groupCount = 48
    /// The names, ordered by length, each with its position among the names given.
    private let entries: [Entry]
    /// `entries[starts[n]..<starts[n + 1]]` are the names of `n` bytes (the last group: longer ones).
    private let starts: [Int]

    init(_ keys: [String]) {
        var groups = Array(repeating: [Entry](), count: Self.groupCount)
        for (index, key) in keys.enumerated() {
            let head = UTF8Equality.head(key)
            groups[Swift.min(key.utf8.count, Self.groupCount - 1)].append(Entry(head: head, key: key, index: index))
        }
        var starts = [0]
        for group in groups { starts.append(starts[starts.count - 1] + group.count) }
        self.entries = groups.flatMap { $0 }
        self.starts = starts
    }

    /// The position of `key` in the names the table was built from.
    @inline(__always)
    func index(of key: String) -> Int? {
        if let found = key.utf8.withContiguousStorageIfAvailable({ index(ofBytes: $0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { index(ofBytes: $0) }
    }

    /// The position of the name whose UTF-8 bytes are `key`, for a reader that has not made a `String`.
    @inline(__always)
    func index(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = key.count
        let group = Swift.min(count, Self.groupCount - 1)
        var offset = starts[group]
        let end = starts[group + 1]
        guard offset < end else { return nil }
        let head = UTF8Equality.head(key)
        while offset < end {
            if entries[offset].head == head, count <= 8 || UTF8Equality.equal(entries[offset].key, key) {
                return entries[offset].index
            }
            offset += 1
        }
        return nil
    }
}

/// Byte-wise string equality, as JSON Schema compares names and values.
///
/// `String ==` uses canonical equivalence (`"é"` written two ways is equal), which JSON Schema does
/// not, and it is slower than comparing bytes.
enum UTF8Equality {
    @inline(__always)
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        let result = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                bytesEqual(UnsafeRawBufferPointer(leftBytes), UnsafeRawBufferPointer(rightBytes))
            }
        }
        if let result, let result { return result }
        return left.elementsEqual(right)
    }

    /// Compares two buffers of equal length eight bytes at a time (the generic `elementsEqual`
    /// went byte by byte through iterators, 8% of the benchmark).
    @inline(__always)
    static func bytesEqual(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        var offset = 0
        while offset + 8 <= count {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard left[offset] == right[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The first eight bytes as an integer, as `head(_:)` gives for a string with these bytes.
    @inline(__always)
    static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for offset in 0..<Swift.min(8, bytes.count) { value |= UInt64(bytes[offset]) << (8 * UInt64(offset)) }
        return value
    }

    /// Whether a string's UTF-8 bytes are `bytes`.
    @inline(__always)
    static func equal(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = string.utf8
        guard utf8.count == bytes.count else { return false }
        let result = utf8.withContiguousStorageIfAvailable { stored in
            bytesEqual(UnsafeRawBufferPointer(stored), UnsafeRawBufferPointer(bytes))
        }
        return result ?? utf8.elementsEqual(bytes)
    }

    /// The first eight UTF-8 bytes of `string` as an integer (zero-padded), a cheap pre-check.
    @inline(__always)
    static func head(_ string: String) -> UInt64 {
        let head = string.utf8.withContiguousStorageIfAvailable { bytes in
            var value: UInt64 = 0
            for offset in 0..<Swift.min(8, bytes.count) { value |= UInt64(bytes[offset]) << (8 * UInt64(offset)) }
            return value
        }
        if let head { return head }
        var value: UInt64 = 0
        for (offset, byte) in string.utf8.prefix(8).enumerated() { value |= UInt64(byte) << (8 * UInt64(offset)) }
        return value
    }
}
