import ContractJSON

/// `$ref`s such as `#/$defs/Usage` written inside a schema that carries those `$defs` itself: a JSON
/// Schema generated on its own (by pydantic, say) and pasted into a description without an `$id`, as
/// Mistral's speech stream is. Resolved from the document's root, as the specification reads them, they
/// name nothing; the author means the enclosing schema's `$defs`, and nothing else is there to mean.
///
/// Such a `$ref` (or a discriminator `mapping` value written the same way) is read from the nearest
/// enclosing object that holds its target: the schema is replaced, in the file, by a copy whose pointers
/// start at the document's root, so that the compiler, the synthesizer and the checks all read ordinary
/// `$ref`s. The loader warns once (`ref.enclosing-defs`), because tools that resolve them strictly fail.
struct EnclosingDefinitions {
    /// The file the schema is written in, and where.
    let file: ContractFile
    let pointer: JSONPointer
    /// The first `$ref` (or mapping value) read so, for the warning's place, and what it was read as.
    let written: SourceNode
    let reading: (text: String, resolved: String)
    /// The schema with its pointers rewritten.
    let replacement: JSONObject

    /// The schema `object` (at `node`) with its enclosing-definition pointers rewritten, or `nil` when it has
    /// none. Only pointers into `$defs` or `definitions` that name nothing from the root are read so.
    static func rewriting(_ object: JSONObject, at node: SourceNode) -> EnclosingDefinitions? {
        var rewritten = object
        var first: (member: String, text: String, resolved: String)?
        if case .string(let text)? = object["$ref"], let resolved = resolved(text, from: node) {
            rewritten["$ref"] = .string(resolved)
            first = ("$ref", text, resolved)
        }
        if case .object(var discriminator)? = object["discriminator"],
            case .object(var mapping)? = discriminator["mapping"]
        {
            for member in mapping.members {
                guard case .string(let text) = member.value, let resolved = resolved(text, from: node) else { continue }
                mapping[member.key] = .string(resolved)
                if first == nil { first = ("discriminator", text, resolved) }
            }
            discriminator["mapping"] = .object(mapping)
            rewritten["discriminator"] = .object(discriminator)
        }
        guard let first else { return nil }
        return EnclosingDefinitions(
            file: node.file, pointer: node.pointer, written: node.child(first.member) ?? node,
            reading: (first.text, first.resolved), replacement: rewritten)
    }

    /// Whether the schema `object` may hold such a pointer: a cheap look before any node is made.
    static func mayApply(to object: JSONObject) -> Bool {
        if case .string(let text)? = object["$ref"], namesDefinitions(text) { return true }
        return object["discriminator"] != nil
    }

    /// The `#/…` pointer `text` names from the nearest enclosing object of `node` that holds its target,
    /// when it names nothing from the document's root.
    private static func resolved(_ text: String, from node: SourceNode) -> String? {
        guard namesDefinitions(text), let target = JSONPointer(fragment: text),
            target.resolve(in: node.file.root) == nil
        else { return nil }
        var enclosing = node.pointer
        while let parent = enclosing.parent {
            let candidate = enclosing.appending(contentsOf: target)
            if candidate.resolve(in: node.file.root) != nil { return candidate.fragment }
            enclosing = parent
        }
        return nil
    }

    /// Whether `text` is a pointer of this document into `$defs` or `definitions`.
    private static func namesDefinitions(_ text: String) -> Bool {
        text.hasPrefix("#/$defs/") || text.hasPrefix("#/definitions/")
    }
}
