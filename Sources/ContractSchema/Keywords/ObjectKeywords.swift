import ContractJSON

/// `required`, and `dependentRequired` (a `required` list that applies when a trigger property is present).
///
/// A required property whose schema here is `readOnly` is not required in a request, and one that
/// is `writeOnly` is not required in a response (OpenAPI 3.0 Schema Object, `readOnly`/`writeOnly`).
final class RequiredCheck: KeywordCheck {
    let site: KeywordSite
    let names: [String]
    let nodes: [SchemaNode?]
    /// For `dependentRequired`: the property whose presence makes `names` required.
    let trigger: String?
    /// Set for plain `required` lists of up to 64 names: one pass over the members finds them all.
    let table: PropertyTable?
    /// With `table`: each name's index hash, to look the names up in a large object's index.
    private let hashes: [UInt64]
    /// The `properties` check of the same schema object when it names every required property (each
    /// among its first 64), with those properties' bits: the streaming validator decides the list from
    /// the lookups that check makes anyway. Set by `SchemaNode` while the schema is compiled.
    private(set) var pairing: (properties: PropertiesCheck, mask: UInt64)?
    /// With `pairing`: each name's bit.
    private var pairedBits: [UInt64] = []

    init(site: KeywordSite, names: [String], nodes: [SchemaNode?], trigger: String?, table: PropertyTable?) {
        self.site = site
        self.names = names
        self.nodes = nodes
        self.trigger = trigger
        self.table = table
        // `table` is only made for ASCII names, which all have an index hash.
        self.hashes = table == nil ? [] : names.compactMap(JSONObject.indexHash(ofASCII:))
        super.init()
    }

    /// Pairs the list with `properties` (a check of the same schema object) when it can be: a plain
    /// `required` list whose every name `properties` declares, among its first 64 names.
    func pair(with properties: PropertiesCheck) {
        pairing = nil
        guard trigger == nil else { return }
        var bits: [UInt64] = []
        for name in names {
            guard let index = properties.table.index(of: name), index < 64 else { return }
            bits.append(1 << UInt64(index))
        }
        pairedBits = bits
        pairing = (properties, bits.reduce(0, |))
    }

    /// Whether the list is paired with `properties`.
    func isPaired(with properties: PropertiesCheck?) -> Bool {
        guard let pairing, let properties else { return false }
        return pairing.properties === properties
    }

    /// `isValid` for an object read as a stream, from the bits of the paired `properties` check's names
    /// that it has (call only when paired).
    func isSatisfied(present: UInt64, _ context: ValidationContext) -> Bool {
        guard let pairing else { return false }
        if present & pairing.mask == pairing.mask { return true }
        for offset in pairedBits.indices where present & pairedBits[offset] == 0 {
            if !excused(offset, context) { return false }
        }
        return true
    }

    private func excused(_ offset: Int, _ context: ValidationContext) -> Bool {
        guard context != .none, let node = nodes[offset] else { return false }
        return context == .request ? node.isReadOnly : node.isWriteOnly
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .object(let object) = instance else { return true }
        if let trigger, !object.hasProperty(trigger) { return true }
        if hashes.count == names.count, names.count * 4 <= object.count,
            let present = allPresentByName(object, state.context)
        {
            return present
        }
        if let table {
            var found: UInt64 = 0
            let members = object.members
            for offset in members.indices {
                if let index = table.index(of: members[offset].key) { found |= 1 << UInt64(index) }
            }
            if found == allNames { return true }
        }
        return missingAreExcused(state.context) { object.hasProperty($0) }
    }

    /// One bit per name, for the one-pass check through `table`.
    private var allNames: UInt64 {
        names.count == 64 ? ~0 : (1 << UInt64(names.count)) - 1
    }

    /// Whether every name that `has` says is absent is excused in `context` (the slow path of both
    /// `isValid` and `isSatisfied`, taken when some name was not found in one pass).
    private func missingAreExcused(_ context: ValidationContext, has: (String) -> Bool) -> Bool {
        for (offset, name) in names.enumerated() where !has(name) {
            if !excused(offset, context) { return false }
        }
        return true
    }

    override var streamingRole: StreamingRole { .required(self) }

    /// `isValid` for an object read as a stream, from its keys in document order.
    func isSatisfied(byKeys keys: ArraySlice<JSONByteReader.MemberKey>, _ context: ValidationContext) -> Bool {
        func has(_ name: String) -> Bool { keys.contains { $0.hasUTF8(of: name) } }
        if let trigger, !has(trigger) { return true }
        if let table {
            var found: UInt64 = 0
            for key in keys {
                if let index = table.index(of: key) { found |= 1 << UInt64(index) }
            }
            if found == allNames { return true }
        }
        return missingAreExcused(context, has: has)
    }

