// Memory safety: `hashes` (the parser's scratch, valid during `init`) has one entry per member, slot numbers
// are masked into the table, and the key buffers are lent by `withContiguousStorageIfAvailable` to the closure
// that reads them (`equal` reads two of them only below their common count).

/// The key index of a large `JSONObject`: member offsets in an open-addressing table keyed by
/// the keys' UTF-8 bytes.
///
/// A `[String: Int]` index cost a tenth of parsing a 20 KB response: `String` hashing seeds and
/// finalises SipHash and walks the key as Unicode to hash canonically equivalent spellings alike.
/// This table hashes bytes eight at a time with a per-process random seed. Byte equality is
/// `String ==` only for ASCII, so an object with a non-ASCII key keeps a `Dictionary`, and a
/// non-ASCII lookup key (which could be canonically equal to an ASCII key, as U+212A KELVIN SIGN is
/// to `K`) is answered by a linear scan: lookups mean exactly what they meant before.
struct MemberIndex: Sendable {
    /// One reference either way, so that `JSONObject` (and every `JSONValue`) stays small: a larger
    /// index made every copy of a value dearer.
    private enum Storage: Sendable {
        /// Offsets + 1 (0 marks an empty slot) in a power-of-two number of slots at least twice the
        /// keys, then one more element: the number of distinct keys.
        case table([Int32])
        case dictionary([String: Int])
    }

    private var storage: Storage

    init(_ members: [JSONObject.Member]) {
        var slots = [Int32](repeating: 0, count: Self.capacity(for: members.count) + 1)
        for offset in members.indices {
            guard Self.insert(offset, members, into: &slots) else {
                storage = .dictionary(Self.dictionary(members))
                return
            }
        }
        storage = .table(slots)
    }

    /// The index of members whose keys are all ASCII and were hashed (`KeyHash`) as the parser
    /// read them: `hashes[offset]` is the hash of `members[offset].key`. No key is hashed again,
    /// and keys are compared only when their hashes are equal (in practice, a repeated key).
    init(_ members: [JSONObject.Member], hashes: UnsafeBufferPointer<UInt64>) {
        var slots = [Int32](repeating: 0, count: Self.capacity(for: members.count) + 1)
        let mask = slots.count - 2
        var distinct: Int32 = 0
        // `hashes` has one entry per member (the parser pops both stacks together), and slots are
        // masked into `0...mask`, so every subscript below is in bounds.
        slots.withUnsafeMutableBufferPointer { slots in
            for offset in members.indices {
                let hash = hashes[offset]
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if hashes[other] == hash, members[other].key == members[offset].key { break }
                    slot = (slot + 1) & mask
                }
                if slots[slot] == 0 { distinct += 1 }
                slots[slot] = Int32(truncatingIfNeeded: offset + 1)
            }
        }
        slots[slots.count - 1] = distinct
        storage = .table(slots)
    }

    /// Records that `members.last` was appended.
    mutating func appendLast(_ members: [JSONObject.Member]) {
        switch storage {
        case .dictionary(var dictionary):
            storage = .table([])
            dictionary[members[members.count - 1].key] = members.count - 1
            storage = .dictionary(dictionary)
        case .table(var slots):
            storage = .table([])
            if (Int(slots[slots.count - 1]) + 1) * 2 > slots.count - 1 {
                self = MemberIndex(members)
                return
            }
            if Self.insert(members.count - 1, members, into: &slots) {
                storage = .table(slots)
            } else {
                storage = .dictionary(Self.dictionary(members))
            }
        }
    }

    /// The offset of the member named `key` (ASCII, with the `KeyHash` `hash`, which the caller
    /// computes once for names it looks up often) when keys are compared as bytes and none
    /// repeats; `.none` when the answer would need `String ==` (a `Dictionary` index, repeated
    /// keys). Keys are compared with `==`, which is byte equality for ASCII.
    func uniqueByteOffset(of key: String, hash: UInt64, in members: [JSONObject.Member]) -> Int?? {
        guard case .table(let slots) = storage, Int(slots[slots.count - 1]) == members.count else { return .none }
        let mask = slots.count - 2
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let offset = Int(slots[slot]) - 1
            if members[offset].key == key { return .some(offset) }
            slot = (slot + 1) & mask
        }
        return .some(nil)
    }

    /// Whether no two of the `count` members indexed share a key: the table counts its distinct keys as it
    /// fills, and a dictionary holds one entry per distinct key.
    func keysAreDistinct(count: Int) -> Bool {
        switch storage {
        case .table(let slots): Int(slots[slots.count - 1]) == count
        case .dictionary(let dictionary): dictionary.count == count
        }
    }

    /// The offset of the last member named `key`.
    func offset(of key: String, in members: [JSONObject.Member]) -> Int? {
        switch storage {
        case .dictionary(let dictionary):
            return dictionary[key]
        case .table(let slots):
            let found = key.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
                let (hash, isASCII) = KeyHash.of(
                    UnsafeRawBufferPointer(bytes), readable: bytes.count, seed: KeyHash.seed)
                guard isASCII else { return .some(nil) }
                let mask = slots.count - 2
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    let offset = Int(slots[slot]) - 1
                    if Self.equal(members[offset].key, bytes) { return offset }
                    slot = (slot + 1) & mask
                }
                return .some(.none)
            }
            switch found {
            case .some(.some(.some(let offset))): return offset
            case .some(.some(.none)): return nil
            default:
                // A non-ASCII key: compare with `String ==`, as the dictionary did.
                var result: Int?
                for offset in members.indices where members[offset].key == key { result = offset }
                return result
            }
        }
    }

    private static func capacity(for count: Int) -> Int {
        var capacity = 16
        while capacity < count * 2 { capacity *= 2 }
        return capacity
    }

    private static func dictionary(_ members: [JSONObject.Member]) -> [String: Int] {
        var index = [String: Int](minimumCapacity: members.count)
        for (offset, member) in members.enumerated() { index[member.key] = offset }
        return index
    }

    /// Adds `members[offset]` (replacing an earlier member of the same key); false for a non-ASCII key.
    private static func insert(
        _ offset: Int, _ members: [JSONObject.Member], into slots: inout [Int32]
    ) -> Bool {
        let key = members[offset].key
        let inserted = key.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let (hash, isASCII) = KeyHash.of(UnsafeRawBufferPointer(bytes), readable: bytes.count, seed: KeyHash.seed)
            guard isASCII else { return false }
            let mask = slots.count - 2
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0, !equal(members[Int(slots[slot]) - 1].key, bytes) {
                slot = (slot + 1) & mask
            }
            if slots[slot] == 0 { slots[slots.count - 1] += 1 }
            slots[slot] = Int32(truncatingIfNeeded: offset + 1)
            return true
        }
        return inserted ?? false
    }

    /// Whether `key` is `bytes`, compared by offset: the generic `elementsEqual` runs unspecialized in a
    /// debug build, through the collection protocols for every byte.
    @inline(__always)
    private static func equal(_ key: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let compared = key.utf8.withContiguousStorageIfAvailable { stored -> Bool in
            guard stored.count == bytes.count else { return false }
            var offset = 0
            while offset < stored.count, stored[offset] == bytes[offset] { offset += 1 }
            return offset == stored.count
        }
        return compared ?? key.utf8.elementsEqual(bytes)
    }
}
