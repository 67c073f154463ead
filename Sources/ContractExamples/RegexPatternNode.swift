/// A node of a parsed pattern, as far as sampling needs it.
indirect enum RegexPatternNode: Sendable {
    case literal(Unicode.Scalar)
    case set(RegexScalarSet)
    case sequence([RegexPatternNode])
    case alternation([RegexPatternNode])
    case group(RegexPatternNode, capture: Int?)
    case repeated(RegexPatternNode, min: Int, max: Int?)
    case backreference(Int)
    /// `^`, `$`, `\b`, lookarounds: they consume nothing.
    case assertion
}
