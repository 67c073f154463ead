import ContractJSON

// Memory safety: the buffers are an array's or a string's, lent for the lookup only (or in-place member keys, valid
// during the read); word loads stay inside `count` (`head`, `tailWord`), and `bytesEqual` is given two buffers of
// equal length.

/// Finds a property name among a schema's fixed names.
///
/// Hashing a `String` (seeding and finalising SipHash) costs more than the rest of the lookup. Each name
/// is kept instead as its length and its first sixteen bytes, as
/// two integers, in an open-addressing table indexed by a multiply-and-shift of those integers: a
/// lookup loads the key's first sixteen bytes, probes one slot (rarely two) and compares three integers,
/// and only names longer than sixteen bytes compare the rest of their bytes.
struct PropertyTable: Sendable {
    private struct Entry: Sendable {
        /// Bytes 0..<8 and 8..<16 of the name, zero-padded (`UTF8Equality.head`, `tailWord`).
        var head: UInt64
        var tail: UInt64
        var count: Int32
        /// Where the name's bytes start in `bytes` (read only for names longer than sixteen bytes).
        var start: Int32
        /// The name's position among the names given.
        var index: Int32
    }

    /// The distinct names (the first of a repeated one), in the order given.
    private let entries: [Entry]
    /// A power of two of slots, at least twice the names: each an entry's offset + 1, 0 when empty.
    /// 32-bit, because a contract compiles thousands of tables.
    private let slots: [Int32]
    /// The names' UTF-8 bytes, one after another, so that a long name is compared without going
    /// through its `String` (each access to a `String`'s bytes retained and released it).
    private let bytes: [UInt8]

    init(_ keys: [String]) {
        var capacity = 4
        while capacity < 2 * keys.count { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var entries: [Entry] = []
        entries.reserveCapacity(keys.count)
        // Sized once and filled from each name's contiguous bytes: appending a `String.UTF8View`
        // went through the generic sequence path and regrew the array.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keys.reduce(0) { $0 + $1.utf8.count })
        for (index, key) in keys.enumerated() {
            let start = bytes.count
            let utf8 = key.utf8
            if utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: utf8)
            }
            // A name given again keeps its first position (lookups stop at the first equal entry).
            let (entry, isRepeated) = bytes.withUnsafeBufferPointer { all in
                let name = UnsafeBufferPointer(rebasing: all[start...])
                let entry = Entry(
                    head: UTF8Equality.head(name), tail: Self.tailWord(name),
                    count: Int32(truncatingIfNeeded: name.count),
                    start: Int32(truncatingIfNeeded: start), index: Int32(truncatingIfNeeded: index))
                return (entry, Self.find(name, entries, slots, bytes) != nil)
            }
            if isRepeated {
                bytes.removeLast(bytes.count - start)
                continue
            }
            var slot = Self.slot(entry.head, entry.tail, Int(entry.count), mask: capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            entries.append(entry)
            slots[slot] = Int32(truncatingIfNeeded: entries.count)
        }
        self.entries = entries
        self.slots = slots
        self.bytes = bytes
    }

    /// Bytes 8..<16 of `bytes` as an integer (zero-padded; 0 for eight bytes or fewer), one load.
    @inline(__always)
    private static func tailWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        guard count > 8 else { return 0 }
        let raw = UnsafeRawBufferPointer(bytes)
        if count >= 16 { return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
        // The last eight bytes, shifted down past the ones below offset 8.
        let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        return last >> UInt64(8 * (16 - count))
    }

    @inline(__always)
    private static func slot(_ head: UInt64, _ tail: UInt64, _ count: Int, mask: Int) -> Int {
        var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        hash ^= hash >> 31
        return Int(truncatingIfNeeded: hash) & mask
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
        Self.find(key, entries, slots, bytes)
    }

    @inline(__always)
    private static func find(
        _ key: UnsafeBufferPointer<UInt8>, _ entries: [Entry], _ slots: [Int32], _ bytes: [UInt8]
    ) -> Int? {
        let count = key.count
        let head = UTF8Equality.head(key)
        let tail = tailWord(key)
        let mask = slots.count - 1
        var slot = slot(head, tail, count, mask: mask)
        while true {
            let occupant = Int(slots[slot])
            guard occupant != 0 else { return nil }
            let entry = entries[occupant - 1]
            if entry.head == head, entry.tail == tail, Int(entry.count) == count {
                if count <= 16 { return Int(entry.index) }
                let start = Int(entry.start)
                let equal = bytes.withUnsafeBytes { names in
                    UTF8Equality.bytesEqual(
                        UnsafeRawBufferPointer(rebasing: names[(start + 16)..<(start + count)]),
                        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(key)[16...]))
                }
                if equal { return Int(entry.index) }
            }
            slot = (slot + 1) & mask
        }
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
