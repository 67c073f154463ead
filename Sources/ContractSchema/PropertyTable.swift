/// Finds a property name among a schema's fixed names without hashing.
///
/// Hashing a `String` (seeding and finalising SipHash) cost more than the rest of the lookup in
/// profiles of the benchmark; names are bucketed by UTF-8 length instead, and a bucket holds
/// one or two names, compared byte for byte.
struct PropertyTable: Sendable {
    private static let bucketCount = 48
    private var buckets: [[(key: String, index: Int)]]

    init(_ keys: [String]) {
        buckets = Array(repeating: [], count: Self.bucketCount)
        for (index, key) in keys.enumerated() {
            buckets[Swift.min(key.utf8.count, Self.bucketCount - 1)].append((key, index))
        }
    }

    /// The position of `key` in the names the table was built from.
    @inline(__always)
    func index(of key: String) -> Int? {
        let bucket = buckets[Swift.min(key.utf8.count, Self.bucketCount - 1)]
        for entry in bucket where entry.key == key { return entry.index }
        return nil
    }
}
