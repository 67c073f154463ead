import ContractJSON
import ContractSchema

extension ValueGenerator {
    /// An object with the required properties (less `readOnly` ones in requests and `writeOnly` ones in
    /// responses, which the validator lets be absent), optional ones as the mode decides, then enough
    /// extra members for `minProperties`, in the order the contract declares them.
    mutating func generateObject(_ node: MergedNode, site: Site) throws(GenerationFailure) -> JSONValue {
        let plan = cache.objectPlan(for: node) { makePlan(node.schema) }
        if !plan.isConstructive(in: context) { needsProof = true }
        let includeOptional = site.depth < Self.optionalDepth && !isMinimal
        if node.schema.minProperties == 0, node.schema.maxProperties == nil, node.schema.dependentRequired.isEmpty,
            node.schema.nots.isEmpty, !node.schema.needsCheck
        {
            return try generateMembers(plan, of: node, includeOptional: includeOptional, site: site)
        }
        var chosen = [Bool](repeating: false, count: plan.properties.count)
        var count = 0
        var requiredCount = 0
        for (offset, property) in plan.properties.enumerated() {
            if try isLeftOut(property, of: node) { continue }
            let include = property.isRequired || (includeOptional && (!isRandom || rng.chance(1, in: 2)))
            if include {
                chosen[offset] = true
                count += 1
                if property.isRequired { requiredCount += 1 }
            }
        }
        if !node.schema.dependentRequired.isEmpty { addDependencies(&chosen, &count, plan, node.schema) }
        for (offset, property) in plan.properties.enumerated()
        where count < node.schema.minProperties && !chosen[offset] && property.isAllowed {
            chosen[offset] = true
            count += 1
        }
        if let maximum = node.schema.maxProperties, count > maximum {
            if requiredCount > maximum {
                throw .unsatisfiable(
                    "required lists \(requiredCount) properties but maxProperties is \(maximum)",
                    at: node.schema.propertiesSite)
            }
            var optionalKept = 0
            for (offset, property) in plan.properties.enumerated() where chosen[offset] && !property.isRequired {
                optionalKept += 1
                if optionalKept > maximum - requiredCount { chosen[offset] = false }
            }
        }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(count)
        for (offset, property) in plan.properties.enumerated() where chosen[offset] {
            do throws(GenerationFailure) {
                let value = try generate(property.node, site: site.nested(hints: property.hints, variant: site.variant))
                members.append(JSONObject.Member(key: property.name, value: value))
            } catch {
                if property.isRequired { throw error }
            }
        }
        var object = JSONObject(members: members)
        // A `not` (or a keyword only the validator judges) may reject every object built from the declared
        // properties alone; every other attempt adds one undeclared member.
        let extra = (!node.schema.nots.isEmpty || node.schema.needsCheck) && site.attempt % 2 == 1 ? 1 : 0
        let wanted = max(node.schema.minProperties, object.count + extra)
        if object.count < wanted { try addExtraMembers(&object, node, wanted: wanted, site: site) }
        return .object(object)
    }

    /// The common object, with no member counts or dependencies to honour: decide and build each member
    /// in one pass.
    private mutating func generateMembers(_ plan: ObjectPlan, of node: MergedNode, includeOptional: Bool, site: Site)
        throws(GenerationFailure) -> JSONValue
    {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(plan.properties.count)
        for property in plan.properties {
            if try isLeftOut(property, of: node) { continue }
            guard property.isRequired || (includeOptional && (!isRandom || rng.chance(1, in: 2))) else { continue }
            do throws(GenerationFailure) {
                let value = try generate(property.node, site: site.nested(hints: property.hints, variant: site.variant))
                members.append(JSONObject.Member(key: property.name, value: value))
            } catch {
                if property.isRequired { throw error }
            }
        }
        return .object(JSONObject(members: members))
    }

    /// Whether a member is never written: excluded by `additionalProperties: false` (a contradiction when
    /// it is required), or `readOnly` in a request / `writeOnly` in a response.
    private func isLeftOut(_ property: ObjectPlan.Property, of node: MergedNode) throws(GenerationFailure) -> Bool {
        guard property.isAllowed else {
            if property.isRequired {
                throw .unsatisfiable(
                    "required property \"\(property.name)\" is not allowed by additionalProperties: false",
                    at: node.schema.propertiesSite ?? node.schema.roots.first)
            }
            return true
        }
        return (context == .request && property.isReadOnly) || (context == .response && property.isWriteOnly)
    }

