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
                let places = SubschemaKeyword.places(of: keyword)
                if places.contains(.map) {
                    let child = pointer.appending(keyword)
                    for entry in inner.members {
                        walk(entry.value, pointer: child.appending(entry.key), base: base)
                    }
                } else if places.contains(.single) {
                    walk(member.value, pointer: pointer.appending(keyword), base: base)
                }
            case .array(let elements) where SubschemaKeyword.places(of: keyword).contains(.array):
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
