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
        var path = PendingPointer(at: pointer)
        walk(value, path: &path, base: base)
    }

    /// The members the indexer reads, found in one pass (the last of a repeated key wins, as lookups do).
    private struct Identifiers {
        var id: String?
        var hasRef = false
        var anchor: String?
        var dynamicAnchor: String?

        init(_ object: JSONObject, idKeyword: String) {
            for member in object.members where member.key.utf8.first == UInt8(ascii: "$") || member.key == idKeyword {
                switch member.key {
                case idKeyword: id = member.value.stringValue
                case "$ref": hasRef = true
                case "$anchor": anchor = member.value.stringValue
                case "$dynamicAnchor": dynamicAnchor = member.value.stringValue
                default: continue
                }
            }
        }
    }

    /// `path` stands at `value` (a pointer is spelled only for the few schemas with an `$id` or an anchor).
    private mutating func walk(_ value: JSONValue, path: inout PendingPointer, base: URIReference) {
        guard case .object(let object) = value else { return }
        var base = base
        let found = Identifiers(object, idKeyword: dialect.idKeyword)
        if let id = found.id, !(dialect.refOverridesSiblings && found.hasRef) {
            let reference = URIReference(id)
            if dialect != .draft2020_12, id.hasPrefix("#") {
                anchors.append((base.withoutFragment.description + id, path.pointer))
            } else if reference.fragment?.isEmpty ?? true {
                base = base.resolving(reference).withoutFragment
                let uri = base.description
                bases.append((path.pointer, uri))
                resources.append((uri, path.pointer))
            } else {
                // draft 4 allows `id: "other.json#foo"`: a resource and a plain-name anchor at once.
                let resolved = base.resolving(reference)
                anchors.append((resolved.description, path.pointer))
            }
        }
        if dialect == .draft2020_12 {
            // The base is spelled out only for the few schemas with an anchor: doing it for every schema
            // was most of indexing a large document.
            if let anchor = found.anchor {
                anchors.append((base.withoutFragment.description + "#" + anchor, path.pointer))
            }
            if let anchor = found.dynamicAnchor {
                let name = base.withoutFragment.description + "#" + anchor
                anchors.append((name, path.pointer))
                dynamicAnchors.append((name, path.pointer))
            }
        }
        for member in object.members {
            let keyword = member.key
            switch member.value {
            case .object(let inner):
                let places = SubschemaKeyword.places(of: keyword)
                if places.contains(.map) {
                    path.push(keyword)
                    for entry in inner.members {
                        path.push(entry.key)
                        walk(entry.value, path: &path, base: base)
                        path.pop()
                    }
                    path.pop()
                } else if places.contains(.single) {
                    path.push(keyword)
                    walk(member.value, path: &path, base: base)
                    path.pop()
                }
            case .array(let elements) where SubschemaKeyword.places(of: keyword).contains(.array):
                path.push(keyword)
                for (index, element) in elements.enumerated() {
                    path.push(String(index))
                    walk(element, path: &path, base: base)
                    path.pop()
                }
                path.pop()
            default:
                continue
            }
        }
    }
}
