import ContractJSON

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
        /// Where the name's bytes start in `bytes`.
        var start: Int
        var index: Int
    }

    private static let groupCount = 48
    /// The names, ordered by length, each with its position among the names given.
    private let entries: [Entry]
    /// `entries[starts[n]..<starts[n + 1]]` are the names of `n` bytes (the last group: longer ones),
    /// up to the longest group present: 32-bit and no longer than needed, because a contract compiles
    /// thousands of tables and 49 `Int`s each were a twentieth of the memory of loading one.
    private let starts: [UInt32]
    /// The names' UTF-8 bytes, one after another, so that a name is compared without going
    /// through its `String` (each access to a `String`'s bytes retained and released it).
    private let bytes: [UInt8]

    init(_ keys: [String]) {
        // A counting sort by group, which keeps the names' order within a group. The per-name group, the
        // running positions and the order are stack temporaries: as arrays they were half of the
        // allocations of compiling an object schema.
        var longest = -1
        var byteCount = 0
        for key in keys {
            let count = key.utf8.count
            longest = Swift.max(longest, Swift.min(count, Self.groupCount - 1))
            byteCount += count
        }
        var starts = [UInt32](repeating: 0, count: longest + 2)
        for key in keys { starts[Swift.min(key.utf8.count, Self.groupCount - 1) + 1] += 1 }
        for group in starts.indices.dropFirst() { starts[group] += starts[group - 1] }
        var entries: [Entry] = []
        entries.reserveCapacity(keys.count)
        // Sized once and filled from each name's contiguous bytes: appending a `String.UTF8View`
        // went through the generic sequence path and regrew the array.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: keys.count + starts.count) { scratch in
            let order = UnsafeMutableBufferPointer(rebasing: scratch[0..<keys.count])
            let next = UnsafeMutableBufferPointer(rebasing: scratch[keys.count...])
            for group in starts.indices { next[group] = Int(starts[group]) }
            for index in keys.indices {
                let group = Swift.min(keys[index].utf8.count, Self.groupCount - 1)
                order[next[group]] = index
                next[group] += 1
            }
            for index in order {
                entries.append(Entry(head: UTF8Equality.head(keys[index]), start: bytes.count, index: index))
                let utf8 = keys[index].utf8
                if utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                    bytes.append(contentsOf: utf8)
                }
            }
        }
        self.entries = entries
        self.starts = starts
        self.bytes = bytes
    }

    /// The position of `key` in the names the table was built from.
    @inline(__always)
    func index(of key: String) -> Int? {
        // One access to the key's bytes for the head and every comparison.
        if let found = key.utf8.withContiguousStorageIfAvailable({ index(ofBytes: $0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { index(ofBytes: $0) }
    }

    /// The position of the key a streamed object member has (see `StreamingValidator`).
    @inline(__always)
    func index(of key: JSONByteReader.MemberKey) -> Int? {
        switch key {
        case .bytes(let bytes): index(ofBytes: bytes)
        case .decoded(let string): index(of: string)
        }
    }

    /// The position of the name whose UTF-8 bytes are `key`.
    @inline(__always)
    private func index(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        let group = Swift.min(key.count, Self.groupCount - 1)
        guard group + 1 < starts.count else { return nil }
        let first = Int(starts[group])
        let end = Int(starts[group + 1])
        guard first < end else { return nil }
        return find(key, first, end)
    }

    /// The entry among `entries[first..<end]` (names as long as `key`, or the longest group) whose
    /// bytes are `key`'s.
    @inline(__always)
    private func find(_ key: UnsafeBufferPointer<UInt8>, _ first: Int, _ end: Int) -> Int? {
        let head = UTF8Equality.head(key)
        let count = key.count
        for offset in first..<end where entries[offset].head == head {
            if count <= 8 { return entries[offset].index }
            let start = entries[offset].start
            // `bytes` ends with the last name; a name in a group of longer names may be shorter
            // or longer than `key`, so its length is checked before its bytes.
            let length = (offset + 1 < entries.count ? entries[offset + 1].start : bytes.count) - start
            guard length == count else { continue }
            let equal = bytes.withUnsafeBytes { names in
                UTF8Equality.bytesEqual(
                    UnsafeRawBufferPointer(rebasing: names[start..<(start + count)]), UnsafeRawBufferPointer(key))
            }
            if equal { return entries[offset].index }
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

    /// The first eight of `bytes` as an integer (zero-padded), without a loop: one load when
    /// there are eight, two overlapping four-byte loads from four, three byte loads below that.
    @inline(__always)
    static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        if count >= 8 { return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) }
        if count >= 4 {
            // Bytes 0..<4 and count-4..<count; where they overlap, both put the same byte in the same place.
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return low | high << UInt64(8 * (count - 4))
        }
        guard count > 0 else { return 0 }
        // Bytes 0, count/2 and count-1 cover all of one to three bytes.
        let middle = count / 2
        return UInt64(bytes[0]) | UInt64(bytes[middle]) << UInt64(8 * middle)
            | UInt64(bytes[count - 1]) << UInt64(8 * (count - 1))
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
