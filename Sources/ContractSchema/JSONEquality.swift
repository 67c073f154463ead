import ContractJSON

// Memory safety: `combineBytes` hashes a string's UTF-8 in the buffer `withContiguousStorageIfAvailable` lends
// for that call.

/// JSON Schema equality (`const`, `enum`, `uniqueItems`): numbers by value, objects regardless of
/// member order, and strings by code points.
///
/// Swift's `String ==` uses canonical equivalence, under which `"é"` and `"e\u{301}"` are equal;
/// JSON Schema compares code points, so strings are compared by their UTF-8 bytes here.
enum JSONEquality {
    static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return UTF8Equality.equal(a, b)
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for index in a.indices where !equal(a[index], b[index]) { return false }
            return true
        case (.object(let a), .object(let b)):
            // Both ways: with a repeated key, one way alone found `{"x":1,"x":1}` equal to `{"x":1,"y":5}`.
            return a.count == b.count && contains(a, in: b) && contains(b, in: a)
        default:
            return false
        }
    }

    /// Whether every member of `object` has its value under the first member of `other` with its key.
    private static func contains(_ object: JSONObject, in other: JSONObject) -> Bool {
        object.members.allSatisfy { member in
            guard let match = other.members.first(where: { UTF8Equality.equal($0.key, member.key) }) else {
                return false
            }
            return equal(member.value, match.value)
        }
    }

    /// A hash that values `equal` calls equal share: numbers by their canonical value, strings by their
    /// bytes, objects regardless of member order. An object with a repeated key hashes by its size alone,
    /// since `equal` compares only the first value under each key.
    static func hashValue(_ value: JSONValue) -> Int {
        var hasher = Hasher()
        combine(value, into: &hasher)
        return hasher.finalize()
    }

    private static func combine(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(flag ? 1 : 2)
        case .number(let number):
            hasher.combine(3)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(4)
            combineBytes(of: text, into: &hasher)
        case .array(let items):
            hasher.combine(5)
            hasher.combine(items.count)
            for item in items { combine(item, into: &hasher) }
        case .object(let object):
            hasher.combine(6)
            hasher.combine(object.count)
            // Keys as bytes: a `Set<String>` would take `"é"` and `"e\u{301}"` for one key.
            var keys = Set<[UInt8]>()
            var members = 0
            for member in object.members {
                guard keys.insert(Array(member.key.utf8)).inserted else { return }
                // Order-independent: a sum of each member's own hash.
                var memberHasher = Hasher()
                combineBytes(of: member.key, into: &memberHasher)
                combine(member.value, into: &memberHasher)
                members &+= memberHasher.finalize()
            }
            hasher.combine(members)
        }
    }

    /// The text's UTF-8 bytes, as `equal` compares strings (not `String`'s hash, which follows canonical
    /// equivalence).
    private static func combineBytes(of text: String, into hasher: inout Hasher) {
        let combined: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if combined == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}
