import ContractJSON

/// How a schema object's subschemas get their nodes: read from the object as written, collapsed to the
/// target when they are only a `$ref`, and, for a compiler that defers them, forwarding nodes for those that
/// apply to a member or an element.
extension SchemaCompiler {
    /// The node of the subschema under `keyword` (`items`, `not`) in the schema object of `context`.
    ///
    /// The value is read from the schema object as written instead of walking the document from
    /// its root again (a twelfth of compiling; for OAS 3.0, whose subschemas were all found from
    /// the root, 7% of loading Box). The 3.0 translation is shallow: the subschemas below the
    /// written object are the document's own, and each is translated when it is compiled. One
    /// overload per number of tokens: a variadic list allocated an array per subschema.
    ///
    /// `appliesBelow`: whether it applies to a member or an element rather than to the same value, so that a
    /// compiler that defers those gives a forwarding node (see `deferredNode(at:found:)`).
    func child(_ context: KeywordContext, _ keyword: CompiledKeyword, appliesBelow: Bool = false) -> SchemaNode {
        subschemaNode(context, found: Self.find(keyword, nil, below: context), appliesBelow: appliesBelow) {
            SchemaRegistry.Location(
                document: context.location.document, pointer: context.location.pointer.appending(keyword.name))
        }
    }

    /// The node of the subschema at `token` (an array index or a member name) under `keyword`
    /// (`allOf/0`, `dependentSchemas/name`).
    func child(
        _ context: KeywordContext, _ keyword: CompiledKeyword, _ token: String, appliesBelow: Bool = false
    ) -> SchemaNode {
        subschemaNode(context, found: Self.find(keyword, token, below: context), appliesBelow: appliesBelow) {
            SchemaRegistry.Location(
                document: context.location.document,
                pointer: keywordPointer(context.location.pointer, keyword.name).appending(token))
        }
    }

    /// The node of `member` of the object under `keyword` (`properties/name`), for a caller that is
    /// walking that object in `context.object` already: `holder` is the keyword's member there and
    /// `member` the one a lookup of its name finds (the last of a repeated name). The translation
    /// leaves subschema keywords as written, so these are the written members, found without a
    /// lookup per property.
    func child(
        _ context: KeywordContext, _ keyword: CompiledKeyword, holder: JSONObject.Member, member: JSONObject.Member,
        appliesBelow: Bool = false
    ) -> SchemaNode {
        var position = holder.position.isKnown ? holder.position : context.position
        if member.position.isKnown { position = member.position }
        return subschemaNode(context, found: (member.value, position), appliesBelow: appliesBelow) {
            SchemaRegistry.Location(
                document: context.location.document,
                pointer: keywordPointer(context.location.pointer, keyword.name).appending(member.key))
        }
    }

    /// The node of the subschema written as `found` at `location`: a forwarding node when it applies below
    /// and the compiler defers those, else its `$ref` target when it is only a `$ref`, else its own.
    private func subschemaNode(
        _ context: KeywordContext, found: PositionedJSONValue?, appliesBelow: Bool,
        at location: () -> SchemaRegistry.Location
    ) -> SchemaNode {
        if appliesBelow, let node = deferredNode(at: location, found: found) { return node }
        if let found, let target = referenceTarget(found.value, context) { return target }
        return node(at: location(), found: found)
    }

    /// The value `keyword` (then `token` within it) names below the schema object of `context`, with
    /// its position as `JSONPointer.position(in:)` would find it; `nil` when they name nothing.
    private static func find(_ keyword: CompiledKeyword, _ token: String?, below context: KeywordContext)
        -> PositionedJSONValue?
    {
        // Outside OAS 3.0 the object compiled is the one written, whose offsets the context has.
        let found = context.dialect == .oas30 ? context.written.offset(of: keyword.name) : context.offset(of: keyword)
        guard let offset = found else { return nil }
        let holder = context.written.members[offset]
        var position = holder.position.isKnown ? holder.position : context.position
        guard let token else { return (holder.value, position) }
        switch holder.value {
        case .object(let object):
            guard let inner = object.offset(of: token) else { return nil }
            if object.members[inner].position.isKnown { position = object.members[inner].position }
            return (object.members[inner].value, position)
        case .array(let elements):
            guard let index = JSONPointer.arrayIndex(token), elements.indices.contains(index) else { return nil }
            if let start = elements[index].objectValue?.position, start.isKnown { position = start }
            return (elements[index], position)
        default:
            return nil
        }
    }
}
