import ContractJSON

/// Walks a schema document through its subschema keywords and records `$id` resources and anchors.
///
/// Only keywords that hold schemas are followed, so an `$id` inside `enum` or `const` data is not
/// mistaken for an identifier.
struct ResourceIndexer {
    let documentURI: String
    let dialect: SchemaDialect
    var bases: [(pointer: JSONPointer, base: String)] = []
    var resources: [(String, JSONPointer)] = []
    var anchors: [(String, JSONPointer)] = []
    var dynamicAnchors: [(String, JSONPointer)] = []

    init(documentURI: String, dialect: SchemaDialect) {
        self.documentURI = documentURI
        self.dialect = dialect
    }

    /// Keywords whose value is one schema.
    static let singleSchemaKeywords: Set<String> = [
        "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "unevaluatedItems",
        "unevaluatedProperties", "additionalItems", "contentSchema", "items",
    ]
    /// Keywords whose value is an array of schemas.
    static let schemaArrayKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    /// Keywords whose value is an object of schemas.
    static let schemaMapKeywords: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies",
    ]

    mutating func walk(_ value: JSONValue, pointer: JSONPointer, base: URIReference) {
        guard case .object(let object) = value else { return }
        var base = base
        let hasRef = object["$ref"] != nil
        if let id = object[dialect.idKeyword]?.stringValue, !(dialect.refOverridesSiblings && hasRef) {
            let reference = URIReference(id)
            if dialect != .draft2020_12, id.hasPrefix("#") {
                anchors.append((base.withoutFragment.description + id, pointer))
            } else if reference.fragment?.isEmpty ?? true {
                base = base.resolving(reference).withoutFragment
                let uri = base.description
                bases.append((pointer, uri))
                resources.append((uri, pointer))
            } else {
                // draft 4 allows `id: "other.json#foo"`: a resource and a plain-name anchor at once.
                let resolved = base.resolving(reference)
                anchors.append((resolved.description, pointer))
            }
        }
        if dialect == .draft2020_12 {
            // The base is spelled out only for the few schemas with an anchor: doing it for every schema
            // was most of indexing a large document.
            if let anchor = object["$anchor"]?.stringValue {
                anchors.append((base.withoutFragment.description + "#" + anchor, pointer))
            }
            if let anchor = object["$dynamicAnchor"]?.stringValue {
                let name = base.withoutFragment.description + "#" + anchor
                anchors.append((name, pointer))
                dynamicAnchors.append((name, pointer))
            }
        }
        for member in object.members {
            let keyword = member.key
            switch member.value {
            case .object(let inner):
                if Self.schemaMapKeywords.contains(keyword) {
                    let child = pointer.appending(keyword)
                    for entry in inner.members {
                        walk(entry.value, pointer: child.appending(entry.key), base: base)
                    }
                } else if Self.singleSchemaKeywords.contains(keyword) {
                    walk(member.value, pointer: pointer.appending(keyword), base: base)
                }
            case .array(let elements) where Self.schemaArrayKeywords.contains(keyword):
                let child = pointer.appending(keyword)
                for (index, element) in elements.enumerated() {
                    walk(element, pointer: child.appending(index), base: base)
                }
            default:
                continue
            }
        }
    }
}
