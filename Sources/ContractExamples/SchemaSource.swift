import ContractJSON
import ContractSchema

/// What the generator needs from wherever schemas live: following `$ref`s, validators for subschemas
/// (to check `oneOf` branches, `not`, `if`) and source locations for messages.
protocol SchemaSource: Sendable {
    /// The schema a `$ref` written in `schema` names, or `nil` when it names nothing known.
    func resolve(_ reference: String, from schema: LocatedSchema) -> LocatedSchema?
    /// The compiled validator of a schema, or `nil` when it does not compile.
    func validator(for schema: LocatedSchema) -> CompiledSchema?
    /// Where the schema is written, for messages.
    func location(of schema: LocatedSchema) -> SourceLocation?
    /// Whether `schema.base` is the base the validator resolves the schema's `$ref`s against (no `$id`
    /// lies between its resource's root and it); when not, its values keep the validator's proof.
    func isBasedAsValidated(_ schema: LocatedSchema) -> Bool
}

/// Rewrites every `$ref` of a schema value to an absolute URI, so that it can be compiled under a name
/// of its own while its references still reach the document it came from.
enum ReferenceRewriter {
    static func absolutize(_ value: JSONValue, base: String) -> JSONValue {
        switch value {
        case .object(var object):
            for member in object.members {
                if member.key == "$ref", case .string(let reference) = member.value {
                    object["$ref"] = .string(URIText.resolve(reference, against: base))
                } else if member.key != "enum", member.key != "const", member.key != "examples" {
                    object[member.key] = absolutize(member.value, base: base)
                }
            }
            return .object(object)
        case .array(let elements):
            return .array(elements.map { absolutize($0, base: base) })
        default:
            return value
        }
    }
}
