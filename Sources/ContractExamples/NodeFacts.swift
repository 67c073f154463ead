import ContractJSON

/// What generation reads on every visit of a merged schema, worked out once when its node is made:
/// how to build (plainly or through a choice), a contradiction to report, the number plans, and whether
/// values built from it are valid by construction.
struct NodeFacts: Sendable {
    /// How values of the node are built.
    enum Route: Sendable {
        /// `oneOf`/`anyOf`: a branch at a time.
        case choice
        /// `if`/`then`/`else`.
        case conditional
        /// Plainly, then checked with the validators (`not`, `dependentSchemas`, `contains`, …).
        case checked
        case plain
    }

    let route: Route
    /// The types values may take.
    let types: TypeChoices
    /// The members of the first `enum` that every other `enum` lists and the types allow.
    let enumCandidates: [JSONValue]
    /// A contradiction in the keywords alone: reported before anything is built.
    let contradiction: GenerationFailure?
    /// Plans for `integer` and for `number` values, when the node may produce numbers.
    let integerPlan: NumberPlan.Outcome?
    let decimalPlan: NumberPlan.Outcome?
    /// Whether every value `generatePlain` builds from this node alone is valid against all of its members,
    /// on the keywords of this node (member nodes and the object's sides are decided where they are
    /// visited). Decided conservatively; see `ConstructiveKeywords`.
    let isConstructive: Bool

    init(_ schema: MergedSchema) {
        if !schema.choices.isEmpty {
            route = .choice
        } else if !schema.conditionals.isEmpty {
            route = .conditional
        } else if schema.hasCombinators || schema.needsCheck || !schema.contains.isEmpty {
            route = .checked
        } else {
            route = .plain
        }
        contradiction = Self.contradiction(schema)
        types = TypeChoices(schema)
        enumCandidates =
            schema.enums.first?.filter { value in
                schema.enums.dropFirst().allSatisfy { $0.contains(value) } && schema.allows(value.typeName)
            } ?? []
        let numeric = schema.allows("integer") || schema.allows("number")
        integerPlan = numeric ? NumberPlan.make(for: schema, integral: true) : nil
        decimalPlan = numeric ? NumberPlan.make(for: schema, integral: false) : nil
        isConstructive =
            route == .plain && Self.isConstructive(schema) && Self.isExact(integerPlan) && Self.isExact(decimalPlan)
    }

    /// The number plan for `integral` (already including `format: int32`/`int64`).
    func numberPlan(integral: Bool, of schema: MergedSchema) -> NumberPlan.Outcome {
        (integral ? integerPlan : decimalPlan) ?? NumberPlan.make(for: schema, integral: integral)
    }

    private static func contradiction(_ schema: MergedSchema) -> GenerationFailure? {
        if let falseSchema = schema.falseSchema {
            return .unsatisfiable("the schema is false: no value satisfies it", at: falseSchema)
        }
        if schema.enums.contains(where: \.isEmpty) {
            return .unsatisfiable("enum is empty: no value satisfies it", at: schema.roots.first)
        }
        if let conflict = schema.typeConflict {
            let written = conflict.written.map { $0.count == 1 ? $0[0] : "[" + $0.joined(separator: ", ") + "]" }
            return .unsatisfiable(
                "no type satisfies every type keyword: " + written.joined(separator: " and "), at: conflict.schema)
        }
        return nil
    }

    /// A plan whose numbers are written exactly: not the fallback for bounds beyond 64 bits, and a scale
    /// the text writer spells out.
    private static func isExact(_ outcome: NumberPlan.Outcome?) -> Bool {
        switch outcome {
        case .none, .tooLong?, .empty?: true
        case .extreme?: false
        case .range(let plan)?: plan.scale >= -18
        }
    }

    /// The keyword side of `isConstructive`: only keywords the generator satisfies by how it builds
    /// (`ConstructiveKeywords`), on the paths that involve no search.
    private static func isConstructive(_ schema: MergedSchema) -> Bool {
        guard !schema.hasUnvettedKeywords, !schema.needsCheck, schema.unresolved.isEmpty, schema.patterns.isEmpty,
            schema.propertyNames.isEmpty, schema.properties.patternProperties.isEmpty,
            schema.dependentRequired.isEmpty, schema.minProperties == 0, schema.maxProperties == nil,
            !schema.uniqueItems, schema.prefixItems.isEmpty, !schema.closesUnevaluatedItems
        else { return false }
        // One string format at most: the generator writes a sample of the first one only.
        guard schema.formats.count(where: { StringFormat(rawValue: $0) != nil }) <= 1 else { return false }
        if schema.consts.isEmpty && schema.enums.isEmpty { return true }
        // `const` and `enum` members are returned as they are, checked only against types and each
        // other: no other keyword may constrain them.
        guard !hasValueKeywords(schema) else { return false }
        if let value = schema.consts.first {
            // The first `const` is returned without looking at any `enum`.
            return schema.enums.isEmpty && schema.allows(value.typeName) && schema.consts.allSatisfy { $0 == value }
        }
        return true
    }

    private static func hasValueKeywords(_ schema: MergedSchema) -> Bool {
        schema.numbers.lower != nil || schema.numbers.upper != nil || !schema.numbers.multiples.isEmpty
            || schema.minLength > 0 || schema.maxLength != nil || !schema.formats.isEmpty || !schema.items.isEmpty
            || schema.minItems > 0 || schema.maxItems != nil || !schema.properties.isEmpty
            || !schema.properties.additional.isEmpty
    }
}
