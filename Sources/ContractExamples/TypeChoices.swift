/// The JSON types a merged schema may be generated as, worked out once per node; only their order is
/// left to each value (it depends on the mode, the seed and the attempt).
struct TypeChoices: Sendable {
    /// A type to build. Names `type` may hold beyond JSON's (2.0's `file`) are built as objects, as before.
    enum Kind: Sendable {
        case null, boolean, integer, number, string, array, object

        init(name: String) {
            switch name {
            case "null": self = .null
            case "boolean": self = .boolean
            case "integer": self = .integer
            case "number": self = .number
            case "string": self = .string
            case "array": self = .array
            default: self = .object
            }
        }
    }

    /// The one type to build, when `type` names exactly one: no order to decide.
    let single: Kind?
    /// The allowed or suggested types other than `null`, in the order written (`integer` dropped beside
    /// `number`).
    let others: [Kind]
    /// Whether `null` is among them (its place is decided per value).
    let hasNull: Bool
    /// With no `type`, the types no keyword suggests, tried last (`{"contains": false}` is satisfied by
    /// any non-array).
    let fallbacks: [Kind]

    init(_ schema: MergedSchema) {
        if let types = schema.types, types.count == 1 {
            single = Kind(name: types[0])
            others = []
            hasNull = false
            fallbacks = []
            return
        }
        single = nil
        // Keywords of one type do not restrict the others: with no `type`, the suggested types come first
        // and the rest follow as fallbacks.
        var types = schema.types ?? Self.inferred(schema)
        var fallbacks: [String] = []
        if schema.types == nil {
            for type in ["string", "integer", "boolean", "object", "array", "null"] where !types.contains(type) {
                fallbacks.append(type)
            }
            if types.isEmpty { swap(&types, &fallbacks) }
        }
        if types.contains("number"), types.contains("integer") { types.removeAll { $0 == "integer" } }
        hasNull = types.contains("null")
        others = types.filter { $0 != "null" }.map(Kind.init(name:))
        self.fallbacks = fallbacks.map(Kind.init(name:))
    }

    /// The types the keywords suggest when no `type` is written.
    private static func inferred(_ schema: MergedSchema) -> [String] {
        var types: [String] = []
        if !schema.properties.isEmpty || schema.minProperties > 0 || !schema.propertyNames.isEmpty
            || !schema.properties.patternProperties.isEmpty || !schema.dependentRequired.isEmpty
        {
            types.append("object")
        }
        if !schema.items.isEmpty || !schema.prefixItems.isEmpty || schema.minItems > 0 || !schema.contains.isEmpty {
            types.append("array")
        }
        if schema.minLength > 0 || schema.maxLength != nil || !schema.patterns.isEmpty || schema.stringFormat != nil {
            types.append("string")
        }
        if schema.numbers.lower != nil || schema.numbers.upper != nil || !schema.numbers.multiples.isEmpty {
            types.append("number")
        }
        return types
    }
}
