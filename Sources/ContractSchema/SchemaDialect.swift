/// The rules a schema document is read with.
public enum SchemaDialect: String, Sendable, Hashable, CaseIterable {
    /// JSON Schema draft 2020-12, which OpenAPI 3.1 uses.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The underscore keeps the draft's name readable (`2020_12`), as the public API was agreed.
    case draft2020_12 = "2020-12"
    /// JSON Schema draft 4.
    case draft4 = "draft4"
    /// The OpenAPI 3.0 Schema Object: draft-4 keywords plus `nullable`, boolean exclusive bounds,
    /// `discriminator`, `readOnly`/`writeOnly`. Schemas are rewritten by `OASSchemaTranslation`
    /// before they compile, so one validator serves both dialects.
    case oas30 = "oas3.0"

    /// Reads a dialect name as users type it (`2020-12`, `draft4`, `oas3.0`, `oas3.1`).
    public init?(name: String) {
        switch name.lowercased() {
        case "2020-12", "draft2020-12", "draft2020_12", "oas3.1", "3.1": self = .draft2020_12
        case "draft4", "draft-04", "4": self = .draft4
        case "oas3.0", "3.0", "oas30", "swagger2", "2.0": self = .oas30
        default: return nil
        }
    }

    /// The dialect a `$schema` URI names, if it is one this package knows.
    public init?(metaSchemaURI: String) {
        let trimmed = metaSchemaURI.hasSuffix("#") ? String(metaSchemaURI.dropLast()) : metaSchemaURI
        switch trimmed {
        case "https://json-schema.org/draft/2020-12/schema": self = .draft2020_12
        case "http://json-schema.org/draft-04/schema", "https://json-schema.org/draft-04/schema": self = .draft4
        default: return nil
        }
    }

    /// Whether `$ref` hides its sibling keywords (draft 4 and OpenAPI 3.0 do; 2020-12 does not).
    var refOverridesSiblings: Bool { self != .draft2020_12 }

    /// The keyword that gives a schema its identifier.
    var idKeyword: String { self == .draft2020_12 ? "$id" : "id" }
}
