import ContractJSON

extension ValueGenerator {
    /// A value for a merge without pending `oneOf`/`anyOf`/`if`: `const`, then `enum`, then by type.
    mutating func generatePlain(_ node: MergedNode, site: Site) throws(GenerationFailure) -> JSONValue {
        if let value = node.schema.consts.first {
            guard node.schema.consts.allSatisfy({ $0 == value }) else {
                throw .unsatisfiable("the const values of allOf members differ", at: node.schema.roots.first)
            }
            return value
        }
        if let first = node.schema.enums.first { return try generateFromEnum(first, node, site: site) }
        let types = candidateTypes(node, site: site)
        var firstError: GenerationFailure?
        for type in types {
            do throws(GenerationFailure) {
                return try generate(type: type, node, site: site)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError ?? .unsatisfiable("no type is allowed", at: node.schema.roots.first)
    }

    private mutating func generate(type: String, _ node: MergedNode, site: Site) throws(GenerationFailure)
        -> JSONValue
    {
        switch type {
        case "null": return .null
        case "boolean": return .bool(isRandom ? rng.chance(1, in: 2) : (site.variant + site.attempt) % 2 == 1)
        case "integer": return try generateNumber(node, integral: true, site: site)
        case "number": return try generateNumber(node, integral: false, site: site)
        case "string": return try generateString(node, site: site)
        case "array": return try generateArray(node, site: site)
        default: return try generateObject(node, site: site)
        }
    }

    /// The types to try, most fitting first: those allowed, or those the keywords suggest.
    private mutating func candidateTypes(_ node: MergedNode, site: Site) -> [String] {
        // The common case, one declared type, needs no list built.
        if let types = node.schema.types, types.count == 1 { return types }
        // Keywords of one type do not restrict the others: with no `type`, the suggested types come first
        // and the rest follow as fallbacks (`{"contains": false}` is satisfied by any non-array).
        var types = node.schema.types ?? inferredTypes(node)
        var fallbacks: [String] = []
        if node.schema.types == nil {
            for type in ["string", "integer", "boolean", "object", "array", "null"] where !types.contains(type) {
                fallbacks.append(type)
            }
            if types.isEmpty { swap(&types, &fallbacks) }
        }
        if types.contains("number"), types.contains("integer") { types.removeAll { $0 == "integer" } }
        let hasNull = types.contains("null")
        var others = types.filter { $0 != "null" }
        if isRandom && site.attempt == 0 {
            for index in stride(from: others.count - 1, to: 0, by: -1) { others.swapAt(index, rng.below(index + 1)) }
        } else if !others.isEmpty {
            // Retries walk the types in turn, so every type gets its chance whatever the seed.
            let shift = site.attempt % others.count
            others = Array(others[shift...] + others[..<shift])
        }
        guard hasNull else { return others + fallbacks }
        let nullFirst = isRandom ? rng.chance(1, in: 4) : isMinimal && site.attempt == 0
        return (nullFirst ? ["null"] + others : others + ["null"]) + fallbacks
    }

    private func inferredTypes(_ node: MergedNode) -> [String] {
        var types: [String] = []
        if !node.schema.properties.isEmpty || node.schema.minProperties > 0 || !node.schema.propertyNames.isEmpty
            || !node.schema.properties.patternProperties.isEmpty || !node.schema.dependentRequired.isEmpty
        {
            types.append("object")
        }
        if !node.schema.items.isEmpty || !node.schema.prefixItems.isEmpty || node.schema.minItems > 0
            || !node.schema.contains.isEmpty
        {
            types.append("array")
        }
        if node.schema.minLength > 0 || node.schema.maxLength != nil || !node.schema.patterns.isEmpty
            || node.schema.stringFormat != nil
        {
            types.append("string")
        }
        if node.schema.numbers.lower != nil || node.schema.numbers.upper != nil
            || !node.schema.numbers.multiples.isEmpty
        {
            types.append("number")
        }
        return types
    }

    /// An `enum` member that every other `enum`, the types and (when other keywords could reject it) the
    /// validators accept; siblings (`variant`) take different members so unique arrays can be filled.
    private mutating func generateFromEnum(_ first: [JSONValue], _ node: MergedNode, site: Site)
        throws(GenerationFailure) -> JSONValue
    {
        let candidates = first.filter { value in
            node.schema.enums.dropFirst().allSatisfy { $0.contains(value) } && node.schema.allows(value.typeName)
        }
        guard !candidates.isEmpty else {
            throw .unsatisfiable(
                "no enum value is allowed by the other enum and type keywords", at: node.schema.roots.first)
        }
        let start = isRandom ? rng.below(candidates.count) : (site.variant + site.attempt) % candidates.count
        let needsCheck = node.schema.roots.count > 1 || node.schema.hasCombinators
        for offset in 0..<candidates.count {
            let value = candidates[(start + offset) % candidates.count]
            if !needsCheck || satisfies(value, node) { return value }
        }
        throw .unsatisfiable("no enum value satisfies the other keywords of the schema", at: node.schema.roots.first)
    }
}
