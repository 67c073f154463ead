import ContractJSON

/// The keywords of several schemas that all apply to one value (a `$ref` chain, `allOf` members, a chosen
/// `oneOf` branch), combined so that one value can be built to satisfy all of them at once.
///
/// Combining follows the meaning of each keyword under conjunction: types intersect, lower bounds take
/// the largest, upper bounds the smallest, `required` unites, property schemas accumulate. What cannot be
/// combined into one constraint (several patterns, `oneOf` groups, `not`, `if`) is kept as a list and
/// handled while generating, with the compiled validators as the judge.
struct MergedSchema: Sendable {
    /// The schemas this merge was started from and the branches absorbed later: a value valid against all of
    /// them is valid against the merge.
    var roots: [LocatedSchema] = []
    /// The addresses of the schemas merged so far, roots and members alike. A schema that applies twice
    /// (`allOf: [A, A]`, `if: A` with `then: A`, two `$ref`s to one base) constrains the value once, and
    /// merging it again doubled its `oneOf`, `if` and `allOf` groups at every level: time and stack
    /// exponential in the nesting (twelve levels overflowed the stack).
    var absorbed: Set<String> = []
    /// Set when some member is the `false` schema.
    var falseSchema: LocatedSchema?
    /// Allowed types, in the order written; `nil` when no member restricts the type.
    var types: [String]?
    /// Where the type intersection became empty.
    var typeConflict: (schema: LocatedSchema, written: [[String]])?
    var typeLists: [[String]] = []
    var consts: [JSONValue] = []
    var enums: [[JSONValue]] = []
    var numbers = NumericBounds()
    var formats: [String] = []
    /// The first format that constrains strings, found once while merging.
    var stringFormat: StringFormat?
    /// 32 or 64 for `format: int32`/`int64` (the smallest written), read once while merging.
    var integerBits: Int?
    var minLength = 0
    var maxLength: Int?
    var lengthSite: LocatedSchema?
    var patterns: [String] = []
    var items: [LocatedSchema] = []
    var prefixItems: [[LocatedSchema]] = []
    var minItems = 0
    var maxItems: Int?
    var itemsSite: LocatedSchema?
    var uniqueItems = false
    /// `unevaluatedItems: false`: with no `items`, nothing past the `prefixItems` is allowed.
    var closesUnevaluatedItems = false
    var contains: [LocatedSchema] = []
    /// The largest `minContains` written; `nil` means the default of 1.
    var minContains: Int?
    var maxContains: Int?
    var properties = DeclaredProperties()
    var minProperties = 0
    var maxProperties: Int?
    var propertiesSite: LocatedSchema?
    var propertyNames: [LocatedSchema] = []
    var dependentRequired: [(name: String, requires: [String])] = []
    var dependentSchemas: [(name: String, schema: LocatedSchema)] = []
    var choices: [Choice] = []
    var nots: [LocatedSchema] = []
    var conditionals: [Conditional] = []
    var readOnly = false
    var writeOnly = false
    var examples: [JSONValue] = []
    var unresolved: [String] = []
    /// Whether a member used a keyword the generator does not build for (the result needs checking).
    var needsCheck = false
    /// Whether a member used a keyword outside `ConstructiveKeywords`, is not a schema at all, or sits where
    /// the validator resolves its references against another base (its values keep the validator's proof).
    var hasUnvettedKeywords = false

    /// One `oneOf` or `anyOf` group.
    struct Choice: Sendable {
        var exclusive: Bool
        var branches: [LocatedSchema]
        var site: LocatedSchema
        /// `discriminator.propertyName`, and the value that names each branch (when one does).
        var discriminatorProperty: String?
        var branchNames: [String?] = []
    }

    /// `if` with its `then` and `else`.
    struct Conditional: Sendable {
        var condition: LocatedSchema
        var then: LocatedSchema?
        var otherwise: LocatedSchema?
    }

    /// Whether values of this merge must be checked with the validators after they are built.
    var hasCombinators: Bool {
        !choices.isEmpty || !nots.isEmpty || !conditionals.isEmpty || !dependentSchemas.isEmpty
    }

    /// Whether `type` allows `name` (`number` allows integers).
    func allows(_ name: String) -> Bool {
        guard let types else { return true }
        return types.contains(name) || (name == "integer" && types.contains("number"))
    }

    mutating func intersectTypes(_ written: [String], at schema: LocatedSchema) {
        typeLists.append(written)
        guard let current = types else {
            types = written
            return
        }
        var result: [String] = []
        for name in current {
            if written.contains(name) {
                result.append(name)
            } else if name == "number", written.contains("integer") {
                result.append("integer")
            } else if name == "integer", written.contains("number") {
                result.append("integer")
            }
        }
        types = result
        if result.isEmpty, typeConflict == nil { typeConflict = (schema, typeLists) }
    }
}
