// Memory safety: `keyHashes` (one hash per member) is the parser's scratch stack, read only inside `init`
// (by `MemberIndex`) and not kept.

/// A JSON object that keeps its members in document order and remembers where each key was written.
///
/// Small objects are searched linearly, which beats hashing for the handful of keys most objects
/// have; objects of `indexThreshold` members or more get a key index (`MemberIndex`) when built.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member: its key, its value and where the key stands in the source.
    public struct Member: Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// Where the key is written; `.unknown` for values built in code.
        public var position: SourcePosition

        /// Creates a member.
        public init(key: String, value: JSONValue, position: SourcePosition = .unknown) {
            self.key = key
            self.value = value
            self.position = position
        }
    }

    /// Objects with at least this many members are indexed by key.
    static let indexThreshold = 12

    /// The members in document order.
    public private(set) var members: [Member]
    /// Where the object starts in the source (its `{`, or its first key in block YAML).
    public var position: SourcePosition
    private var index: MemberIndex?

    /// Creates an object from members in order. When a key repeats, the last member wins on lookup.
    public init(members: [Member], position: SourcePosition = .unknown) {
        self.members = members
        self.position = position
        self.index = members.count >= Self.indexThreshold ? MemberIndex(members) : nil
    }

    /// An object read by the parser, whose keys are all ASCII and were hashed as they were read
    /// (`hashes[offset]` is `KeyHash.of` the key of `members[offset]`).
    init(members: [Member], position: SourcePosition, keyHashes hashes: UnsafeBufferPointer<UInt64>) {
        self.members = members
        self.position = position
        self.index = members.count >= Self.indexThreshold ? MemberIndex(members, hashes: hashes) : nil
    }

    /// Creates an empty object.
    public init() {
        self.init(members: [])
    }

    /// Creates an object from key-value pairs in order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(members: elements.map { Member(key: $0.0, value: $0.1) })
    }

    /// The number of members.
    public var count: Int { members.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }
    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// The offset of the member named `key`, if any.
    public func offset(of key: String) -> Int? {
        if let index { return index.offset(of: key, in: members) }
        // The last member of a repeated name wins: looking from the end stops at the first match.
        var offset = members.count
        while offset > 0 {
            offset -= 1
            if members[offset].key == key { return offset }
        }
        return nil
    }

    /// Whether no two members share a key, for an object with an index (`nil` for a smaller one, which
    /// has none): answered from the index's count of distinct keys, without comparing any.
    package var keysAreDistinct: Bool? {
        index?.keysAreDistinct(count: members.count)
    }

    /// The hash under which the index of a large object files the ASCII key `key` (`nil` for
    /// other keys), computed once by callers that look the same names up in many objects.
    package static func indexHash(ofASCII key: String) -> UInt64? {
        let (hash, isASCII) = KeyHash.of(key)
        return isASCII ? hash : nil
    }

    /// For large objects whose keys are all distinct ASCII: the offset of the member whose key has
    /// exactly the bytes of the ASCII `key` (whose `indexHash(ofASCII:)` is `hash`), found through
    /// the index. `.none` for other objects, so that the validator can look a few names up instead
    /// of walking every member.
    package func indexedOffset(ofASCII key: String, hash: UInt64) -> Int?? {
        index?.uniqueByteOffset(of: key, hash: hash, in: members) ?? .none
    }

    /// The value of the member named `key`; setting `nil` removes it, setting a value replaces or appends.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let offset = offset(of: key) else { return nil }
            return members[offset].value
        }
        set {
            if let offset = offset(of: key) {
                if let newValue {
                    members[offset].value = newValue
                } else {
                    members.remove(at: offset)
                    reindex()
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    index?.appendLast(members)
                } else if members.count >= Self.indexThreshold {
                    reindex()
                }
            }
        }
    }

    /// The source position of the key `key`, if it was read from a file.
    public func position(of key: String) -> SourcePosition? {
        guard let offset = offset(of: key) else { return nil }
        let position = members[offset].position
        return position.isKnown ? position : nil
    }

    /// Whether the object has a member named `key`.
    public func contains(_ key: String) -> Bool { offset(of: key) != nil }

    private mutating func reindex() {
        index = members.count >= Self.indexThreshold ? MemberIndex(members) : nil
    }

    /// Iterates `(key, value)` pairs in document order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    /// Objects are equal when they have the same keys with equal values, in any order
    /// (JSON Schema's notion of equality for `enum`, `const` and `uniqueItems`).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    /// Hashes the members independent of order.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
