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
    /// `entries[starts[n]..<starts[n + 1]]` are the names of `n` bytes (the last group: longer ones),
    /// up to the longest group present: 32-bit and no longer than needed, because a contract compiles
    /// thousands of tables and 49 `Int`s each were a twentieth of the memory of loading one.
    private let starts: [UInt32]

    init(_ keys: [String]) {
        // A counting sort by group, which keeps the names' order within a group.
        let groups = keys.map { Swift.min($0.utf8.count, Self.groupCount - 1) }
        var starts = [UInt32](repeating: 0, count: (groups.max() ?? -1) + 2)
        for group in groups { starts[group + 1] += 1 }
        for group in starts.indices.dropFirst() { starts[group] += starts[group - 1] }
        var next = starts
        var slots = [Entry?](repeating: nil, count: keys.count)
        for (index, key) in keys.enumerated() {
            slots[Int(next[groups[index]])] = Entry(head: UTF8Equality.head(key), key: key, index: index)
            next[groups[index]] += 1
        }
        self.entries = slots.compactMap { $0 }
        self.starts = starts
    }

    /// The position of `key` in the names the table was built from.
    @inline(__always)
    func index(of key: String) -> Int? {
        let count = key.utf8.count
        let group = Swift.min(count, Self.groupCount - 1)
        guard group + 1 < starts.count else { return nil }
        var offset = Int(starts[group])
        let end = Int(starts[group + 1])
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