    private func makePlan(_ merged: MergedSchema) -> ObjectPlan {
        let table = merged.properties
        let properties = table.names.map { name in
            ObjectPlan.Property(
                name: name, node: cache.node(applicableSchemas(name, table)),
                isRequired: table.required.contains(name), isAllowed: isAllowed(name, table),
                hints: NameHints(name: name))
        }
        return ObjectPlan(properties: properties)
    }

    /// `dependentRequired`: names that must come with a chosen one (followed to a fixed point).
    private func addDependencies(_ chosen: inout [Bool], _ count: inout Int, _ plan: ObjectPlan, _ merged: MergedSchema)
    {
        for _ in 0..<16 {
            var changed = false
            for (name, requires) in merged.dependentRequired {
                guard let offset = plan.properties.firstIndex(where: { $0.name == name }), chosen[offset] else {
                    continue
                }
                for other in requires {
                    guard let index = plan.properties.firstIndex(where: { $0.name == other }), !chosen[index] else {
                        continue
                    }
                    chosen[index] = true
                    count += 1
                    changed = true
                }
            }
            if !changed { return }
        }
    }

    /// Members beyond the declared ones until `minProperties` is met: named after a `patternProperties`
    /// pattern or `propertyNames`, else `property1`, `property2`…
    private mutating func addExtraMembers(_ object: inout JSONObject, _ node: MergedNode, wanted: Int, site: Site)
        throws(GenerationFailure)
    {
        var ordinal = 0
        while object.count < wanted {
            ordinal += 1
            guard ordinal <= wanted * 4 + 8 else {
                throw .gaveUp(
                    "could not find \(node.schema.minProperties) property names the schema allows",
                    at: node.schema.propertiesSite)
            }
            var name = "property\(ordinal)"
            let patterns = node.schema.properties.patternProperties
            if !patterns.isEmpty {
                let pattern = patterns[(ordinal - 1) % patterns.count].pattern
                let sample = RegexSampler(extraRepetitions: 3, smallest: false).sample(pattern, using: &rng) ?? name
                // An unanchored pattern (`^x-`) samples to the same short name each time; a numbered
                // variant keeps names distinct when the pattern allows it.
                let numbered = sample + String(ordinal)
                name = object.contains(sample) && cache.matches(pattern, numbered) ? numbered : sample
            } else if !node.schema.propertyNames.isEmpty {
                var nameSite = site.nested(hints: .empty, variant: ordinal)
                nameSite.attempt = ordinal
                let names = cache.node(
                    node.schema.propertyNames + [
                        LocatedSchema(value: ["type": "string"], base: "urn:contractcheck:string", pointer: nil)
                    ])
                if case .string(let text)? = try? generate(names, site: nameSite) { name = text }
            }
            guard !object.contains(name), isAllowed(name, node.schema.properties),
                node.schema.propertyNames.allSatisfy({ satisfies(.string(name), $0) })
            else { continue }
            let schemas = applicableSchemas(name, node.schema.properties)
            object[name] = try generate(schemas, site: site.nested(hints: NameHints(name: name), variant: ordinal))
        }
    }

    /// The schemas a member named `name` must satisfy: its declarations, matching `patternProperties`,
    /// and `additionalProperties` of every member that declares neither.
    private func applicableSchemas(_ name: String, _ table: DeclaredProperties) -> [LocatedSchema] {
        var schemas = table.schemas(for: name)
        for (pattern, schema) in table.patternProperties where cache.matches(pattern, name) { schemas.append(schema) }
        for entry in table.additional
        where !entry.declared.contains(name) && !entry.patterns.contains(where: { cache.matches($0, name) }) {
            schemas.append(entry.schema)
        }
        return schemas
    }

    /// Whether no `additionalProperties: false` excludes `name`.
    private func isAllowed(_ name: String, _ table: DeclaredProperties) -> Bool {
        table.additional.allSatisfy { entry in
            guard case .bool(false) = entry.schema.value else { return true }
            return entry.declared.contains(name) || entry.patterns.contains { cache.matches($0, name) }
        }
    }
}
