import ContractJSON

// Memory safety: `offsets` has one entry per `CompiledKeyword`, and the index written is a position in
// `CompiledKeyword.allCases`, so below that count.

/// Which groups of keywords a schema object holds, found in one pass over its members.
///
/// Each `compile…` family of `SchemaCompiler` reads a group of keywords, nearly all of which a given
/// object does not have (most schemas are a `type` and a few `properties`, or a `$ref`). The compiler
/// runs a family only when the object holds one of the keywords it reads, which leaves every check
/// exactly as before: a family with none of its keywords present compiles nothing and reports nothing.
/// The same pass records where each keyword is (see `CompiledKeyword`).
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

    /// The families of the keywords among `object`'s keys; `offsets[keyword.rawValue]` is set to the
    /// offset of the member that holds each `CompiledKeyword` (its last, when repeated), and left
    /// alone for the others (the caller starts it at -1).
    init(of object: JSONObject, offsets: UnsafeMutableBufferPointer<Int32>) {
        var families = KeywordFamilies()
        for offset in object.members.indices {
            guard let index = Self.keywords[object.members[offset].key] else { continue }
            families.formUnion(Self.families[index])
            offsets[index] = Int32(truncatingIfNeeded: offset)
        }
        self = families
    }

    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Whether every family of `member` is here: a bit test. The protocol's generic `contains` runs
    /// unspecialized in a debug build, and the compiler asks it ten times of every schema object.
    func contains(_ member: KeywordFamilies) -> Bool {
        rawValue & member.rawValue == member.rawValue
    }

    /// Every keyword the compiler reads, by `CompiledKeyword` raw value.
    private static let keywords = KeywordTable(CompiledKeyword.allCases.map(\.name))
    private static let families = CompiledKeyword.allCases.map { $0.family ?? [] }
}
