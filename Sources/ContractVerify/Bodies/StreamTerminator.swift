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
    /// examples, and the descriptions inside the item schema and the request body's schemas (where APIs
    /// describe their `stream` flag and its options).
    static func texts(media: Spec.MediaType, operation: Spec.Operation?, schemas: ContractSchemas)
        -> [String]
    {
        var texts: [String] = []
        if let response = operation?.responses.first(where: { $0.content.contains { $0.name == media.name } }) {
            texts.append(response.description)
        }
        texts += media.examples.compactMap { $0.value?.stringValue }
        let bodies = (operation?.requestBody?.content ?? []).compactMap(\.schema)
        for schema in [media.itemSchema ?? media.schema].compactMap({ $0 }) + bodies {
            texts += descriptions(in: schema.value, base: schema.baseURI, schemas: schemas)
        }
        return texts
    }

    /// How many schema objects one search for descriptions reads at most: a request schema's own
    /// properties and their options are near its root, and a large contract's schemas are all reachable.
    private static let searchLimit = 2_000

    /// The `description`s of a schema and of the schemas it reaches (`$ref`, `allOf`/`anyOf`/`oneOf`,
    /// `properties`, `items`), breadth first, each referenced schema once.
    private static func descriptions(in root: JSONValue, base: String, schemas: ContractSchemas) -> [String] {
        var texts: [String] = []
        var queue = [(root, base)]
        var next = 0
        var followed = Set<String>()
        while next < queue.count && next < searchLimit {
            let (value, base) = queue[next]
            next += 1
            guard case .object(let schema) = value else { continue }
            if let text = schema["description"]?.stringValue { texts.append(text) }
            if let reference = schema["$ref"]?.stringValue {
                let uri = schemas.resolve(reference, against: base)
                if followed.insert(uri).inserted, let target = schemas.schemaValue(at: uri) {
                    queue.append((target, String(uri.prefix { $0 != "#" })))
                }
            }
            for keyword in ["allOf", "anyOf", "oneOf"] {
                for branch in schema[keyword]?.arrayValue ?? [] { queue.append((branch, base)) }
            }
            if case .object(let properties)? = schema["properties"] {
                for member in properties.members { queue.append((member.value, base)) }
            }
            if let items = schema["items"] { queue.append((items, base)) }
        }
        return texts
    }
}