    /// Looks the names up through the object's index (large objects); `nil` when it has none.
    private func allPresentByName(_ object: JSONObject, _ context: ValidationContext) -> Bool? {
        for offset in names.indices {
            guard let lookup = object.indexedOffset(ofASCII: names[offset], hash: hashes[offset]) else { return nil }
            if lookup == nil, !excused(offset, context) { return false }
        }
        return true
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        if let trigger, !object.hasProperty(trigger) { return }
        for (offset, name) in names.enumerated() where !object.hasProperty(name) && !excused(offset, state.context) {
            let reason = trigger.map { " (because \"\($0)\" is present)" } ?? ""
            errors.append(
                state.error(
                    site, expected: "required property \(ValueDescription.quote(name))\(reason)",
                    actual: "object without it"))
        }
    }
}

/// `dependentSchemas` (and draft 4 schema `dependencies`): a schema that applies when a property is present.
final class DependentSchemaCheck: KeywordCheck {
    let trigger: String
    let node: SchemaNode

    override var inPlaceSubschemas: [SchemaNode] { [node] }

    init(trigger: String, node: SchemaNode) {
        self.trigger = trigger
        self.node = node
        super.init()
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .object(let object) = instance, object.hasProperty(trigger) else { return true }
        return node.isValid(instance, &state)
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        guard case .object(let object) = instance, object.hasProperty(trigger) else { return }
        node.collect(instance, &state, &errors)
    }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        guard case .object(let object) = instance, object.hasProperty(trigger), node.isValid(instance, &state) else {
            return
        }
        node.annotate(instance, &state, &evaluated)
    }
}

/// `propertyNames`: each key, as a string, must match the schema.
final class PropertyNamesCheck: KeywordCheck {
    let node: SchemaNode

    init(node: SchemaNode) {
        self.node = node
        super.init()
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .object(let object) = instance else { return true }
        for member in object.members where !node.isValid(.string(member.key), &state) { return false }
        return true
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        for member in object.members {
            state.path.append(.key(member.key))
            node.collect(.string(member.key), &state, &errors)
            state.path.removeLast()
        }
    }
}

extension SchemaCompiler {
    /// A byte table of `required` names when they are few, ASCII and distinct, which is when the table
    /// answers as `String` equality does. Distinctness is asked of the table itself (each name finds its
    /// own position, not an earlier twin's): a `Set` of the names hashed each with SipHash.
    private static func requiredTable(_ names: [String]) -> PropertyTable? {
        guard names.count <= 64, names.allSatisfy({ $0.allUTF8Bytes(satisfy: { $0 < 0x80 }) }) else { return nil }
        let table = PropertyTable(names)
        return names.indices.allSatisfy { table.index(of: names[$0]) == $0 } ? table : nil
    }

    func compileObject(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        let properties = compileProperties(context, into: &checks)
        if let value = context[.required] {
            let names = value.arrayValue?.compactMap(\.stringValue) ?? []
            if value.arrayValue == nil || names.count != value.arrayValue?.count {
                report("required must be an array of strings", at: context, "required")
            } else if !names.isEmpty {
                checks.append(
                    RequiredCheck(
                        site: site(.required, context), names: names, nodes: names.map { properties.node(named: $0) },
                        trigger: nil, table: Self.requiredTable(names)))
            }
        }
        compileDependencies(context, keyword: .dependentRequired, into: &checks)
        compileDependencies(context, keyword: .dependentSchemas, into: &checks)
        // `dependencies` was split in 2019-09; still honoured in 2020-12 documents for compatibility.
        compileDependencies(context, keyword: .dependencies, into: &checks)
        if context[.propertyNames] != nil {
            checks.append(PropertyNamesCheck(node: child(context, .propertyNames, appliesBelow: true)))
        }
    }

    private func compileDependencies(
        _ context: KeywordContext, keyword: CompiledKeyword, into checks: inout [KeywordCheck]
    ) {
        guard case .object(let members)? = context[keyword] else { return }
        for member in members.members {
            if case .array(let elements) = member.value {
                let names = elements.compactMap(\.stringValue)
                checks.append(
                    RequiredCheck(
                        site: site(keyword, context), names: names, nodes: names.map { _ in nil },
                        trigger: member.key, table: nil))
            } else {
                checks.append(DependentSchemaCheck(trigger: member.key, node: child(context, keyword, member.key)))
            }
        }
    }
}

extension JSONObject {
    /// Whether a member is named `name`, comparing code points as JSON Schema compares property names.
    /// `contains(_:)` uses `String` equality, under which U+212A KELVIN SIGN is "K": `required: ["K"]`
    /// must not be met by it.
    func hasProperty(_ name: String) -> Bool {
        // The lookup first (indexed for large objects): code points that are equal are equal strings.
        guard let offset = offset(of: name) else { return false }
        return UTF8Equality.equal(members[offset].key, name) || members.contains { UTF8Equality.equal($0.key, name) }
    }
}
