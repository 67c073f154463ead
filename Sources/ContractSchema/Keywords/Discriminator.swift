import ContractJSON

/// An OpenAPI `discriminator` beside `oneOf`/`anyOf`: the property whose value names the branch meant.
///
/// It chooses which errors to report: only the selected branch's. Whether it also decides the verdict
/// depends on the OpenAPI version (`ChoiceCheck.discriminatorDecides`).
struct Discriminator: Sendable {
    enum Target: Sendable {
        case branch(Int)
        case node(SchemaNode)
    }

    let site: KeywordSite
    /// `oneOf` or `anyOf`: the keyword whose branches it tells apart.
    let keyword: String
    let propertyName: String
    let selection: [String: Target]
    /// The values that select some branch, as an unknown value's message lists them.
    let names: [String]
    /// Per branch, the values of the property that select it: its own `enum`/`const` for the property
    /// when it has one (the mapping key among them first), else the mapping keys naming it, else its
    /// component name (the implicit mapping).
    let branchValues: [[String]]

    func collect(
        _ instance: JSONValue, _ nodes: [SchemaNode], _ choiceSite: KeywordSite, _ state: inout ValidationState
    )
        -> SchemaValidationError?
    {
        guard case .object(let object) = instance else { return nil }
        guard let value = object[propertyName]?.stringValue else {
            return state.error(
                site,
                expected: "property \(ValueDescription.quote(propertyName)) naming the schema (one of "
                    + names.map(ValueDescription.quote).joined(separator: ", ") + ")",
                actual: object[propertyName].map(ValueDescription.describe) ?? "object without it")
        }
        guard let (node, index) = selected(value, nodes) else {
            return state.error(
                site, expected: "\(propertyName) one of " + names.map(ValueDescription.quote).joined(separator: ", "),
                actual: ValueDescription.describe(.string(value)))
        }
        var branchErrors: [SchemaValidationError] = []
        node.collect(instance, &state, &branchErrors)
        guard let first = branchErrors.first else { return nil }
        let leaf = first.mostRelevant
        return state.error(
            choiceSite,
            expected:
                "a value matching \(node.location.fragment) (\(propertyName) is \(ValueDescription.quote(value)))",
            actual: "\(leaf.instancePath) \(leaf.message)",
            branches: [.init(index: index, schemaLocation: node.location, errors: branchErrors)])
    }

    /// The schema the instance's property names, or `nil` when it is no object, lacks the property or names
    /// no schema.
    func selected(_ instance: JSONValue, _ nodes: [SchemaNode]) -> SchemaNode? {
        guard case .object(let object) = instance, let value = object[propertyName]?.stringValue else { return nil }
        return selected(value, nodes)?.node
    }

    /// The schema `value` names and its branch's index (-1 for a mapped schema outside the branches).
    private func selected(_ value: String, _ nodes: [SchemaNode]) -> (node: SchemaNode, index: Int)? {
        switch selection[value] {
        case .branch(let offset)?: (nodes[offset], offset)
        case .node(let other)?: (other, -1)
        case nil: nil
        }
    }
}

extension SchemaCompiler {
    func compileDiscriminator(_ context: KeywordContext, branches: [JSONValue], keyword: String) -> Discriminator? {
        guard case .object(let discriminator)? = context[.discriminator],
            let propertyName = discriminator["propertyName"]?.stringValue
        else { return nil }
        // Branches that are bare `$ref`s, by the absolute URI they name and by their schema name.
        var byURI: [String: Int] = [:]
        var byName: [String: Int] = [:]
        for (offset, branch) in branches.enumerated() {
            guard let ref = branch["$ref"]?.stringValue else { continue }
            byURI[context.base.resolving(ref).description] = offset
            if let name = ref.split(separator: "/").last {
                byName[PercentEncoding.decode(name) ?? String(name)] = offset
            }
        }
        var selection: [String: Discriminator.Target] = [:]
        for (name, offset) in byName { selection[name] = .branch(offset) }
        var mapped: [[String]] = Array(repeating: [], count: branches.count)
        var mappedElsewhere: [String] = []
        if case .object(let mapping)? = discriminator["mapping"] {
            for member in mapping.members {
                guard let target = member.value.stringValue else { continue }
                if !target.contains("/"), !target.contains("#") {
                    if let offset = byName[target] {
                        selection[member.key] = .branch(offset)
                        mapped[offset].append(member.key)
                    }
                    continue
                }
                let uri = context.base.resolving(target).description
                if let offset = byURI[uri] {
                    selection[member.key] = .branch(offset)
                    mapped[offset].append(member.key)
                } else if let (node, _) = resolve(target, context, keyword: "discriminator") {
                    selection[member.key] = .node(node)
                    mappedElsewhere.append(member.key)
                }
            }
        }
        let implicit = Dictionary(byName.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var branchValues: [[String]] = []
        for (offset, branch) in branches.enumerated() {
            let own = DiscriminatorValues(registry: registry, property: propertyName)
                .values(of: branch, base: context.base)
            // A value the branch itself accepts selects it, unless the mapping or a name already does.
            for value in own where selection[value] == nil { selection[value] = .branch(offset) }
            if !own.isEmpty {
                branchValues.append(mapped[offset].filter(own.contains) + own.filter { !mapped[offset].contains($0) })
            } else if !mapped[offset].isEmpty {
                branchValues.append(mapped[offset])
            } else {
                branchValues.append(implicit[offset].map { [$0] } ?? [])
            }
        }
        return Discriminator(
            site: site(.discriminator, context), keyword: keyword, propertyName: propertyName, selection: selection,
            names: Set(branchValues.joined() + mappedElsewhere).sorted(), branchValues: branchValues)
    }
}
