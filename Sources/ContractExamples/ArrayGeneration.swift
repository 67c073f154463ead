import ContractJSON

extension ValueGenerator {
    /// An array of an allowed length: `prefixItems` by position, `contains` matches first (at least
    /// `minContains`), then `items`; siblings get different variants so `uniqueItems` can be met.
    mutating func generateArray(_ node: MergedNode, site: Site) throws(GenerationFailure) -> JSONValue {
        let minimum = node.schema.minItems
        if let maximum = node.schema.maxItems, minimum > maximum {
            throw .unsatisfiable("minItems \(minimum) is greater than maxItems \(maximum)", at: node.schema.itemsSite)
        }
        let needed = node.schema.contains.isEmpty ? 0 : min(node.schema.minContains ?? 1, 10_000)
        let itemsClosed = node.schema.items.contains { if case .bool(false) = $0.value { true } else { false } }
        var maximum = node.schema.maxItems ?? Int.max
        if itemsClosed || (node.schema.closesUnevaluatedItems && node.schema.items.isEmpty) {
            maximum = min(maximum, node.schema.prefixItems.count)
        }
        if let most = node.schema.maxContains, needed > most {
            throw .unsatisfiable("minContains \(needed) is greater than maxContains \(most)", at: node.schema.itemsSite)
        }
        let smallest = max(minimum, needed)
        guard smallest <= maximum else {
            throw .unsatisfiable(
                "the array needs \(smallest) items but at most \(maximum) are allowed", at: node.schema.itemsSite)
        }
        var count = smallest
        if site.depth < Self.optionalDepth, !isMinimal {
            let extra = isRandom ? rng.below(3) : 2 - min(2, smallest)
            count = min(max(smallest, min(smallest + extra, maximum)), smallest + 3)
        }
        // Retries fill the positions `prefixItems` describes, which a `oneOf` over tuples needs.
        if site.attempt % 2 == 1 { count = max(count, min(maximum, node.schema.prefixItems.count)) }
        var elements: [JSONValue] = []
        elements.reserveCapacity(count)
        var index = 0
        let plan = count > 0 ? cache.arrayPlan(for: node) : nil
        while elements.count < count, let plan {
            let item: MergedNode
            if index < plan.prefix.count {
                item = index < needed ? plan.prefixContaining[index] : plan.prefix[index]
            } else {
                item = index < needed ? plan.itemsContaining : plan.items
            }
            let element: JSONValue
            do throws(GenerationFailure) {
                element = try uniqueElement(
                    item, existing: elements, unique: node.schema.uniqueItems, site: site, index: index)
            } catch {
                // Optional items that cannot be built are left out; required ones make the array impossible.
                if elements.count >= smallest { break }
                throw error
            }
            elements.append(element)
            index += 1
        }
        return .array(elements)
    }

    private mutating func uniqueElement(
        _ item: MergedNode, existing: [JSONValue], unique: Bool, site: Site, index: Int
    ) throws(GenerationFailure) -> JSONValue {
        for attempt in 0..<(unique ? 8 : 1) {
            var itemSite = site.nested(hints: nil, variant: index + attempt * max(existing.count, 1) + site.variant)
            itemSite.attempt = (site.attempt &+ attempt) & Int.max
            let element = try generate(item, site: itemSite)
            if !unique || !existing.contains(element) { return element }
        }
        throw .gaveUp(
            "could not find \(existing.count + 1) distinct items for uniqueItems", at: item.schema.roots.first)
    }
}
