/// How much of a schema a generated value exercises.
public enum ExampleMode: Sendable, Hashable, CustomStringConvertible {
    /// Only required properties, the fewest array items, `null` where it is allowed.
    case minimal
    /// Every declared property (bounded on recursive schemas), a couple of items per array.
    case full
    /// Choices made by a pseudo-random generator: the same seed, contract and schema give the same value.
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
