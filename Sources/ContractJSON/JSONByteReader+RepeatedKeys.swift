// Memory safety: `members.top(from:)` and `keyHashes.top(from:)` are read while neither stack changes, from a
// `first` the caller read from their counts when the object opened; `keyHashes` is read only when every key of
// the object was hashed, so that it holds one entry per member.

/// A key written twice in one object, refused when `refusesRepeatedKeys` is set: JSON allows it (RFC 8259 only
/// says names should be unique), but in a contract the second silently competes with the first.
///
/// Checked as each object closes, on what the parser has at hand: a small object's keys pair by pair (their
/// hashes first, when it hashed them), a large one's through the count of distinct keys its index keeps. A
/// separate walk of the parsed document, copying every value on its way, cost a debug build (which leaves it
/// unoptimized) a tenth of loading a JSON contract.
extension JSONByteReader {
    /// Throws at the first member whose key an earlier one has, for an object too small for an index (the
    /// larger ones are answered by theirs); its members are the top of the stack from `first`.
    mutating func refuseRepeatedKeyAmongFew(from first: Int, hashed: Bool) throws(JSONParseError) {
        let count = members.count - first
        guard count > 1, count < JSONObject.indexThreshold else { return }
        let written = members.top(from: first)
        // Plain loops over offsets: a debug build calls a range's iterator, unspecialized, per step.
        let hashes = hashed ? keyHashes.top(from: first) : nil
        var later = 1
        while later < count {
            var earlier = 0
            while earlier < later {
                // Equal ASCII keys have equal hashes: when the keys were hashed, only equal hashes are compared.
                if let hashes, hashes[earlier] != hashes[later] {
                    earlier += 1
                    continue
                }
                if written[earlier].key == written[later].key {
                    throw Self.repeated(
                        written[later].key, first: written[earlier].position, again: written[later].position)
                }
                earlier += 1
            }
            later += 1
        }
    }

    /// Throws at the first member of `object` (whose index counted fewer distinct keys than members) whose key
    /// an earlier one has.
    static func refuseRepeatedKey(in object: JSONObject) throws(JSONParseError) {
        var seen: [String: SourcePosition] = [:]
        seen.reserveCapacity(object.count)
        for member in object.members {
            if let first = seen[member.key] { throw repeated(member.key, first: first, again: member.position) }
            seen[member.key] = member.position
        }
    }

    private static func repeated(_ key: String, first: SourcePosition, again: SourcePosition) -> JSONParseError {
        var error = JSONParseError(
            message: "duplicate key '\(key)' in an object: first at line \(first.line), again at line \(again.line); "
                + "keys must be unique, remove or rename one",
            position: again)
        error.isRepeatedKey = true
        return error
    }
}
