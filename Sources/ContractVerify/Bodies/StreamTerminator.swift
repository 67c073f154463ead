import ContractJSON
import ContractSpec

/// The terminating event a contract documents for an event stream: APIs that end a stream with a sentinel
/// (`data: [DONE]`) say so in prose, in the response's description, an example, the event schema's
/// description, or the description of the request field that asks for the stream (`stream`).
enum StreamTerminator {
    /// The sentinel written after `data:` in one of the texts (`data: [DONE]`), else a bracketed
    /// `[DONE]` anywhere in them; `nil` when none documents one.
    static func documented(in texts: [String]) -> String? {
        for text in texts {
            if let sentinel = sentinel(afterDataIn: text) { return sentinel }
        }
        return texts.contains { $0.contains("[DONE]") } ? "[DONE]" : nil
    }

    /// The bracketed word that follows `data:` (and optional spaces), as in "ends with `data: [DONE]`".
    private static func sentinel(afterDataIn text: String) -> String? {
        var rest = text[...]
        while let found = rest.range(of: "data:") {
            let after = rest[found.upperBound...].drop { $0 == " " }
            if after.first == "[", let close = after.firstIndex(of: "]") {
                let word = after[after.index(after: after.startIndex)..<close]
                if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "_" }) {
                    return String(after[...close])
                }
            }
            rest = rest[found.upperBound...]
        }
        return nil
    }

    /// The prose that may document a terminator: the response's description, the media type's string
    /// examples, the description of the item schema, and those of the request body's schema and its
    /// properties (one `$ref` followed for each).
    static func texts(media: Spec.MediaType, operation: Spec.Operation?, schemas: ContractSchemas)
        -> [String]
    {
        var texts: [String] = []
        if let response = operation?.responses.first(where: { $0.content.contains { $0.name == media.name } }) {
            texts.append(response.description)
        }
        texts += media.examples.compactMap { $0.value?.stringValue }
        if let schema = media.itemSchema ?? media.schema {
            texts += descriptions(of: schema.value, base: schema.baseURI, schemas: schemas, properties: false)
        }
        for body in operation?.requestBody?.content ?? [] {
            guard let schema = body.schema else { continue }
            texts += descriptions(of: schema.value, base: schema.baseURI, schemas: schemas, properties: true)
        }
        return texts
    }

    private static func descriptions(of value: JSONValue, base: String, schemas: ContractSchemas, properties: Bool)
        -> [String]
    {
        let (schema, schemaBase) = resolved(value, base: base, schemas: schemas)
        var texts = schema["description"]?.stringValue.map { [$0] } ?? []
        guard properties, case .object(let members)? = schema["properties"] else { return texts }
        for member in members.members {
            let (property, _) = resolved(member.value, base: schemaBase, schemas: schemas)
            if let text = property["description"]?.stringValue { texts.append(text) }
        }
        return texts
    }

    /// The schema a `$ref` names (one hop), with the base its own references resolve against.
    private static func resolved(_ value: JSONValue, base: String, schemas: ContractSchemas) -> (JSONValue, String) {
        guard let reference = value["$ref"]?.stringValue else { return (value, base) }
        let uri = schemas.resolve(reference, against: base)
        guard let target = schemas.schemaValue(at: uri) else { return (value, base) }
        return (target, String(uri.prefix { $0 != "#" }))
    }
}
