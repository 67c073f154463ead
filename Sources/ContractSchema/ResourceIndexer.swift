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
            // Keys are told apart by their first byte and length before any comparison: all but a few keys
            // of a schema are neither `$`-words nor `id`, and comparing each with every identifier keyword
            // was a third of indexing a document.
            let idLength = idKeyword.utf8.count
            let idFirst = idKeyword.utf8.first
            for offset in object.members.indices {
                let key = object.members[offset].key
                let length = key.utf8.count
                guard length > 1, let first = key.utf8.first,
                    first == UInt8(ascii: "$") || (first == idFirst && length == idLength)
                else { continue }
                if length == idLength, key == idKeyword {
                    id = object.members[offset].value.stringValue
                } else if length == 4, key == "$ref" {
                    hasRef = true
                } else if length == 7, key == "$anchor" {
                    anchor = object.members[offset].value.stringValue
                } else if length == 14, key == "$dynamicAnchor" {
                    dynamicAnchor = object.members[offset].value.stringValue
                }
            }
        }
    }

    /// `path` stands at `value` (a pointer is spelled only for the few schemas with an `$id` or an anchor).
    private mutating func walk(_ value: JSONValue, path: inout PendingPointer, base: URIReference) {
        guard case .object(let object) = value else { return }
        let found = Identifiers(object, idKeyword: dialect.idKeyword)
        if let id = found.id, !(dialect.refOverridesSiblings && found.hasRef) {
            let reference = URIReference(id)
            if dialect != .draft2020_12, id.hasPrefix("#") {
                anchors.append((base.withoutFragment.description + id, path.pointer))
            } else if reference.fragment?.isEmpty ?? true {
                let resource = base.resolving(reference).withoutFragment
                let uri = resource.description
                bases.append((path.pointer, uri))
                resources.append((uri, path.pointer))
                record(found, at: path, base: resource)
                walkSubschemas(of: object, path: &path, base: resource)
                return
            } else {
                // draft 4 allows `id: "other.json#foo"`: a resource and a plain-name anchor at once.
                let resolved = base.resolving(reference)
                anchors.append((resolved.description, path.pointer))
            }
        }
        // The base is handed down as it came, not copied into a variable for the rare schema with an `$id`:
        // copying its five strings for every schema was a tenth of indexing a document.
        record(found, at: path, base: base)
        walkSubschemas(of: object, path: &path, base: base)
    }

    /// Records the anchors of a 2020-12 schema. The base is spelled out only for the few schemas with an
    /// anchor: doing it for every schema was most of indexing a large document.
    private mutating func record(_ found: Identifiers, at path: PendingPointer, base: URIReference) {
        guard dialect == .draft2020_12 else { return }
        if let anchor = found.anchor {
            anchors.append((base.withoutFragment.description + "#" + anchor, path.pointer))
        }
        if let anchor = found.dynamicAnchor {
            let name = base.withoutFragment.description + "#" + anchor
            anchors.append((name, path.pointer))
            dynamicAnchors.append((name, path.pointer))
        }
    }

    /// Walks the subschemas of `object`, read by offset: a `for member in` loop copied every member.
    private mutating func walkSubschemas(of object: JSONObject, path: inout PendingPointer, base: URIReference) {
        for offset in object.members.indices {
            switch object.members[offset].value {
            case .object(let inner):
                let keyword = object.members[offset].key
                let places = SubschemaKeyword.places(of: keyword)
                if places.contains(.map) {
                    path.push(keyword)
                    for entry in inner.members.indices {
                        path.push(inner.members[entry].key)
                        walk(inner.members[entry].value, path: &path, base: base)
                        path.pop()
                    }
                    path.pop()
                } else if places.contains(.single) {
                    path.push(keyword)
                    walk(object.members[offset].value, path: &path, base: base)
                    path.pop()
                }
            case .array(let elements):
                let keyword = object.members[offset].key
                guard SubschemaKeyword.places(of: keyword).contains(.array) else { continue }
                path.push(keyword)
                for index in elements.indices {
                    path.push(String(index))
                    walk(elements[index], path: &path, base: base)
                    path.pop()
                }
                path.pop()
            default:
                continue
            }
        }
    }
}
