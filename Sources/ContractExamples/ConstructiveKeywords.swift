import ContractJSON

/// The keywords whose every generated value is valid by construction, so that a value built only from
/// schemas using them needs no proof by the validator (see "Proof" in Docs/ContractExamples.md).
///
/// The list is deliberately short and checks each keyword's value too: anything else (patterns,
/// combinators other than `allOf`, conditionals, `uniqueItems`, `unevaluated*`, `dependent*`,
/// `propertyNames`, `patternProperties`, `contains`, `$dynamicRef`, `$id`, `$schema`, `discriminator`,
/// OpenAPI 3.0's boolean `exclusiveMinimum`, a misspelt keyword) keeps the proof.
enum ConstructiveKeywords {
    /// Whether every member of a schema object is a keyword of the list with a well-formed value.
    static func admits(_ object: JSONObject) -> Bool {
        object.members.allSatisfy { admits($0.key, $0.value) }
    }

    private static let types: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]

    /// Keywords that never make a value invalid (annotations, definitions not applied here).
    private static let annotations: Set<String> = [
        "title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly",
        "$comment", "nullable", "xml", "externalDocs", "$defs", "definitions", "$anchor", "contentMediaType",
        "contentEncoding",
    ]

    private static func admits(_ keyword: String, _ value: JSONValue) -> Bool {
        switch keyword {
        case "type":
            if case .string(let name) = value { return types.contains(name) }
            guard case .array(let names) = value else { return false }
            return names.allSatisfy { $0.stringValue.map(types.contains) ?? false }
        case "enum": return value.arrayValue != nil
        case "const": return true
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
            // Numbers only: OpenAPI 3.0 and draft 4 write exclusive bounds as booleans, which the
            // generator does not read.
            return value.numberValue?.decimal != nil
        case "multipleOf":
            // Divisors of up to 18 digits are decided exactly by the validator, as the generator builds them.
            guard let divisor = value.numberValue?.decimal else { return false }
            return !divisor.isZero && !divisor.isNegative && divisor.digits.count <= 18
        case "minLength", "maxLength", "minItems", "maxItems":
            // Counts the merge would cap, or does not read, keep the proof.
            guard let count = value.numberValue?.int64Value else { return false }
            return count >= 0 && count <= 10_000
        case "format", "$ref": return value.stringValue != nil
        case "items", "additionalProperties": return isSchema(value)
        case "properties":
            guard case .object(let properties) = value else { return false }
            return properties.members.allSatisfy { isSchema($0.value) }
        case "required":
            guard case .array(let names) = value else { return false }
            return names.allSatisfy { $0.stringValue != nil }
        case "allOf":
            guard case .array(let members) = value else { return false }
            return !members.isEmpty && members.allSatisfy(isSchema)
        default:
            return annotations.contains(keyword) || keyword.hasPrefix("x-")
        }
    }

    private static func isSchema(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .bool: true
        default: false
        }
    }
}
