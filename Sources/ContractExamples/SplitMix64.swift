/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose output depends only on the seed.
///
/// Written here rather than using `SystemRandomNumberGenerator` or `Double.random` because examples must be
/// the same bytes on every platform and run; the standard library promises neither.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A value in `0..<bound` (bound > 0), by multiply-shift: no platform-dependent library code involved.
    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let product = next().multipliedFullWidth(by: UInt64(bound))
        return Int(product.high)
    }

    /// `true` with probability `numerator / denominator`.
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// A generator for a sub-task, so that one choice's consumption does not shift every later choice.
    mutating func fork() -> SplitMix64 {
        SplitMix64(seed: next())
    }

    /// FNV-1a of a string: a stable (unlike `Hasher`) way to mix a schema's address into a seed.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
