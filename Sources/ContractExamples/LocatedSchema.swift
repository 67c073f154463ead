import ContractJSON

/// A schema value and where it sits: the resource its `$ref`s resolve against and its pointer there.
struct LocatedSchema: Sendable {
    var value: JSONValue
    /// The URI (without fragment) of the resource the schema sits in; `$ref`s resolve against it.
    var base: String
    /// `base#/pointer`, the address the schema registry compiles it by; `nil` for a value no registered
    /// document holds (it is compiled from its value). Built once, as children are made, because
    /// percent-encoding pointers is the costly part of naming schemas.
    let uri: String?

    init(value: JSONValue, base: String, pointer: [String]?) {
        self.value = value
        self.base = base
        uri = pointer.map { base + JSONPointer(tokens: $0).fragment }
    }

    /// A schema at a known address (as resolved, so that its spelling matches the registry's key).
    init(value: JSONValue, base: String, uri: String?) {
        self.value = value
        self.base = base
        self.uri = uri
    }

    /// The pointer inside `base`, decoded from the address.
    var pointer: JSONPointer? {
        guard let uri else { return nil }
        let fragment = URIText.fragment(uri)
        return fragment.isEmpty ? .root : JSONPointer(fragment: fragment)
    }

    /// A key for caches: the address, or the value itself for unregistered schemas.
    var cacheKey: String {
        uri ?? base + " " + JSONWriter.string(from: value)
    }

    /// The subschema under `tokens`, or `nil` when there is none.
    func child(_ tokens: String...) -> LocatedSchema? {
        guard let value = JSONPointer(tokens: tokens).resolve(in: value) else { return nil }
        // Every address holds a `#` (the root's fragment is empty), so a child's is the parent's plus its segments.
        let childURI = uri.map { $0 + Self.fragmentSegments(tokens) }
        return LocatedSchema(value: value, base: base, uri: childURI)
    }

    /// `/a/b` for tokens `a`, `b`, escaped and percent-encoded as a URI fragment. Most tokens are plain
    /// names that need neither, and skipping the general encoder for them halves the cost of merging.
    private static func fragmentSegments(_ tokens: [String]) -> String {
        var plain = true
        for token in tokens where !token.utf8.allSatisfy(isPlain) { plain = false }
        guard plain else { return String(JSONPointer(tokens: tokens).fragment.dropFirst()) }
        var text = ""
        for token in tokens {
            text += "/"
            text += token
        }
        return text
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x2D || byte == 0x2E
    }

    /// Every subschema of an array-valued keyword (`allOf`, `oneOf`, `prefixItems`).
    func children(_ keyword: String) -> [LocatedSchema] {
        guard case .array(let elements)? = value[keyword] else { return [] }
        return elements.indices.compactMap { child(keyword, String($0)) }
    }

    /// Every subschema of an object-valued keyword (`properties`, `patternProperties`), in document order.
    func namedChildren(_ keyword: String) -> [(name: String, schema: LocatedSchema)] {
        guard case .object(let members)? = value[keyword] else { return [] }
        return members.keys.compactMap { name in child(keyword, name).map { (name, $0) } }
    }
}
