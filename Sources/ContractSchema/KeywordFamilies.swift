import ContractJSON

/// Which groups of keywords a schema object holds, found in one pass over its members.
///
/// Each `compile…` family of `SchemaCompiler` looks its keywords up in the schema object one by one,
/// about fifty lookups per object, nearly all of them for keywords the object does not have (most
/// schemas are a `type` and a few `properties`, or a `$ref`). The compiler runs a family only when
/// the object holds one of the keywords it reads, which leaves every check exactly as before: a
/// family with none of its keywords present compiles nothing and reports nothing.
struct KeywordFamilies: OptionSet {
    let rawValue: UInt16

    /// `$ref`, `$dynamicRef`.
    static let references = KeywordFamilies(rawValue: 1 << 0)
    /// `type`, `const`, `enum`.
    static let typeAndValues = KeywordFamilies(rawValue: 1 << 1)
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`.
    static let numeric = KeywordFamilies(rawValue: 1 << 2)
    /// `minLength`, `maxLength`, `pattern`.
    static let string = KeywordFamilies(rawValue: 1 << 3)
    /// `format`.
    static let format = KeywordFamilies(rawValue: 1 << 4)
    /// `items`, `prefixItems`, `additionalItems`, `contains`, `minItems`, `maxItems`, `uniqueItems`,
    /// and `minProperties`, `maxProperties` (counted by the same check).
    static let array = KeywordFamilies(rawValue: 1 << 5)
    /// `properties`, `patternProperties`, `additionalProperties`, `required`, `dependentRequired`,
    /// `dependentSchemas`, `dependencies`, `propertyNames`.
    static let object = KeywordFamilies(rawValue: 1 << 6)
    /// `allOf`, `anyOf`, `oneOf`, `not`, `if` (`then`, `else` and `discriminator` only matter beside them).
    static let combinators = KeywordFamilies(rawValue: 1 << 7)
    /// `unevaluatedItems`, `unevaluatedProperties`.
    static let unevaluated = KeywordFamilies(rawValue: 1 << 8)
    /// `readOnly`, `writeOnly`.
    static let access = KeywordFamilies(rawValue: 1 << 9)

    /// The families of the keywords among `object`'s keys.
    init(of object: JSONObject) {
        var families = KeywordFamilies()
        for member in object.members {
            if let index = Self.keywords[member.key] { families.formUnion(Self.families[index]) }
        }
        self = families
    }

    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Every keyword a `compile…` family reads to decide whether it compiles anything.
    private static let byKeyword: [(keyword: String, family: KeywordFamilies)] = {
        let groups: [(KeywordFamilies, [String])] = [
            (.references, ["$ref", "$dynamicRef"]),
            (.typeAndValues, ["type", "const", "enum"]),
            (.numeric, ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]),
            (.string, ["minLength", "maxLength", "pattern"]),
            (.format, ["format"]),
            (
                .array,
                [
                    "items", "prefixItems", "additionalItems", "contains", "minItems", "maxItems", "uniqueItems",
                    "minProperties", "maxProperties",
                ]
            ),
            (
                .object,
                [
                    "properties", "patternProperties", "additionalProperties", "required", "dependentRequired",
                    "dependentSchemas", "dependencies", "propertyNames",
                ]
            ),
            (.combinators, ["allOf", "anyOf", "oneOf", "not", "if"]),
            (.unevaluated, ["unevaluatedItems", "unevaluatedProperties"]),
            (.access, ["readOnly", "writeOnly"]),
        ]
        return groups.flatMap { family, keywords in keywords.map { ($0, family) } }
    }()
    private static let keywords = KeywordTable(byKeyword.map(\.keyword))
    private static let families = byKeyword.map(\.family)
}
