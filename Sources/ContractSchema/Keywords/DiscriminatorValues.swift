import ContractJSON

/// The values a `oneOf`/`anyOf` branch accepts for its discriminator property, read from the branch's own
/// schema: the property's `const` or string `enum`, through `$ref`s and `allOf`. Real descriptions (OpenAI's
/// chat messages: `role: {enum: [user]}`) name a branch by these values rather than by its component name.
struct DiscriminatorValues {
    let registry: SchemaRegistry
    let property: String
    /// How many `$ref`s and `allOf` levels are followed: enough for real schemas, and an end to loops.
    private static let depthLimit = 16

    init(registry: SchemaRegistry, property: String) {
        self.registry = registry
        self.property = property
    }

    /// The values the branch schema accepts for the property, in the order written; empty when it does not say.
    func values(of branch: JSONValue, base: URIReference) -> [String] {
        var values: [String] = []
        collect(branch, base: base, depth: 0, into: &values)
        return values
    }

    /// Adds the values the object schema `schema` gives its property (its `properties` entry, its `$ref`
    /// target, its `allOf` members).
    private func collect(_ schema: JSONValue, base: URIReference, depth: Int, into values: inout [String]) {
        guard depth < Self.depthLimit, case .object(let object) = schema else { return }
        if let (target, targetBase) = referenced(object, base: base) {
            collect(target, base: targetBase, depth: depth + 1, into: &values)
        }
        if case .object(let properties)? = object["properties"], let property = properties[property] {
            own(property, base: base, depth: depth + 1, into: &values)
        }
        for member in object["allOf"]?.arrayValue ?? [] {
            collect(member, base: base, depth: depth + 1, into: &values)
        }
    }

    /// Adds the string values the property schema `schema` allows (`const`, `enum`, through `$ref`s).
    private func own(_ schema: JSONValue, base: URIReference, depth: Int, into values: inout [String]) {
        guard depth < Self.depthLimit, case .object(let object) = schema else { return }
        if let (target, targetBase) = referenced(object, base: base) {
            own(target, base: targetBase, depth: depth + 1, into: &values)
        }
        if let constant = object["const"]?.stringValue, !values.contains(constant) { values.append(constant) }
        for case .string(let value) in object["enum"]?.arrayValue ?? [] where !values.contains(value) {
            values.append(value)
        }
    }

    /// The schema a `$ref` in `object` names, with the base its own references resolve against.
    private func referenced(_ object: JSONObject, base: URIReference) -> (JSONValue, URIReference)? {
        guard let text = object["$ref"]?.stringValue,
            let location = registry.locate(base.resolving(text)),
            let document = registry.document(location.document),
            let target = location.pointer.resolve(in: document.root)
        else { return nil }
        return (target, document.baseReferences[registry.baseIndex(in: document, at: location.pointer)])
    }
}
