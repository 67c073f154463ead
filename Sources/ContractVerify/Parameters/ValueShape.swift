import ContractJSON
import ContractSpec

/// What a schema says about the JSON types of a value, its items and its properties, with `$ref`s,
/// `allOf`, `anyOf` and `oneOf` followed: enough to turn the strings of a URL, header or form into the
/// JSON value the schema validates. Built once per parameter when the verifier is created.
final class ValueShape: Sendable {
    /// The JSON types the schema allows (`integer`, `string`…); empty when it does not say.
    let types: Set<String>
    /// The shape of array items.
    let items: ValueShape?
    /// The shapes of named properties.
    let properties: [String: ValueShape]
    /// The shape of other properties.
    let additionalProperties: ValueShape?
    /// Whether the value is a file's bytes (`format: binary`, or a `contentMediaType`): a multipart part
    /// of this shape is not parsed, whatever its `Content-Type` label says.
    let isBinary: Bool
    /// The branches of an `anyOf`/`oneOf` whose branches all name their types or values: a text is
    /// typed by the branch that takes it (`1700000000` an integer beside `enum: [now]`).
    let branches: [ValueShape]
    /// The values `enum` or `const` lists, when the schema lists them.
    let listedValues: [JSONValue]?

    init(
        types: Set<String>, items: ValueShape?, properties: [String: ValueShape], additionalProperties: ValueShape?,
        isBinary: Bool = false, branches: [ValueShape] = [], listedValues: [JSONValue]? = nil
    ) {
        self.types = types
        self.items = items
        self.properties = properties
        self.additionalProperties = additionalProperties
        self.isBinary = isBinary
        self.branches = branches
        self.listedValues = listedValues
    }

    /// A shape that allows anything and says nothing.
    static let any = ValueShape(types: [], items: nil, properties: [:], additionalProperties: nil)

    /// The shape of a model schema.
    convenience init(_ schema: Spec.Schema?, schemas: ContractSchemas) {
        guard let schema else {
            self.init(types: [], items: nil, properties: [:], additionalProperties: nil)
            return
        }
        let builder = ShapeBuilder(schemas: schemas)
        let shape = builder.shape(of: schema.value, base: schema.baseURI, depth: 0)
        self.init(
            types: shape.types, items: shape.items, properties: shape.properties,
            additionalProperties: shape.additionalProperties, isBinary: shape.isBinary, branches: shape.branches,
            listedValues: shape.listedValues)
    }

    /// Whether the value is an array: the schema says `type: array` (and not also `string`), or only
    /// describes items.
    var isArray: Bool {
        if types.isEmpty { return items != nil }
        return types.contains("array") && !types.contains("string")
    }

    /// Whether the value is an object: the schema says `type: object` (and not also `string`), or only
    /// describes properties.
    var isObject: Bool {
        if types.isEmpty { return !properties.isEmpty || additionalProperties != nil }
        return types.contains("object") && !types.contains("string")
    }

    /// Whether an array is among the values: the schema allows `array` or describes items.
    var admitsArray: Bool { types.contains("array") || items != nil }

    /// Whether a value that is neither object nor array is among the values (`metadata=` beside an
    /// object schema that also takes `""`).
    var admitsScalar: Bool {
        if types.isEmpty { return items == nil && properties.isEmpty && additionalProperties == nil }
        return !types.isDisjoint(with: ["string", "number", "integer", "boolean", "null"])
    }

    /// Whether a file's bytes fit here: a binary schema, or an array of them (one part per file).
    var takesBytes: Bool { isBinary || (isArray && items?.isBinary == true) }

    /// The shape of the property `name`.
    func property(_ name: String) -> ValueShape {
        properties[name] ?? additionalProperties ?? .any
    }
}

/// Follows a schema's references to build its `ValueShape`; depth-limited, so recursive schemas end.
private struct ShapeBuilder {
    let schemas: ContractSchemas
    private static let maximumDepth = 12

    init(schemas: ContractSchemas) {
        self.schemas = schemas
    }

    func shape(of value: JSONValue, base: String, depth: Int) -> ValueShape {
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
            let uri = schemas.resolve(reference, against: base)
            if let target = schemas.schemaValue(at: uri) {
                let targetBase = String(uri.prefix { $0 != "#" })
                parts.narrow(with: shape(of: target, base: targetBase, depth: depth + 1))
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
