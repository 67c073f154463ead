import ContractSchema

/// Picks members of regex character classes for the sampler, readable ones first: a pattern's `[^,]` or
/// `\p{L}` becomes a letter, not a control character.
enum RegexClassSampling {
    /// Scalars tried for classes that are negated or not plain ranges: letters, digits and common
    /// punctuation.
    private static let readable: [UInt32] =
        Array(0x61...0x7A) + Array(0x30...0x39) + Array(0x41...0x5A) + [
            0x5F, 0x2D, 0x2E, 0x20, 0x21, 0x2B, 0x3D, 0x40, 0x7E, 0x2C, 0x3A, 0x24, 0xE9,
        ]
    /// Tried when no readable scalar belongs to the class: one of each general category `\p{…}` may name,
    /// and the white space and line terminators `\s` and `[^…]` may ask for.
    private static let representatives: [UInt32] = [
        0xC9, 0x01C5, 0x02B0, 0x4E2D, 0x0300, 0x0903, 0x20DD, 0x0661, 0x2160, 0x00BD, 0x00A0, 0x2028, 0x2029,
        0x09, 0x0A, 0x0D, 0x00AD, 0xE000, 0x0378, 0x2211, 0x02C6, 0x00A9, 0x0028, 0x0029, 0x00AB, 0x00BB,
    ]
    /// `.`: any scalar but a line terminator.
    static let dot = RegexCharacterClass(
        items: [.range(0x0A, 0x0A), .range(0x0D, 0x0D), .range(0x2028, 0x2029)], negated: true)

    /// One member of `characterClass`: the first readable one, or a random one; `nil` when none is found.
    static func pick(from characterClass: RegexCharacterClass, using rng: inout SplitMix64, first: Bool)
        -> Unicode.Scalar?
    {
        if !characterClass.negated, !characterClass.items.isEmpty {
            let item = characterClass.items[first ? 0 : rng.below(characterClass.items.count)]
            if case .range(let low, let high) = item {
                return pick(in: low...high, using: &rng, first: first)
            }
            return pick(matching: { RegexCharacterClass.matches(item, $0) }, using: &rng, first: first)
        }
        return pick(matching: characterClass.matches, using: &rng, first: first)
    }

    private static func pick(in range: ClosedRange<UInt32>, using rng: inout SplitMix64, first: Bool)
        -> Unicode.Scalar?
    {
        let width = Int(range.upperBound - range.lowerBound) + 1
        // A range that runs through the surrogates (`[\u{0}-\u{10FFFF}]`) is tried a few times.
        for _ in 0..<8 {
            let value = range.lowerBound + UInt32(first ? 0 : rng.below(width))
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
        return Unicode.Scalar(range.lowerBound) ?? Unicode.Scalar(range.upperBound)
    }

    private static func pick(matching belongs: (UInt32) -> Bool, using rng: inout SplitMix64, first: Bool)
        -> Unicode.Scalar?
    {
        var candidates = readable.filter(belongs)
        if candidates.isEmpty { candidates = representatives.filter(belongs) }
        guard !candidates.isEmpty else { return nil }
        return Unicode.Scalar(candidates[first ? 0 : rng.below(candidates.count)])
    }
}
