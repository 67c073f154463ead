/// Choices made when a schema compiles.
public struct SchemaCompileOptions: Sendable, Hashable {
    /// Whether `format` is asserted (the default) or only an annotation.
    public var assertsFormats: Bool
    /// Formats not asserted even when `assertsFormats` is on (for example `["email"]`).
    public var disabledFormats: Set<String>
    /// How many backtracking steps one `pattern` match may take before it is abandoned and reported.
    public var regexStepLimit: Int
    /// How deep schema evaluation may nest before it is reported as a probable `$ref` loop.
    public var maximumDepth: Int
    /// How `nullable: true` is read in the OpenAPI 3.0 dialect; `.lenient` by default.
    public var nullable: NullableReading

    /// Creates options; the defaults assert every format and read `nullable` leniently.
    public init(
        assertsFormats: Bool = true, disabledFormats: Set<String> = [], regexStepLimit: Int = 100_000,
        maximumDepth: Int = 400, nullable: NullableReading = .lenient
    ) {
        self.assertsFormats = assertsFormats
        self.disabledFormats = disabledFormats
        self.regexStepLimit = regexStepLimit
        self.maximumDepth = maximumDepth
        self.nullable = nullable
    }

    /// Whether `format` values named `name` are checked.
    func asserts(format name: String) -> Bool {
        assertsFormats && !disabledFormats.contains(name)
    }
}
