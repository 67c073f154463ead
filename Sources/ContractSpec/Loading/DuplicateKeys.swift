import ContractJSON

/// Finds a key written twice in one object of a parsed JSON document. JSON allows it (RFC 8259 only
/// says names should be unique) and the parser keeps both members, but in a contract the second
/// silently competes with the first, so the loader refuses it as it refuses a YAML mapping's.
enum DuplicateKeys {
    /// A key and the two places it is written.
    struct Duplicate {
        var key: String
        var first: SourcePosition
        var again: SourcePosition
    }

    /// Objects up to this many members are checked pair by pair; larger ones through a dictionary.
    private static let pairwiseLimit = 12

    /// The first duplicate key in document order of the objects' starts, or `nil`. Walks with a stack of
    /// its own, so any nesting the parser accepted is walked without recursion.
    static func first(in document: JSONValue) -> Duplicate? {
        var pending = [document]
        while let value = pending.popLast() {
            switch value {
            case .object(let object):
                if let duplicate = duplicate(in: object) { return duplicate }
                for member in object.members.reversed() where member.value.isContainer { pending.append(member.value) }
            case .array(let elements):
                for element in elements.reversed() where element.isContainer { pending.append(element) }
            default:
                continue
            }
        }
        return nil
    }

    private static func duplicate(in object: JSONObject) -> Duplicate? {
        let members = object.members
        if members.count <= pairwiseLimit {
            for later in members.indices.dropFirst() {
                for earlier in members.startIndex..<later where members[earlier].key == members[later].key {
                    return Duplicate(
                        key: members[later].key, first: members[earlier].position, again: members[later].position)
                }
            }
            return nil
        }
        var seen: [String: SourcePosition] = [:]
        seen.reserveCapacity(members.count)
        for member in members {
            if let first = seen.updateValue(member.position, forKey: member.key) {
                return Duplicate(key: member.key, first: first, again: member.position)
            }
        }
        return nil
    }
}

extension JSONValue {
    /// Whether the value is an object or an array.
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
