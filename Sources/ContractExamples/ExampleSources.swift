/// Which sources the synthesizer may answer from.
public enum ExampleSources: Sendable, Hashable {
    /// Contract examples first (each validated; an invalid one is reported and skipped), then a generated value.
    case contractFirst
    /// Contract examples first, returned as written even when they break the schema (still reported).
    case contractAsIs
    /// Always a generated value.
    case generatedOnly
}
