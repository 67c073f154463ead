import ContractJSON

/// Where `$id` changes the base URI inside a document. The generator locates a schema by its
/// resource's URI and pointer and resolves `$ref`s against that resource; the validator resolves them
/// against the innermost `$id`. The two agree unless an `$id` lies between the resource's root and the
/// schema, which then keeps the validator's proof (`NodeFacts.isConstructive`).
enum ResourceBoundaries {
    /// Whether some object below `root` on the way along `pointer` (the schema itself included) has `$id`.
    static func crossesIdentifier(in root: JSONValue, along pointer: JSONPointer) -> Bool {
        var value = root
        for token in pointer.tokens {
            switch value {
            case .object(let object):
                guard let member = object[token] else { return true }
                value = member
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return true }
                value = elements[index]
            default:
                return true
            }
            if case .object(let object) = value, object["$id"] != nil { return true }
        }
        return false
    }
}
