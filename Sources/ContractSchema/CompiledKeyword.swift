/// A keyword the compiler reads, with a fixed place in the table of member offsets that
/// `KeywordFamilies` fills in its one pass over a schema object's members.
///
/// Each `compile…` function used to look its keywords up by name, a scan of the schema's members
/// comparing each key as a `String`, and again to find a keyword's line for its site: a tenth of
/// compiling a schema. The table answers those lookups by index. Its answers are those of the lookups
/// by name, the last member of a repeated key included (`KeywordTable` compares as `String ==` does).
enum CompiledKeyword: Int, CaseIterable {
    case ref, dynamicRef
    case type, const, enumValues
    case minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf
    case minLength, maxLength, pattern
    case format
    case items, prefixItems, additionalItems, contains, minContains, maxContains, minItems, maxItems, uniqueItems
    case minProperties, maxProperties
    case properties, patternProperties, additionalProperties, required, dependentRequired, dependentSchemas
    case dependencies, propertyNames
    case allOf, anyOf, oneOf, not, ifSchema, thenSchema, elseSchema, discriminator
    case unevaluatedItems, unevaluatedProperties
    case readOnly, writeOnly

    /// The keyword as written in schemas.
    var name: String {
        switch self {
        case .ref: "$ref"
        case .dynamicRef: "$dynamicRef"
        case .type: "type"
        case .const: "const"
        case .enumValues: "enum"
        case .minimum: "minimum"
        case .maximum: "maximum"
        case .exclusiveMinimum: "exclusiveMinimum"
        case .exclusiveMaximum: "exclusiveMaximum"
        case .multipleOf: "multipleOf"
        case .minLength: "minLength"
        case .maxLength: "maxLength"
        case .pattern: "pattern"
        case .format: "format"
        case .items: "items"
        case .prefixItems: "prefixItems"
        case .additionalItems: "additionalItems"
        case .contains: "contains"
        case .minContains: "minContains"
        case .maxContains: "maxContains"
        case .minItems: "minItems"
        case .maxItems: "maxItems"
        case .uniqueItems: "uniqueItems"
        case .minProperties: "minProperties"
        case .maxProperties: "maxProperties"
        case .properties: "properties"
        case .patternProperties: "patternProperties"
        case .additionalProperties: "additionalProperties"
        case .required: "required"
        case .dependentRequired: "dependentRequired"
        case .dependentSchemas: "dependentSchemas"
        case .dependencies: "dependencies"
        case .propertyNames: "propertyNames"
        case .allOf: "allOf"
        case .anyOf: "anyOf"
        case .oneOf: "oneOf"
        case .not: "not"
        case .ifSchema: "if"
        case .thenSchema: "then"
        case .elseSchema: "else"
        case .discriminator: "discriminator"
        case .unevaluatedItems: "unevaluatedItems"
        case .unevaluatedProperties: "unevaluatedProperties"
        case .readOnly: "readOnly"
        case .writeOnly: "writeOnly"
        }
    }

    /// The family whose `compile…` function the keyword's presence calls for; `nil` for keywords that
    /// only matter beside another (`then` beside `if`, `minContains` beside `contains`).
    var family: KeywordFamilies? {
        switch self {
        case .ref, .dynamicRef: .references
        case .type, .const, .enumValues: .typeAndValues
        case .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum, .multipleOf: .numeric
        case .minLength, .maxLength, .pattern: .string
        case .format: .format
        case .items, .prefixItems, .additionalItems, .contains, .minItems, .maxItems, .uniqueItems, .minProperties,
            .maxProperties:
            .array
        case .properties, .patternProperties, .additionalProperties, .required, .dependentRequired,
            .dependentSchemas, .dependencies, .propertyNames:
            .object
        case .allOf, .anyOf, .oneOf, .not, .ifSchema: .combinators
        case .unevaluatedItems, .unevaluatedProperties: .unevaluated
        case .readOnly, .writeOnly: .access
        case .minContains, .maxContains, .thenSchema, .elseSchema, .discriminator: nil
        }
    }
}
