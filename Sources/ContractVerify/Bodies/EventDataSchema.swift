import ContractJSON
import ContractSpec

/// The schema of the JSON an event's text `data` carries, where a 3.2 event `itemSchema` says so the way
/// JSON Schema does: `data: {type: string, contentMediaType: application/json, contentSchema: {…}}`.
/// `contentSchema` is only an annotation to a validator, so the verifier applies it to the parsed data
/// itself, and the synthesizer writes a value of it as the data.
enum EventDataSchema {
    /// The `contentSchema` of the event schema's `data` property (the event schema and the property each
    /// followed through one `$ref`), when its `contentMediaType` is JSON or not given.
    static func of(eventSchema: Spec.Schema, schemas: ContractSchemas) -> Spec.Schema? {
        let event = followed(eventSchema.value, at: eventSchema.uri, schemas: schemas)
        guard let dataValue = event.value["properties"]?["data"] else { return nil }
        let data = followed(dataValue, at: event.uri + "/properties/data", schemas: schemas)
        guard data.value["contentSchema"] != nil else { return nil }
        if let type = data.value["contentMediaType"]?.stringValue, !(MediaTypeName(type)?.isJSON ?? false) {
            return nil
        }
        let uri = data.uri + "/contentSchema"
        let parts = uri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let pointer = JSONPointer(fragment: String(parts[1])),
            let value = schemas.schemaValue(at: uri)
        else { return nil }
        return Spec.Schema(baseURI: String(parts[0]), pointer: pointer, value: value, location: eventSchema.location)
    }

    /// The schema a `$ref` names (one hop), with its URI; the value itself otherwise.
    private static func followed(_ value: JSONValue, at uri: String, schemas: ContractSchemas)
        -> (value: JSONValue, uri: String)
    {
        guard let reference = value["$ref"]?.stringValue else { return (value, uri) }
        let base = String(uri.prefix { $0 != "#" })
        let target = schemas.resolve(reference, against: base)
        guard let resolved = schemas.schemaValue(at: target) else { return (value, uri) }
        return (resolved, target.contains("#") ? target : target + "#")
    }
}
