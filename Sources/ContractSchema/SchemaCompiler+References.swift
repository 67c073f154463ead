import ContractJSON

/// How a `$ref` that is a whole schema finds its node: through to the target, and to the end of a chain of
/// such references, so that validation takes one step where the document takes many.
extension SchemaCompiler {
    /// The text of a schema that is only a `$ref` (`{"$ref": "#/components/schemas/Pet"}`).
    static func referenceOnly(_ value: JSONValue) -> String? {
        guard case .object(let object) = value, object.members.count == 1, object.members[0].key == "$ref",
            case .string(let text) = object.members[0].value
        else { return nil }
        return text
    }

    /// For a root written as only a `$ref` (most request and response schemas of a contract), the node of
    /// its target, when that is in the root's own resource: validation then starts in the same dynamic
    /// scope as through a forwarding node. `nil` otherwise, and when the reference does not resolve.
    /// `inAnyResource`: the target wherever it is, as `referenceTarget` gives a subschema's.
    func rootTarget(
        _ location: SchemaRegistry.Location, _ written: PositionedJSONValue?, inAnyResource: Bool = false
    ) -> SchemaNode? {
        guard let written, let text = Self.referenceOnly(written.value), let document = document(location.document)
        else { return nil }
        let baseIndex = registry.baseIndex(in: document, at: location.pointer)
        guard let target = resolvedReference(text, in: document, at: location.document, baseIndex: baseIndex)?.0,
            inAnyResource || target.resourceID == resourceID(of: location)
        else { return nil }
        return target
    }

    /// For a subschema that is only a `$ref` (`{"$ref": "#/components/schemas/Pet"}`, what most property and
    /// branch schemas of a contract are), the node of its target, which its parent then holds in its place.
    ///
    /// A node of its own would only pass every call on to the target: two objects and a table entry per
    /// reference (a third of the nodes of a real contract), and a frame more on every validation through
    /// it. The reference resolves against its parent's base, as its own node would resolve it (an object of
    /// one member has no `$id`). Its location stays unclaimed: a `$ref` naming it gets a node of its own,
    /// which forwards as before. `nil` for any other subschema, and for a reference that does not resolve,
    /// which its own node then reports where it is written.
    func referenceTarget(_ value: JSONValue, _ context: KeywordContext) -> SchemaNode? {
        guard let text = Self.referenceOnly(value) else { return nil }
        return resolvedReference(text, context)?.0
    }

    /// The node where a chain of schemas that are each only a `$ref` ends, starting at `target`: the first
    /// schema on the way that is something else, or the last one before a reference that leaves the
    /// resource, does not resolve, or comes back to the chain. A `$ref` to `target` validates exactly as
    /// through every link (the links add no keyword and no dynamic scope), but in one step: a chain of
    /// thousands of references otherwise passed the validator's nesting limit and failed valid values.
    func chainEnd(from target: SchemaNode) -> SchemaNode {
        var path: [SchemaNode] = []
        var onPath: Set<ObjectIdentifier> = []
        var end = target
        while onPath.insert(ObjectIdentifier(end)).inserted {
            if let known = chainEnds[ObjectIdentifier(end)] {
                end = known
                break
            }
            guard let next = referenceOnlyTarget(of: end), next.resourceID == end.resourceID else { break }
            path.append(end)
            end = next
        }
        for link in path { chainEnds[ObjectIdentifier(link)] = end }
        return end
    }

    /// The node the schema of `node` names, when that schema is only a `$ref` that resolves.
    private func referenceOnlyTarget(of node: SchemaNode) -> SchemaNode? {
        let location = SchemaRegistry.Location(document: node.location.documentURI, pointer: node.location.pointer)
        guard let document = document(location.document),
            case .object(let written)? = location.pointer.resolveWithPosition(in: document.root)?.0
        else { return nil }
        let object = document.dialect == .oas30 ? OASSchemaTranslation.translateShallow(written).object : written
        guard let text = Self.referenceOnly(.object(object)) else { return nil }
        let baseIndex = registry.baseIndex(in: document, at: location.pointer)
        return resolvedReference(text, in: document, at: location.document, baseIndex: baseIndex)?.0
    }
}
