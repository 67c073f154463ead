/// A set of scalars: ranges, possibly negated.
struct RegexScalarSet: Sendable {
    var ranges: [ClosedRange<UInt32>]
    var negated: Bool

    static let digits = RegexScalarSet(ranges: [0x30...0x39], negated: false)
    static let word = RegexScalarSet(ranges: [0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F...0x5F], negated: false)
    static let space = RegexScalarSet(ranges: [0x20...0x20, 0x09...0x0D], negated: false)
    /// `.`: anything but line terminators; sampled from letters so values stay readable.
    static let dot = RegexScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029], negated: true)

    // Scalars tried for negated sets, readable ones first.
    private static let fallbackPool: [UInt32] =
        Array(0x61...0x7A) + Array(0x30...0x39) + Array(0x41...0x5A) + [
            0x5F, 0x2D, 0x2E, 0x20, 0x21, 0x2B, 0x3D, 0x40, 0x7E, 0xE9,
        ]

    func contains(_ value: UInt32) -> Bool {
        ranges.contains { $0.contains(value) } != negated
    }

    /// One member: the first (or a random) pick; `nil` when the set is empty.
    func pick(using rng: inout SplitMix64, first: Bool) -> Unicode.Scalar? {
        if negated || ranges.isEmpty {
            let pool = Self.fallbackPool.filter(contains)
            guard !pool.isEmpty else { return nil }
            return Unicode.Scalar(pool[first ? 0 : rng.below(pool.count)])
        }
        // Prefer readable members: a range holding lowercase letters or digits is sampled from them.
        let range = ranges[first ? 0 : rng.below(ranges.count)]
        let width = Int(range.upperBound - range.lowerBound) + 1
        for _ in 0..<8 {
            let value = range.lowerBound + UInt32(first ? 0 : rng.below(width))
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
        return Unicode.Scalar(range.lowerBound)
    }
}
