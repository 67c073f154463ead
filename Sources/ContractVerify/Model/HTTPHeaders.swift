// Memory safety: `sameBytes` gets two buffers of equal length, lent by `withContiguousStorageIfAvailable` for
// the call; its eight-byte loads happen only where `index + 8 <= count`.

/// Header fields of a request or response: names compare case-insensitively, a name may repeat, and the
/// order fields arrived in is kept (it matters for `Set-Cookie` and for messages).
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as it was sent.
    public struct Field: Sendable, Hashable {
        /// The name as written.
        public var name: String
        /// The value as written.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in the order they were sent.
    public private(set) var fields: [Field]

    /// Creates headers from fields, in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from name-value pairs, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// Appends a field; an existing field of the same name stays.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field of this name with one field.
    public mutating func set(_ name: String, _ value: String) {
        fields.removeAll { Self.sameName($0.name, name) }
        fields.append(Field(name: name, value: value))
    }

    /// Every value sent under this name, in order.
    public func values(_ name: String) -> [String] {
        fields.compactMap { Self.sameName($0.name, name) ? $0.value : nil }
    }

    /// The values under this name joined with `", "` (how HTTP combines repeated fields), or `nil`.
    public subscript(name: String) -> String? {
        var result: String?
        for field in fields where Self.sameName(field.name, name) {
            result = result.map { $0 + ", " + field.value } ?? field.value
        }
        return result
    }

    /// Whether a field of this name was sent.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison without allocating lower-cased copies (this runs per header per request).
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        // Names of different lengths differ; equal lengths are compared on contiguous bytes when the
        // strings have them (stepping two views' iterators cost more than the rest of a lookup).
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in sameBytes(left, right) }
        }
        if let same = contiguous ?? nil { return same }
        return sameNameIterating(lhs, rhs)
    }

    /// `sameName` for strings without contiguous UTF-8 (bridged ones), kept out of line so that the common
    /// path stays small.
    @inline(never)
    private static func sameNameIterating(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let a?, let b?):
                if a != b && lower(a) != lower(b) { return false }
            default: return false
            }
        }
    }

    /// Whether two byte runs of the same length are equal once ASCII letters are folded. An index loop, not
    /// `zip` with a closure: schemes and hosts pass here on every request.
    private static func sameBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        // Eight bytes at a time while they are the same as written (the usual case: a name or host spelled
        // as the contract or the other side spells it), byte by byte with folding from the first difference.
        if let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            while index + 8 <= left.count,
                UnsafeRawPointer(leftBase + index).loadUnaligned(as: UInt64.self)
                    == UnsafeRawPointer(rightBase + index).loadUnaligned(as: UInt64.self)
            {
                index += 8
            }
        }
        while index < left.count {
            let (a, b) = (left[index], right[index])
            if a != b && lower(a) != lower(b) { return false }
            index += 1
        }
        return true
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }
}
