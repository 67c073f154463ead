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
        /// One schema or an array of them (`items`).
        static let singleOrArray = Places(rawValue: 3)
        /// No subschemas.
        static let nowhere: Places = []

        /// Whether the places include `place`. Written here, so that a user's debug build calls it directly:
        /// the `OptionSet` one is generic, and runs unspecialized for every member of every schema walked.
        package func contains(_ place: Places) -> Bool {
            rawValue & place.rawValue == place.rawValue
        }
    }

    /// The places `keyword` holds subschemas in; empty for every other keyword. Keywords are compared by
    /// length first, then as text, so most keys are ruled out by their length alone. Sets are named constants,
    /// not array literals, which a debug build turns into an array and a generic initializer at each return.
    package static func places(of keyword: String) -> Places {
        switch keyword.utf8.count {
        case 2: return keyword == "if" ? .single : .nowhere
        case 3: return keyword == "not" ? .single : .nowhere
        case 4: return keyword == "then" || keyword == "else" ? .single : .nowhere
        case 5:
            if keyword == "items" { return .singleOrArray }
            if keyword == "allOf" || keyword == "anyOf" || keyword == "oneOf" { return .array }
            return keyword == "$defs" ? .map : .nowhere
        case 8: return keyword == "contains" ? .single : .nowhere
        case 10: return keyword == "properties" ? .map : .nowhere
        case 11:
            if keyword == "prefixItems" { return .array }
            return keyword == "definitions" ? .map : .nowhere
        case 12: return keyword == "dependencies" ? .map : .nowhere
        case 13: return keyword == "propertyNames" || keyword == "contentSchema" ? .single : .nowhere
        case 15: return keyword == "additionalItems" ? .single : .nowhere
        case 16:
            if keyword == "unevaluatedItems" { return .single }
            return keyword == "dependentSchemas" ? .map : .nowhere
        case 17: return keyword == "patternProperties" ? .map : .nowhere
        case 20: return keyword == "additionalProperties" ? .single : .nowhere
        case 21: return keyword == "unevaluatedProperties" ? .single : .nowhere
        default: return .nowhere
        }
    }
}
