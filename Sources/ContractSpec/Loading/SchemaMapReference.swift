import ContractJSON

/// A `$ref` written in place of a whole map of subschemas, as descriptions bundled by reference-resolving
/// tools do (`properties: {$ref: 'attributes.yml#/droplet_ids'}`, where the target is an object of
/// property schemas).
///
/// JSON Schema reads such a map as one property named `$ref` whose schema is a string, which is no
/// schema, so the map can mean nothing else. It is followed, as Redocly and swagger-parser follow any
/// `$ref`: the map is replaced, in the file, by one `{$ref: …}` per member of the target, so that the
/// compiler, the synthesizer and the checks all read an ordinary map of schemas, each member standing for
/// the target's. The loader warns once (`ref.placement`), because tools that read the specification
/// strictly reject it.
struct SchemaMapReference {
    /// The file the map is written in, and where.
    let file: ContractFile
    let pointer: JSONPointer
    /// The map as written, for the warning's place.
    let written: SourceNode
    /// What replaces it.
    let expansion: JSONObject

    /// The kind of place, in the loader's `ref.placement` warning.
    static let placeKind = "map of schemas"

    /// Whether `map` is a single `$ref` whose value is a string (a map of subschemas given by reference).
    static func standsFor(_ map: JSONObject) -> Bool {
        guard map.count == 1, let only = map.members.first, case .string = only.value else { return false }
        return only.key == "$ref"
    }

    /// The expansion of `map` (a subschema map keyword's value, at `node`), when it is a single `$ref`
    /// whose value is a string; `nil` otherwise, and when the `$ref` does not resolve or leads to something
    /// other than an object, which is reported.
    static func expanding(_ map: JSONObject, at node: SourceNode, context: BuildContext) -> SchemaMapReference? {
        guard standsFor(map), let only = map.members.first, case .string(let text) = only.value else { return nil }
        let at = node.child(only)
        let target: ResolvedReference
        switch ReferenceResolver.resolve(text, from: node.file, in: context.workspace) {
        case .success(let resolved): target = resolved
        case .failure(let problem):
            context.error(problem.code, problem.message, at: at)
            return nil
        }
        guard case .object(let targets) = target.value else {
            context.error(
                "schema.ref",
                "a $ref in place of '\(node.pointer.lastToken ?? "")' must lead to an object of schemas, "
                    + "found \(SourceNode(target).kindDescription); point it at the map itself",
                at: at)
            return nil
        }
        // Each member names the target's member through the file part as written, so that it resolves
        // from this file as the map's `$ref` did.
        let filePart = ReferenceResolver.splitAtFragment(text).file
        let members = targets.members.map { entry in
            let reference = JSONObject(
                members: [
                    JSONObject.Member(
                        key: "$ref", value: .string(filePart + target.pointer.appending(entry.key).fragment),
                        position: at.position)
                ],
                position: at.position)
            return JSONObject.Member(key: entry.key, value: .object(reference), position: at.position)
        }
        return SchemaMapReference(
            file: node.file, pointer: node.pointer, written: node,
            expansion: JSONObject(members: members, position: map.position))
    }
}
