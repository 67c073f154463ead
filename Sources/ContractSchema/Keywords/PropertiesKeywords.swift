import ContractJSON

/// `properties`, `patternProperties` and `additionalProperties`, checked in one pass over the members,
/// plus the `readOnly`/`writeOnly` rule for the properties present.
final class PropertiesCheck: KeywordCheck {
    let table: PropertyTable
    /// The properties' nodes, in the order of `table`'s names.
    let nodes: [SchemaNode]
    let patterns: [(regex: ECMARegex, node: SchemaNode)]
    let additional: SchemaNode?
    /// Set when `additionalProperties` is `false`, for a clearer error than "schema is false".
    let noAdditionalSite: KeywordSite?
    let budget: Int
    let location: SchemaRegistry.Location
    let sourceOf: @Sendable (String, String) -> SourceLocation?
    /// The properties with their index hashes, when a large object's members can be found by
    /// name instead of walking them all: no `patternProperties` or `additionalProperties` (which
    /// apply to every member) and only ASCII names (the index compares bytes). Empty otherwise.
    private let byName: [NamedProperty]

    private struct NamedProperty {
        var name: String
        var hash: UInt64
        var node: SchemaNode
    }

    init(
        properties: CompiledProperties,
        patterns: [(regex: ECMARegex, node: SchemaNode)], additional: SchemaNode?, noAdditionalSite: KeywordSite?,
        budget: Int, location: SchemaRegistry.Location,
        sourceOf: @escaping @Sendable (String, String) -> SourceLocation?
    ) {
        self.table = PropertyTable(properties.names)
        self.nodes = properties.nodes
        self.patterns = patterns
        self.additional = additional
        self.noAdditionalSite = noAdditionalSite
        self.budget = budget
        self.location = location
        self.sourceOf = sourceOf
        var byName: [NamedProperty] = []
        if patterns.isEmpty, additional == nil {
            for (name, node) in zip(properties.names, properties.nodes) {
                guard let hash = JSONObject.indexHash(ofASCII: name) else {
                    byName = []
                    break
                }
                byName.append(NamedProperty(name: name, hash: hash, node: node))
            }
        }
        self.byName = byName
        super.init()
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .object(let object) = instance else { return true }
        // A few names in a large object: look them up (allOf layers each name a few of an
        // object's many members, and walking them all was most of the time of this check).
        if !byName.isEmpty, byName.count * 2 <= object.count, let valid = isValidByName(object, &state) {
            return valid
        }
        // Indexing the array reads each member in place (a `for` loop copied every member; the
        // array's buffer pointer was no cheaper).
        let members = object.members
        for offset in members.indices {
            var matched = false
            if let index = table.index(of: members[offset].key) {
                matched = true
                let node = nodes[index]
                if state.context != .none, violatesAccess(node, state.context) { return false }
                if !node.isValid(members[offset].value, &state) { return false }
            }
            if !patterns.isEmpty {
                for pattern in patterns
                where pattern.regex.firstMatch(in: members[offset].key, budget: budget) == .matched {
                    matched = true
                    if !pattern.node.isValid(members[offset].value, &state) { return false }
                }
            }
            if !matched, let additional, !additional.isValid(members[offset].value, &state) { return false }
        }
        return true
    }

    /// The verdict from looking each property up in the object's index; `nil` when it has none
    /// that can answer (no index, repeated keys).
    private func isValidByName(_ object: JSONObject, _ state: inout ValidationState) -> Bool? {
        for position in byName.indices {
            guard let lookup = object.indexedOffset(ofASCII: byName[position].name, hash: byName[position].hash) else {
                return nil
            }
            guard let offset = lookup else { continue }
            let node = byName[position].node
            if state.context != .none, violatesAccess(node, state.context) { return false }
            if !node.isValid(object.members[offset].value, &state) { return false }
        }
        return true
    }

