/// How much of a schema a synthesized response exercises.
public enum ResponseMode: Sendable, Hashable, CustomStringConvertible {
    /// Only required properties, the fewest array items.
    case minimal
    /// Every declared property, a couple of items per array (the default).
    case full
    /// Choices made by a seeded generator: the same seed and contract give the same response.
    case random(seed: UInt64)

    /// `minimal`, `full` or `random(seed: N)`.
    public var description: String {
        switch self {
        case .minimal: "minimal"
        case .full: "full"
        case .random(let seed): "random(seed: \(seed))"
        }
    }
}
