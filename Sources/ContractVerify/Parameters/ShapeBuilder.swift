import ContractJSON
import ContractSpec

/// Follows a schema's references to build its `ValueShape`; depth-limited, so recursive schemas end.
///
/// One builder prepares a whole contract and remembers the shape of every `$ref` target at each depth
/// it was reached at: the shape of a reference depends only on its target and that depth, and contracts
/// whose schemas link to each other (Stripe's expandable fields, Kubernetes' object references) reach
/// the same targets through thousands of paths. Building them afresh on each path made preparing a
/// Stripe-sized contract take many seconds and hundreds of MB; remembered, each is built once per depth.
/// Used by one thread at a time (the verifier's preparation), so the memo needs no lock.
final class ShapeBuilder {
    let schemas: ContractSchemas
    private static let maximumDepth = 12

    /// A `$ref` target's absolute URI and the depth its shape was built at.
    private struct Reached: Hashable {
        let uri: String
        let depth: Int
    }

    private var built: [Reached: ValueShape] = [:]
    /// The absolute URI of each `$ref` as written, by its base and text: resolving parses URLs, and the
    /// same few references are followed at every depth.
    private var resolved: [String: String] = [:]

    init(schemas: ContractSchemas) {
        self.schemas = schemas
    }

    /// The shape of a model schema; `nil` gives a shape that says nothing.
    func shape(of schema: Spec.Schema?) -> ValueShape {
        guard let schema else { return .any }
        return shape(of: schema.value, base: schema.baseURI, depth: 0)
    }

    private func resolve(_ reference: String, against base: String) -> String {
        let key = base + "\u{0}" + reference
        if let known = resolved[key] { return known }
        let uri = schemas.resolve(reference, against: base)
        resolved[key] = uri
        return uri
    }

    /// The shape of the schema a `$ref` names, reached at `depth`: built once per target and depth.
    private func shape(ofTarget uri: String, depth: Int) -> ValueShape? {
        let key = Reached(uri: uri, depth: depth)
        if let known = built[key] { return known }
        guard let target = schemas.schemaValue(at: uri) else { return nil }
        let shape = shape(of: target, base: String(uri.prefix { $0 != "#" }), depth: depth)
        built[key] = shape
        return shape
    }

    private func shape(of value: JSONValue, base: String, depth: Int) -> ValueShape {
        guard depth < Self.maximumDepth, case .object(let object) = value else { return .any }
        var parts = Parts()
        switch object["type"] {
        case .string(let name): parts.types = [name]
        case .array(let names): parts.types = Set(names.compactMap(\.stringValue))
        default: break
        }
        parts.isBinary = object["format"]?.stringValue == "binary" || object["contentMediaType"] != nil
        if case .array(let values) = object["enum"] { parts.listed = values }
        if let value = object["const"] { parts.listed = [value] }
        if parts.types.isEmpty, let listed = parts.listed { parts.types = Set(listed.map(\.typeName)) }
        if let itemSchema = object["items"] { parts.items = shape(of: itemSchema, base: base, depth: depth + 1) }
        if case .object(let members) = object["properties"] {
            for member in members.members {
                parts.properties[member.key] = shape(of: member.value, base: base, depth: depth + 1)
            }
        }
        if let extra = object["additionalProperties"], extra.boolValue == nil {
            parts.additional = shape(of: extra, base: base, depth: depth + 1)
        }
        if case .string(let reference) = object["$ref"] {
            if let target = shape(ofTarget: resolve(reference, against: base), depth: depth + 1) {
                parts.narrow(with: target)
            }
        }
        if case .array(let branches) = object["allOf"] {
            for branch in branches { parts.narrow(with: shape(of: branch, base: base, depth: depth + 1)) }
        }
        for keyword in ["anyOf", "oneOf"] {
            guard case .array(let branches) = object[keyword] else { continue }
            let shapes = branches.map { shape(of: $0, base: base, depth: depth + 1) }
            // Any untyped branch lets every type through, so the alternatives constrain nothing then.
            let typed = shapes.allSatisfy { !$0.types.isEmpty }
            let union = shapes.reduce(into: Set<String>()) { $0.formUnion($1.types) }
            for branch in shapes { parts.adopt(structureOf: branch) }
            if typed {
                parts.narrow(types: union)
                if parts.branches.isEmpty { parts.branches = shapes }
            }
        }
        if parts.types.contains("integer") { parts.types.insert("number") }
        return ValueShape(
            types: parts.types, items: parts.items, properties: parts.properties,
            additionalProperties: parts.additional, isBinary: parts.isBinary, branches: parts.branches,
            listedValues: parts.listed)
    }

    /// The pieces of a shape while it is assembled.
    private struct Parts {
        var types = Set<String>()
        var items: ValueShape?
        var properties: [String: ValueShape] = [:]
        var additional: ValueShape?
        var isBinary = false
        var branches: [ValueShape] = []
        var listed: [JSONValue]?

        /// Both schemas apply (`allOf`, `$ref` beside other keywords): types intersect.
        mutating func narrow(with other: ValueShape) {
            narrow(types: other.types)
            adopt(structureOf: other)
            isBinary = isBinary || other.isBinary
            if branches.isEmpty { branches = other.branches }
            listed = listed ?? other.listedValues
        }

        mutating func narrow(types other: Set<String>) {
            if types.isEmpty {
                types = other
            } else if !other.isEmpty {
                types.formIntersection(other.union(other.contains("number") ? ["integer"] : []))
            }
        }

        /// Takes items and properties this shape does not describe yet.
        mutating func adopt(structureOf other: ValueShape) {
            items = items ?? other.items
            properties.merge(other.properties) { first, _ in first }
            additional = additional ?? other.additionalProperties
        }
    }
}
