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
        if !node.schema.enums.isEmpty { return try generateFromEnum(node, site: site) }
        let types = node.facts.types
        if let single = types.single { return try generate(type: single, node, site: site) }
        var others = types.others
        if others.count > 1 {
            if isRandom && site.attempt == 0 {
                for index in stride(from: others.count - 1, to: 0, by: -1) {
                    others.swapAt(index, rng.below(index + 1))
                }
            } else {
                // Retries walk the types in turn, so every type gets its chance whatever the seed.
                let shift = site.attempt % others.count
                others = Array(others[shift...] + others[..<shift])
            }
        }
        var nullFirst = false
        if types.hasNull { nullFirst = isRandom ? rng.chance(1, in: 4) : isMinimal && site.attempt == 0 }
        // The order: `null` first or after the others as decided, then the fallbacks; walked by index
        // rather than collected, since most schemas have one or two types.
        let nullSlots = types.hasNull ? 1 : 0
        var firstError: GenerationFailure?
        for slot in 0..<(nullSlots + others.count + types.fallbacks.count) {
            let type: TypeChoices.Kind
            if types.hasNull && slot == (nullFirst ? 0 : others.count) {
                type = .null
            } else if slot < others.count + nullSlots {
                type = others[nullFirst ? slot - 1 : slot]
            } else {
                type = types.fallbacks[slot - others.count - nullSlots]
            }
            do throws(GenerationFailure) {
                return try generate(type: type, node, site: site)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError ?? .unsatisfiable("no type is allowed", at: node.schema.roots.first)
    }

    private mutating func generate(type: TypeChoices.Kind, _ node: MergedNode, site: Site) throws(GenerationFailure)
        -> JSONValue
    {
        switch type {
        case .null: return .null
        case .boolean: return .bool(isRandom ? rng.chance(1, in: 2) : site.ordinal % 2 == 1)
        case .integer: return try generateNumber(node, integral: true, site: site)
        case .number: return try generateNumber(node, integral: false, site: site)
        case .string: return try generateString(node, site: site)
        case .array: return try generateArray(node, site: site)
        case .object: return try generateObject(node, site: site)
        }
    }

    /// An `enum` member that every other `enum`, the types and (when other keywords could reject it) the
    /// validators accept; siblings (`variant`) take different members so unique arrays can be filled.
    private mutating func generateFromEnum(_ node: MergedNode, site: Site) throws(GenerationFailure) -> JSONValue {
        let candidates = node.facts.enumCandidates
        guard !candidates.isEmpty else {
            throw .unsatisfiable(
                "no enum value is allowed by the other enum and type keywords", at: node.schema.roots.first)
        }
        let start = isRandom ? rng.below(candidates.count) : site.ordinal % candidates.count
        let needsCheck = node.schema.roots.count > 1 || node.schema.hasCombinators
        for offset in 0..<candidates.count {
            let value = candidates[(start + offset) % candidates.count]
            if !needsCheck || satisfies(value, node) { return value }
        }
        throw .unsatisfiable("no enum value satisfies the other keywords of the schema", at: node.schema.roots.first)
    }
}