    func violatesAccess(_ node: SchemaNode, _ context: ValidationContext) -> Bool {
        (context == .request && node.isReadOnly) || (context == .response && node.isWriteOnly)
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        for member in object.members {
            state.path.append(.key(member.key))
            defer { state.path.removeLast() }
            var matched = false
            // The table, not `properties`: a dictionary would match canonically equivalent names.
            if let index = table.index(of: member.key) {
                let node = nodes[index]
                matched = true
                if state.context != .none, violatesAccess(node, state.context) {
                    let keyword = state.context == .request ? "readOnly" : "writeOnly"
                    let side = state.context == .request ? "a request" : "a response"
                    let location = node.resolved.location
                    let site = KeywordSite(
                        keyword: keyword, location: location.appending(keyword),
                        source: sourceOf(location.documentURI, location.pointer.appending(keyword).description))
                    errors.append(
                        state.error(
                            site, expected: "no \(keyword) property in \(side)",
                            actual: ValueDescription.describe(member.value)))
                }
                node.collect(member.value, &state, &errors)
            }
            for pattern in patterns where pattern.regex.firstMatch(in: member.key, budget: budget) == .matched {
                matched = true
                pattern.node.collect(member.value, &state, &errors)
            }
            guard !matched, let additional else { continue }
            if let noAdditionalSite {
                errors.append(
                    state.error(
                        noAdditionalSite, expected: "no property \"\(member.key)\" (additionalProperties is false)",
                        actual: ValueDescription.describe(member.value)))
            } else {
                additional.collect(member.value, &state, &errors)
            }
        }
    }

    override var streamingRole: StreamingRole { .properties(self) }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        guard case .object(let object) = instance else { return }
        if additional != nil {
            evaluated.allProperties = true
            return
        }
        for member in object.members {
            if table.index(of: member.key) != nil {
                evaluated.properties.insert(member.key)
            } else if patterns.contains(where: { $0.regex.firstMatch(in: member.key, budget: budget) == .matched }) {
                evaluated.properties.insert(member.key)
            }
        }
    }
}

extension SchemaCompiler {
    func compileProperties(_ context: KeywordContext, into checks: inout [KeywordCheck]) -> CompiledProperties {
        let object = context.object
        var names: [String] = []
        var nodes: [SchemaNode] = []
        if let holderOffset = context.offset(of: .properties) {
            let holder = object.members[holderOffset]
            if case .object(let members) = holder.value {
                names.reserveCapacity(members.count)
                nodes.reserveCapacity(members.count)
                // Of a name written twice, the last counts, as a lookup in the object finds it.
                for (offset, member) in members.members.enumerated() where members.offset(of: member.key) == offset {
                    names.append(member.key)
                    nodes.append(child(context, .properties, holder: holder, member: member, appliesBelow: true))
                }
            } else {
                report("properties must be an object", at: context, "properties")
            }
        }
        var patterns: [(regex: ECMARegex, node: SchemaNode)] = []
        if case .object(let members)? = context[.patternProperties] {
            for member in members.members {
                guard let regex = compileRegex(member.key, context, keyword: "patternProperties") else { continue }
                patterns.append((regex, child(context, .patternProperties, member.key, appliesBelow: true)))
            }
        }
        var additional: SchemaNode?
        var noAdditionalSite: KeywordSite?
        if let value = context[.additionalProperties] {
            additional = child(context, .additionalProperties, appliesBelow: true)
            if value == .bool(false) { noAdditionalSite = site(.additionalProperties, context) }
        }
        let properties = CompiledProperties(names: names, nodes: nodes)
        if !names.isEmpty || !patterns.isEmpty || additional != nil {
            let registry = self.registry
            checks.append(
                PropertiesCheck(
                    properties: properties,
                    patterns: patterns, additional: additional,
                    noAdditionalSite: noAdditionalSite, budget: options.regexStepLimit, location: context.location,
                    sourceOf: { document, pointer in
                        guard let pointer = JSONPointer(pointer) else { return nil }
                        return registry.sourceLocation(
                            of: SchemaRegistry.Location(document: document, pointer: pointer))
                    }))
        }
        return properties
    }
}

/// The subschemas of one schema's `properties`, in the order written (a name written twice: its last).
///
/// Two arrays rather than a `[String: SchemaNode]`: the dictionary was built for every object schema
/// of a contract and only read while compiling, and inserting into it hashed each name with SipHash
/// (about 1% of loading a large contract). The check that validates them finds names through a
/// `PropertyTable` of its own.
struct CompiledProperties {
    let names: [String]
    let nodes: [SchemaNode]

    /// The node of the property `name` (compared as `String`s, as a dictionary lookup would).
    func node(named name: String) -> SchemaNode? {
        names.lastIndex(of: name).map { nodes[$0] }
    }
}
