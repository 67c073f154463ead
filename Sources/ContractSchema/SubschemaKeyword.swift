/// Where a keyword's value holds subschemas (JSON Schema 2020-12 and draft 4, plus OpenAPI's
/// `definitions`), told without hashing the keyword: walks over every member of every schema ask this,
/// and hashing each key for three set lookups was a few percent of loading a large contract.
///
/// Not a `KeywordTable`, on purpose: the switch below inlines into the walks, where a table lookup would
/// add a call and the retains of the table's arrays.
package enum SubschemaKeyword {
    /// How a keyword holds subschemas.
    package struct Places: OptionSet {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The value is one schema.
        package static let single = Places(rawValue: 1)
        /// The value is an array of schemas.
        package static let array = Places(rawValue: 2)
        /// The value is an object whose member values are schemas.
        package static let map = Places(rawValue: 4)
    }

    /// The places `keyword` holds subschemas in; empty for every other keyword. Keywords are compared by
    /// length first, then as text, so most keys are ruled out by their length alone.
    package static func places(of keyword: String) -> Places {
        switch keyword.utf8.count {
        case 2: return keyword == "if" ? .single : []
        case 3: return keyword == "not" ? .single : []
        case 4: return keyword == "then" || keyword == "else" ? .single : []
        case 5:
            if keyword == "items" { return [.single, .array] }
            if keyword == "allOf" || keyword == "anyOf" || keyword == "oneOf" { return .array }
            return keyword == "$defs" ? .map : []
        case 8: return keyword == "contains" ? .single : []
        case 10: return keyword == "properties" ? .map : []
        case 11:
            if keyword == "prefixItems" { return .array }
            return keyword == "definitions" ? .map : []
        case 12: return keyword == "dependencies" ? .map : []
        case 13: return keyword == "propertyNames" || keyword == "contentSchema" ? .single : []
        case 15: return keyword == "additionalItems" ? .single : []
        case 16:
            if keyword == "unevaluatedItems" { return .single }
            return keyword == "dependentSchemas" ? .map : []
        case 17: return keyword == "patternProperties" ? .map : []
        case 20: return keyword == "additionalProperties" ? .single : []
        case 21: return keyword == "unevaluatedProperties" ? .single : []
        default: return []
        }
    }
}
