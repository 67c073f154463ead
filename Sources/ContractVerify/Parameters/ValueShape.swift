import ContractJSON
import ContractSpec

/// What a schema says about the JSON types of a value, its items and its properties, with `$ref`s,
/// `allOf`, `anyOf` and `oneOf` followed: enough to turn the strings of a URL, header or form into the
/// JSON value the schema validates. Built by `ShapeBuilder` when the verifier is created.
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
