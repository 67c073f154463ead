import ContractJSON

extension MergedSchema {
    mutating func absorbArray(_ object: JSONObject, _ schema: LocatedSchema) {
        let prefix = schema.children("prefixItems")
        for (offset, item) in prefix.enumerated() {
            if prefixItems.count <= offset { prefixItems.append([]) }
            prefixItems[offset].append(item)
        }
        if let item = schema.child("items") {
            if case .array = item.value {
                // Draft 4 tuple form (only reachable through unnormalised values): treat as prefixItems.
                for (offset, element) in schema.children("items").enumerated() {
                    if prefixItems.count <= offset { prefixItems.append([]) }
                    prefixItems[offset].append(element)
                }
                needsCheck = true
            } else if prefix.isEmpty {
                items.append(item)
            } else {
                // `items` beside `prefixItems` applies only after the prefix: kept apart by position.
                needsCheck = true
                items.append(item)
            }
        }
        if Self.tighten(&minItems, &maxItems, object, "minItems", "maxItems", cap: 10_000) { itemsSite = schema }
        if object["uniqueItems"]?.boolValue == true { uniqueItems = true }
        if case .bool(false)? = object["unevaluatedItems"] { closesUnevaluatedItems = true }
        if let contained = schema.child("contains") {
            contains.append(contained)
            if let value = object["minContains"]?.numberValue?.int64Value {
                minContains = max(minContains ?? 0, Int(value))
            }
            if let value = object["maxContains"]?.numberValue?.int64Value {
                maxContains = min(maxContains ?? Int.max, Int(value))
            }
        }
    }

    mutating func absorbObject(_ object: JSONObject, _ schema: LocatedSchema) {
        let declared = schema.namedChildren("properties")
        for (name, property) in declared { properties.add(name, property) }
        if case .array(let names)? = object["required"] {
            for name in names.compactMap(\.stringValue) { properties.require(name) }
        }
        let patterns = schema.namedChildren("patternProperties")
        for (pattern, property) in patterns { properties.addPattern(pattern, property) }
        if let additional = schema.child("additionalProperties") {
            properties.addAdditional(
                declared: Set(declared.map(\.name)), patterns: patterns.map(\.name), schema: additional)
        }
        if let names = schema.child("propertyNames") { propertyNames.append(names) }
        if Self.tighten(&minProperties, &maxProperties, object, "minProperties", "maxProperties", cap: 1_000) {
            propertiesSite = schema
        }
        if case .object(let dependencies)? = object["dependentRequired"] {
            for member in dependencies.members {
                dependentRequired.append((member.key, member.value.arrayValue?.compactMap(\.stringValue) ?? []))
            }
        }
        for (name, dependent) in schema.namedChildren("dependentSchemas") { dependentSchemas.append((name, dependent)) }
    }

    mutating func absorbCombinators(_ object: JSONObject, _ schema: LocatedSchema, source: any SchemaSource) {
        for keyword in ["oneOf", "anyOf"] {
            let branches = schema.children(keyword)
            guard !branches.isEmpty else { continue }
            var choice = Choice(exclusive: keyword == "oneOf", branches: branches, site: schema)
            if let property = object["discriminator"]?["propertyName"]?.stringValue {
                choice.discriminatorProperty = property
                // The value the validator takes to select each branch: the branch's own `enum`/`const` for
                // the property when it has one, so that the value set still satisfies the branch.
                let selecting = source.validator(for: schema)?.discriminatorValues(of: keyword)
                choice.branchNames = branches.indices.map { index in
                    selecting.flatMap { index < $0.count ? $0[index].first : nil }
                        ?? Self.discriminatorName(of: branches[index], in: object, base: schema.base)
                }
            }
            choices.append(choice)
        }
        if let negated = schema.child("not") { nots.append(negated) }
        if let condition = schema.child("if") {
            conditionals.append(
                Conditional(condition: condition, then: schema.child("then"), otherwise: schema.child("else")))
        }
    }

    /// The discriminator value that selects `branch`: the `mapping` key naming its `$ref`, else the last
    /// segment of the `$ref` (the component's name), as OpenAPI defines the implicit mapping.
    static func discriminatorName(of branch: LocatedSchema, in object: JSONObject, base: String) -> String? {
        guard let reference = branch.value["$ref"]?.stringValue else { return nil }
        let target = URIText.resolve(reference, against: base)
        if case .object(let mapping)? = object["discriminator"]?["mapping"] {
            for member in mapping.members {
                guard let written = member.value.stringValue else { continue }
                let resolved =
                    written.contains("#") || written.contains("/") ? URIText.resolve(written, against: base) : nil
                if resolved == target || written == reference.split(separator: "/").last.map(String.init) {
                    return member.key
                }
            }
        }
        guard let last = reference.split(separator: "/").last else { return nil }
        return PercentEncoding.decode(last) ?? String(last)
    }
}
