import ContractJSON

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
            guard a.count == b.count else { return false }
            for member in a.members {
                guard let other = b.members.first(where: { $0.key.utf8.elementsEqual(member.key.utf8) }),
                    equal(member.value, other.value)
                else { return false }
            }
            return true
        default:
            return false
        }
    }
}
